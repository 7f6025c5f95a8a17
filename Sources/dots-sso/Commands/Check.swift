import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso check`: every deliverable of a channel, one named check each, in one CI run.
struct Check: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every deliverable of one or many channels.",
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

            Checks run concurrently; a failing or hanging check never stops the others, and each channel's run ends \
            within --timeout. Exit 0 when every check holds, 1 when any fails. --junit writes one testsuite per \
            channel (a testcase per check) and merges into an existing dots-sso report; under GITHUB_ACTIONS=true \
            each finding is also an annotation, and GITHUB_STEP_SUMMARY gets a table of channels and checks.

            Many channels: repeat --channel, or give --channels DIR (every *.json in it). They run --parallel at a \
            time on one connection pool, fetching once what they share (a provider's metadata, a host's TLS \
            handshake, a legal document, a loading animation); each line starts with its channel, the reports hold \
            a suite per channel, --json one document per channel, and the exit status is the worst channel's. \
            {channel} in a token file's path is each channel's name. --shard I/N takes one CI job's stable share \
            (`dots-sso report merge` joins the shards' reports). --baseline FILE accepts the findings it lists \
            until their dates (reported as suppressed; an expired entry fails, a stale one is a warning); \
            --write-baseline FILE records this run's.

            Examples:
              $ dots-sso check --channel acme
              $ dots-sso check --channel channels/acme.json --access-token-file token.txt --junit reports/acme.xml
              $ dots-sso check --channel acme --only legal --only loading-animation --json
              $ dots-sso check --channel acme --skip passes --strict
              $ dots-sso check --channel acme --refresh-token-file .dots-sso/refresh-token --junit reports/acme.xml
              $ dots-sso check --channels channels/ --shard 2/4 --refresh-token-file '.dots-sso/{channel}.refresh-token'
              $ dots-sso check --channels channels/ --baseline channels/baseline.json --sarif reports/check.sarif
              $ dots-sso check --channels channels/ --write-baseline channels/baseline.json
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

    /// `--timeout` bounds each channel's run here (each request gets at most as long), `--cacert` as everywhere.
    @OptionGroup var network: NetworkOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Draw the loading animation's contact sheet into this folder (default: a private dots-sso-check-XXXXXX folder made for this run in the temporary directory).",
            valueName: "dir"))
    var pictures: String?

    @Option(
        name: .long, help: ArgumentHelp("Check every channel file (*.json) of this folder too (repeatable).", valueName: "dir"),
        completion: .directory)
    var channels: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Check only this CI job's share of the channels, I/N (e.g. $CI_NODE_INDEX/$CI_NODE_TOTAL): a channel always lands in the same shard, and the N shards hold every channel once.",
            valueName: "i/n"))
    var shard: String?

    @Option(name: .long, help: ArgumentHelp("Check at most this many channels at once (1-16).", valueName: "n"))
    var parallel = 4

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Accept the findings this baseline file lists until their dates: reported as suppressed, failing nothing.", valueName: "file"),
        completion: .file(extensions: ["json"]))
    var baseline: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write this run's errors and warnings to a baseline file (entries already there keep their who, why and until; new ones hold 90 days).",
            valueName: "file"),
        completion: .file(extensions: ["json"]))
    var writeBaseline: String?

    var inputs: MemberInputs { MemberInputs(token: token, password: password, tokenUse: tokenUse) }

    func validate() throws {
        try inputs.validate()
        guard (1...16).contains(parallel) else { throw ValidationError("--parallel must be between 1 and 16") }
    }

    /// Many channels (repeated --channel, --channels DIR, or a --shard of them): one document per channel.
    var isFleet: Bool { channel.selectors.count > 1 || !channels.isEmpty || shard != nil }

    func run(_ ctx: CommandContext) async throws {
        let console = Console(ctx, reportPath: findings.junit)
        let reporter = FindingsReporter(findings, console: console)
        // A broken baseline stops the run before any request; so does one that cannot be written back later.
        let accepted = try baseline.map { path in
            BaselineJudgement(
                baseline: try Baseline.read(path), path: path, now: ctx.clock.now(), strict: findings.strict,
                workingFolder: ctx.workingDirectory)
        }
        let recording = try writeBaseline.map { try BaselineWrite(path: $0) }
        if isFleet {
            try await runFleet(ctx, console: console, reporter: reporter, accepted: accepted, recording: recording)
            return
        }
        // A channel that cannot be read is a failing case in the report, never a partner silently missing from it.
        let name = try channel.channel ?? ctx.environment["DOTS_SSO_CHANNEL"] ?? "channel"
        let resolved = try await reporter.reportingFailure(suite: name, input: "channel") { try channel.resolve(ctx) }
        var useCase = CheckUseCase(
            member: inputs.settings(signIn: signIn(resolved)), trust: trust.trust, only: only, skip: skip, strict: findings.strict,
            timeout: network.timeout ?? CheckUseCase.defaultTimeout, pictures: pictures)
        useCase.baseline = accepted
        // People see each check as it ends; --json waits for the whole report.
        let stream = global.json ? nil : CheckStream(console: console, channel: resolved.name ?? resolved.issuer ?? "channel")
        if let stream { useCase.progress = { stream.receive($0) } }
        let report = try await useCase.run(ctx)
        stream?.finish(report)
        try record([report], recording, console: console, ctx)
        StepSummary.append(FleetReport(single: report, source: resolved.sourceFile), strict: findings.strict, console: console)
        try reporter.end(CheckEnding(report: report, source: resolved.sourceFile), json: global.json)
    }

    func runFleet(
        _ ctx: CommandContext, console: Console, reporter: FindingsReporter, accepted: BaselineJudgement?, recording: BaselineWrite?
    ) async throws {
        let roster = try ChannelRoster(
            channels: channel.selectors, folders: channels, shard: try shard.map { try ChannelShard(parsing: $0) },
            environment: ctx.environment)
        let member: @Sendable (DotsSSOCore.Channel) throws -> MemberSettings = { [self] resolved in
            inputs.settings(signIn: signIn(resolved))
        }
        try FleetCheckUseCase.validate(try member(channel.overrides), roster: roster)
        var useCase = FleetCheckUseCase(roster: roster, overrides: channel.overrides, member: member)
        useCase.trust = trust.trust
        useCase.only = only
        useCase.skip = skip
        useCase.strict = findings.strict
        useCase.timeout = network.timeout ?? CheckUseCase.defaultTimeout
        useCase.pictures = pictures
        useCase.parallel = parallel
        useCase.baseline = accepted
        let stream = global.json ? nil : FleetStream(console: console, channels: roster.selected.map(\.key))
        if let stream {
            stream.header(roster)
            useCase.progress = { stream.receive($0, $1) }
            useCase.finished = { stream.finished($0) }
        }
        let report = try await useCase.run(ctx)
        stream?.finish(report)
        try record(report.results.compactMap(\.report), recording, console: console, ctx)
        StepSummary.append(report, strict: findings.strict, console: console)
        try reporter.end(FleetEnding(report: report, json: global.json), json: global.json)
    }

    /// The sign-in settings of one resolved channel: this command's client, cache and network flags.
    func signIn(_ resolved: DotsSSOCore.Channel) -> SignInSettings {
        SignInOptions.settings(
            resolved: resolved, http: HTTPSettings(caFiles: network.cacert, verbose: global.verbose),
            clientSecretFile: channel.clientSecretFile, cacheOptions: cacheOptions, client: client)
    }

    /// `--write-baseline`: the file written, and one line on stderr saying what it holds.
    func record(_ reports: [CheckReport], _ recording: BaselineWrite?, console: Console, _ ctx: CommandContext) throws {
        guard let recording else { return }
        let saved = try recording.save(reports, now: ctx.clock.now(), workingFolder: ctx.workingDirectory)
        console.err(
            "dots-sso: wrote \(recording.path): \(saved.entries) accepted finding\(saved.entries == 1 ? "" : "s") (\(saved.new) new; fill in who, why and until)"
        )
    }
}
