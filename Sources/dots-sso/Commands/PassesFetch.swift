import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso passes`: the passes a member can add to Apple Wallet.
struct Passes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passes",
        abstract: "Fetch and verify a member's passes.",
        subcommands: [PassesFetch.self]
    )
}

/// `dots-sso passes fetch`
struct PassesFetch: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download every pass of a member and inspect each one.",
        discussion: """
            The pass URLs come from --profile-file when given, else from the passes endpoint when the channel or \
            --passes-endpoint names one (called with \
            the member's bearer token; it must answer a flat JSON array of URLs), else from the member's profile: \
            every absolute URL ending in .pkpass, in document order. The partner's order is kept and the first pass \
            is the primary one: files are saved as 1-primary-<name>.pkpass, 2-<name>.pkpass, … Pass downloads carry \
            no token. A .pkpasses bundle, a 404 or a body that is not a pass fails that pass only; every download is \
            inspected as `pkpass inspect` does. Exit 1 when any pass failed or has an error, \
            74 when a pass could not be saved (a full disk, an unwritable folder).

            Examples:
              $ dots-sso passes fetch --channel acme --output passes/
              $ dots-sso passes fetch --channel acme --passes-endpoint https://sso.acme.example/passes --json
              $ dots-sso passes fetch --profile-file member.json --trust sandbox-ca.pem
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var channel: ChannelOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var cacheOptions: CacheOptions
    @OptionGroup var client: ClientAuthOptions
    @OptionGroup var source: MemberSourceOptions
    @OptionGroup var token: MemberTokenOptions
    @OptionGroup var password: PasswordGrantOptions
    @OptionGroup var tokenUse: TokenUseOptions
    @OptionGroup var report: FindingsOptions
    @OptionGroup var trust: PassTrustOptions

    @Option(
        name: [.short, .long], help: ArgumentHelp("Save the passes in this folder (created if missing).", valueName: "dir"),
        completion: .directory)
    var output: String = "."

    @Option(name: .long, help: ArgumentHelp("Download at most this many passes at once (1–16).", valueName: "n"))
    var parallel: Int = 4

    @Flag(name: .long, help: "Also draw each saved pass as a PNG beside it (as `pkpass preview` does).")
    var preview = false

    func validate() throws {
        guard (1...16).contains(parallel) else { throw ValidationError("--parallel must be between 1 and 16") }
        try inputs.validate()
        if source.profileFile != nil && channel.passesEndpoint != nil {
            throw ValidationError("use --profile-file or --passes-endpoint, not both")
        }
    }

    var inputs: MemberInputs { MemberInputs(token: token, password: password, tokenUse: tokenUse, profileFile: source.profileFile) }

    func run(_ ctx: CommandContext) async throws {
        let signIn = try SignInOptions.settings(
            global: global, channel: channel, network: network, cacheOptions: cacheOptions, client: client, ctx)
        let useCase = PassesFetchUseCase(
            member: inputs.settings(signIn: signIn), trust: trust.trust, output: output, parallel: parallel, preview: preview)
        let bar = ProgressBar(output: ctx.stderr, label: "passes")
        let reporter = FindingsReporter(report, console: Console(ctx, reportPath: report.junit))
        let result = try await reporter.reportingFailure(suite: "passes fetch", input: "passes list") {
            defer { bar.finish() }
            return try await useCase.run(ctx) { finished, total in bar.update(finished, of: total) }
        }
        try reporter.finish(result, json: global.json)
    }
}
