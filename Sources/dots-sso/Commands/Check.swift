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

    @Option(
        name: .long,
        help: ArgumentHelp("The test member's access token (file, or '-' for stdin) instead of the cached sign-in.", valueName: "file"))
    var accessTokenFile: String?

    @Option(name: .long, help: UnattendedSources.refreshTokenFileHelp)
    var refreshTokenFile: String?

    @Option(name: .long, help: PasswordGrantOptions.grantHelp)
    var grant: GrantOption?

    @Option(name: .long, help: PasswordGrantOptions.usernameHelp)
    var username: String?

    @Option(name: .long, help: PasswordGrantOptions.passwordFileHelp)
    var passwordFile: String?

    var unattended: UnattendedSources {
        UnattendedSources(refreshTokenFile: refreshTokenFile, grant: grant, username: username, passwordFile: passwordFile)
    }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Run only these checks (repeatable; 'legal', 'container' or 'live' selects every check of that kind).", valueName: "name"),
        completion: .list(CheckName.selectors))
    var only: [String] = []

    @Option(
        name: .long, help: ArgumentHelp("Leave out these checks (repeatable).", valueName: "name"), completion: .list(CheckName.selectors))
    var skip: [String] = []

    @OptionGroup var reports: ReportOptions

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    @Option(
        name: .long,
        help: ArgumentHelp("End the whole run after this many seconds (default 120); unfinished checks fail.", valueName: "seconds"))
    var timeout: Double = CheckUseCase.defaultTimeout

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A PEM file of CA certificates to trust in addition to the system's (repeatable; env DOTS_SSO_CACERT).", valueName: "pem"),
        completion: .file(extensions: ["pem", "crt"]))
    var cacert: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Draw the loading animation's contact sheet into this folder (default: a private dots-sso-check-XXXXXX folder made for this run in the temporary directory).",
            valueName: "dir"))
    var pictures: String?

    func validate() throws {
        guard timeout > 0 && timeout <= 86_400 else {
            throw ValidationError("--timeout must be a number of seconds between 0 and 86400, got \(timeout)")
        }
        try unattended.validate(accessTokenFile: accessTokenFile)
    }

    func run(_ ctx: CommandContext) async throws {
        let console = Console(ctx, reportPath: reports.junit)
        let files = reports.files(strict: strict)
        let resolved: Channel
        do {
            resolved = try channel.resolve(ctx)
        } catch let error as UserFacingError {
            // A channel that cannot be read is a failing case in the report, never a partner silently missing from it.
            let name = channel.channel ?? ctx.environment["DOTS_SSO_CHANNEL"] ?? "channel"
            if !files.isEmpty { try files.write(.failure(suite: name, input: "channel", message: error.message), console: console) }
            throw error
        }
        let signIn = SignInOptions.settings(
            resolved: resolved, http: HTTPSettings(caFiles: cacert, verbose: global.verbose),
            clientSecretFile: channel.clientSecretFile, cacheOptions: cacheOptions, client: client)
        var member = MemberSettings(signIn: signIn, accessTokenFile: accessTokenFile, minValidity: tokenUse.minValidity)
        unattended.apply(to: &member)
        var useCase = CheckUseCase(
            member: member, trust: trust.trust, only: only, skip: skip, strict: strict, timeout: timeout, pictures: pictures)
        // People see each check as it ends; --json waits for the whole report.
        let stream = global.json ? nil : CheckStream(console: console, channel: resolved.name ?? resolved.issuer ?? "channel")
        if let stream { useCase.progress = { stream.receive($0) } }
        let report = try await useCase.run(ctx)
        stream?.finish(report)
        try files.write(.check(report, source: resolved.sourceFile), console: console)

        if ctx.environment["GITHUB_ACTIONS"] == "true" {
            let locator = ReportLocator(fallback: resolved.sourceFile, workingFolder: ctx.workingDirectory)
            var lines = report.checks.flatMap { GitHubAnnotations.lines($0.findings, strict: strict, check: $0.name, locator: locator) }
            if let missing = report.memberMissing {
                lines.insert(
                    "::error title=\(GitHubAnnotations.escapeProperty("check: no member"))::\(GitHubAnnotations.escapeData(missing.message))",
                    at: 0)
            }
            GitHubAnnotations.capped(lines).forEach(console.annotation)
        }
        // How the run ends, decided once: the JSON says the status the process then exits with.
        let ending: (any Error)? =
            report.summary.failed > 0
            ? checkFailed
            : report.memberMissing.map {
                CheckError.memberMissing($0.message, status: ExitStatus(rawValue: $0.exitCode) ?? .notAuthorized)
            }
        if global.json {
            try console.json(report, exitStatus: exitStatus(of: ending))
        }
        if let ending { throw ending }
    }
}
