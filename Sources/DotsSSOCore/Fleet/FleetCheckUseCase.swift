import DotsSSOBasics
import FoundationEssentials

/// `dots-sso check` of many channels in one run (repeated `--channel`, `--channels DIR`, `--shard I/N`): a bounded
/// number of channels at once, each checked as a one-channel run is, all on one HTTP client (one connection pool,
/// one TLS session per host, one `-v` trace) with the fetches they have in common made once. A channel that cannot
/// be read is a failed channel of the report, never a partner silently missing from it.
package struct FleetCheckUseCase: Sendable {
    package var roster: ChannelRoster
    /// The channel fields given as flags, laid over every channel.
    package var overrides: Channel
    /// Each channel's test member and sign-in settings, from its resolved channel (the command's client, cache and
    /// token flags); `{channel}` in a token file's path is then the channel's key.
    package var member: @Sendable (Channel) throws -> MemberSettings
    package var trust: [String] = []
    package var only: [String] = []
    package var skip: [String] = []
    package var strict = false
    /// Each channel's bound, as in a one-channel run.
    package var timeout: TimeInterval = CheckUseCase.defaultTimeout
    package var pictures: String?
    /// Channels checked at once.
    package var parallel = 4
    package var baseline: BaselineJudgement?
    /// Told as each channel starts and each of its checks ends, with the channel's key.
    package var progress: (@Sendable (String, CheckProgress) -> Void)?
    /// Told as each channel's report is complete.
    package var finished: (@Sendable (FleetReport.Result) -> Void)?

    package static let placeholder = "{channel}"

    package init(roster: ChannelRoster, overrides: Channel, member: @escaping @Sendable (Channel) throws -> MemberSettings) {
        self.roster = roster
        self.overrides = overrides
        self.member = member
    }

    package func run(_ ctx: CommandContext) async throws -> FleetReport {
        let started = Stopwatch()
        let entries = roster.selected
        let http = try Self.sharedClient(for: entries, overrides: overrides, member: member, timeout: timeout, in: ctx)
        let shared = SharedFetches()
        let store = ChannelStore(environment: ctx.environment)
        let settings = self
        let results = await boundedConcurrentMap(count: entries.count, parallel: parallel) { index in
            let entry = entries[index]
            let result = await settings.check(entry, store: store, http: http, shared: shared, in: ctx)
            settings.finished?(result)
            return result
        }
        return FleetReport(
            results: results, total: roster.all.count, shard: roster.shard, durationMs: started.milliseconds, fetches: await shared.counts)
    }

    func check(_ entry: ChannelRoster.Entry, store: ChannelStore, http: any HTTPClient, shared: SharedFetches, in ctx: CommandContext) async
        -> FleetReport.Result
    {
        var result = FleetReport.Result(channel: entry.key)
        do {
            var channel = try store.load(entry.selector).merging(overrides)
            channel.selector = entry.selector
            result.source = channel.sourceFile
            var memberSettings = try Self.expanding(try member(channel), key: entry.key)
            memberSettings.signIn.channel = channel
            var useCase = CheckUseCase(
                member: memberSettings, trust: trust, only: only, skip: skip, strict: strict, timeout: timeout, pictures: pictures)
            useCase.http = http
            useCase.shared = shared
            useCase.reportName = entry.key
            useCase.baseline = baseline
            if let progress { useCase.progress = { progress(entry.key, $0) } }
            result.report = try await useCase.run(ctx)
        } catch let error as UserFacingError {
            result.failure = (error.message, error.exitStatus)
        } catch {
            result.failure = ("\(error)", .internalError)
        }
        return result
    }

    /// The run's one client, with the first channel's HTTP settings (`--cacert`, `-v`: the command's, the same for
    /// every channel) and each request bounded by the run's timeout.
    static func sharedClient(
        for entries: [ChannelRoster.Entry], overrides: Channel, member: @Sendable (Channel) throws -> MemberSettings, timeout: TimeInterval,
        in ctx: CommandContext
    ) throws -> any HTTPClient {
        var http = try member(overrides).signIn.http
        http.timeout = min(http.timeout ?? HTTPClientOptions.defaultTimeout, timeout)
        return try http.client(in: ctx)
    }

    /// A member's token files with `{channel}` made the channel's key (`--refresh-token-file 'secrets/{channel}.token'`).
    static func expanding(_ settings: MemberSettings, key: String) throws -> MemberSettings {
        var settings = settings
        func expand(_ path: String?) -> String? { path?.replacing(placeholder, with: key) }
        settings.accessTokenFile = expand(settings.accessTokenFile)
        settings.refreshTokenFile = expand(settings.refreshTokenFile)
        settings.profileFile = expand(settings.profileFile)
        return settings
    }

    /// A refresh token rotates as it is used: one file shared by several channels would be spent by the first and
    /// refused for the rest, and a provider that sees it reused revokes the sign-in. Standard input can be read once.
    /// Both are refused before anything is sent.
    package static func validate(_ settings: MemberSettings, roster: ChannelRoster) throws {
        let count = roster.selected.count
        guard count > 1 else { return }
        if let file = settings.refreshTokenFile, !file.contains(placeholder) {
            throw UsageError.invalid(
                "\(CLIFlag.refreshTokenFile) \(file) would be shared by \(count) channels, and a refresh token rotates as it is used: give each channel its own with \(placeholder) in the path (\(CLIFlag.refreshTokenFile) 'secrets/\(placeholder).refresh-token')"
            )
        }
        for (flag, file) in [(CLIFlag.accessTokenFile, settings.accessTokenFile), (CLIFlag.profileFile, settings.profileFile)]
        where file == "-" {
            throw UsageError.invalid(
                "\(flag) - reads standard input, which \(count) channels cannot share: give a file, with \(placeholder) in its path for one per channel"
            )
        }
    }
}
