import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import Foundation

/// `dots-sso check`: every deliverable of a channel, one named check each, in one CI run.
struct Check: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every deliverable of a channel, for CI.",
        discussion: """
            One named check per deliverable: channel, discovery, tls, authorization, profile, flags, \
            container:NAME (one per container), passes, loading-animation, legal:privacy-policy, \
            legal:terms-and-conditions, legal:joint-controller-statement, and magic-link when the channel has a \
            magic-link server. The live checks (profile, flags, containers, passes) run as a test member: \
            --refresh-token-file FILE (a CI secret written by `authorize --save-refresh-token FILE`; a rotated \
            refresh token is written back), --access-token-file, --grant password for a partner's test member, or \
            the sign-in cached by `dots-sso authorize`. Without one they are not a pass: they are reported skipped \
            with the reason and the run ends 77 with one line saying how to give a member, unless they were left \
            out on purpose (--skip live, or --only naming other checks).

            Checks run concurrently; a failing or hanging check never stops the others, and the whole run ends \
            within --timeout. Exit 0 when every check holds, 1 when any fails. --junit writes one testsuite per \
            channel (a testcase per check) and merges into an existing dots-sso report, so several channels can \
            share one file; under GITHUB_ACTIONS=true each finding is also an annotation.

            Examples:
              $ dots-sso check --channel acme
              $ dots-sso check --channel channels/acme.json --access-token-file token.txt --junit reports/acme.xml
              $ dots-sso check --channel acme --only legal --only loading-animation --json
              $ dots-sso check --channel acme --skip passes --strict
              $ dots-sso check --channel acme --refresh-token-file .dots-sso/refresh-token --junit reports/acme.xml
              $ dots-sso check --channel acme --skip live
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var channel: ChannelOptions
    @OptionGroup var cacheOptions: CacheOptions
    @OptionGroup var client: ClientAuthOptions
    @OptionGroup var trust: PassTrustOptions
    @OptionGroup var tokenUse: TokenUseOptions

    /// The test member the live checks run as (a token file, a refresh-token file, the password grant).
    @OptionGroup var token: MemberTokenOptions
    @OptionGroup var password: PasswordGrantOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Run only these checks (repeatable; 'legal', 'container' or 'live' selects every check of that kind).", valueName: "name"),
        completion: .list(CheckName.selectors))
    var only: [String] = []

    @Option(
        name: .long, help: ArgumentHelp("Leave out these checks (repeatable).", valueName: "name"), completion: .list(CheckName.selectors))
    var skip: [String] = []

    @OptionGroup var findings: FindingsOptions

    /// `--timeout` bounds the whole run here (each request gets at most as long), `--cacert` as everywhere.
    @OptionGroup var network: NetworkOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Draw the loading animation's contact sheet into this folder (default: a private dots-sso-check-XXXXXX folder made for this run in the temporary directory).",
            valueName: "dir"))
    var pictures: String?

    var inputs: MemberInputs { MemberInputs(token: token, password: password, tokenUse: tokenUse) }

    func validate() throws { try inputs.validate() }

    func run(_ ctx: CommandContext) async throws {
        let console = Console(ctx, reportPath: findings.junit)
        let reporter = FindingsReporter(findings, console: console)
        // A channel that cannot be read is a failing case in the report, never a partner silently missing from it.
        let name = channel.channel ?? ctx.environment["DOTS_SSO_CHANNEL"] ?? "channel"
        let resolved = try await reporter.reportingFailure(suite: name, input: "channel") { try channel.resolve(ctx) }
        let signIn = SignInOptions.settings(
            resolved: resolved, http: HTTPSettings(caFiles: network.cacert, verbose: global.verbose),
            clientSecretFile: channel.clientSecretFile, cacheOptions: cacheOptions, client: client)
        var useCase = CheckUseCase(
            member: inputs.settings(signIn: signIn), trust: trust.trust, only: only, skip: skip, strict: findings.strict,
            timeout: network.timeout ?? CheckUseCase.defaultTimeout, pictures: pictures)
        // People see each check as it ends; --json waits for the whole report.
        let stream = global.json ? nil : CheckStream(console: console, channel: resolved.name ?? resolved.issuer ?? "channel")
        if let stream { useCase.progress = { stream.receive($0) } }
        let report = try await useCase.run(ctx)
        stream?.finish(report)
        try reporter.end(CheckEnding(report: report, source: resolved.sourceFile), json: global.json)
    }
}
