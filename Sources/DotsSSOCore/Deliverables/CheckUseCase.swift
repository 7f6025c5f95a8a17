import DotsSSOBasics
import FoundationEssentials

/// `dots-sso check`: every deliverable of a channel (seed 000), one named check each, run concurrently in one
/// CI job. Static checks always run; the live ones (profile, flags, containers, passes) run as a test member —
/// the cached sign-in or `--access-token-file` — and are reported skipped, with the reason, without one. A
/// failing or hanging check never stops the others, and the whole run ends by `timeout`.
package struct CheckUseCase: Sendable {
    package var member: MemberSettings
    /// Pass-signing roots to trust besides Apple's (`--trust`).
    package var trust: [String]
    package var only: [String]
    package var skip: [String]
    package var strict: Bool
    /// The whole run's bound; each request also gets at most this long.
    package var timeout: TimeInterval
    /// Where pictures go (the loading animation's contact sheet); nil: a private `dots-sso-check-XXXXXX` folder made
    /// for this run in the temporary directory.
    package var pictures: String?
    /// Told as the run goes: the checks that will run, in report order, then each outcome as it finishes (in any
    /// order), so a person sees results before the slowest check ends.
    package var progress: (@Sendable (CheckProgress) -> Void)?
    /// A run of many channels hands each its one client (one pool, one TLS session per host, one trace) and the
    /// fetches they share; nil: this channel's own.
    package var http: (any HTTPClient)?
    package var shared: SharedFetches?
    /// The report's name for the channel: a fleet run's key (unique among its channels); nil: the channel's name.
    package var reportName: String?
    /// Accepted findings (`--baseline`), applied to each check as it ends.
    package var baseline: BaselineJudgement?

    package static let defaultTimeout: TimeInterval = 120

    package init(
        member: MemberSettings, trust: [String] = [], only: [String] = [], skip: [String] = [], strict: Bool = false,
        timeout: TimeInterval = CheckUseCase.defaultTimeout, pictures: String? = nil
    ) {
        self.member = member
        self.trust = trust
        self.only = only
        self.skip = skip
        self.strict = strict
        self.timeout = timeout
        self.pictures = pictures
    }

    /// The checks `--only` and `--skip` select; `legal` or `container` select every check of that kind, `live` every
    /// check that runs as a member (profile, flags, containers, passes).
    package func selectedNames(for channel: Channel) throws -> [CheckName] {
        let all = CheckName.all(for: channel)
        func matches(_ pattern: String) throws -> Set<CheckName> {
            let found =
                pattern == CheckName.liveSelector ? all.filter(\.isLive) : all.filter { $0.description == pattern || $0.kind == pattern }
            guard !found.isEmpty else {
                throw CheckError.unknownCheck(name: pattern, available: all.map(\.description) + [CheckName.liveSelector])
            }
            return Set(found)
        }
        var selected = Set(all)
        if !only.isEmpty { selected = try only.reduce(into: Set<CheckName>()) { $0.formUnion(try matches($1)) } }
        for pattern in skip { selected.subtract(try matches(pattern)) }
        guard !selected.isEmpty else { throw CheckError.nothingToCheck }
        return all.filter(selected.contains)
    }

    package func run(_ ctx: CommandContext) async throws -> CheckReport {
        let started = Stopwatch()
        let channel = member.signIn.channel
        guard channel.name != nil || channel.issuer != nil || channel.authorizationEndpoint != nil else { throw ConfigError.noChannel }
        let names = try selectedNames(for: channel)
        var settings = member
        settings.signIn.http.timeout = min(settings.signIn.http.timeout ?? HTTPClientOptions.defaultTimeout, timeout)
        let http = try self.http ?? settings.signIn.http.client(in: ctx)
        let anchors = try await PassTrust.anchors(flags: trust, channel: channel, in: ctx)
        // Diagnostics of the use cases the checks call (a refresh notice, "lists no passes") stay out of the report.
        var quiet = ctx
        quiet.stderr = BufferedOutput()
        let session = CheckSession(channel: channel, http: http, member: settings, context: quiet, shared: shared)
        // Without --pictures, a private folder of this run's own (0700): never a fixed name in a shared directory,
        // made only when a contact sheet is drawn and removed when the run leaves nothing in it.
        let pictureFolder = PictureFolder(given: pictures, prefix: "dots-sso-check")
        defer { pictureFolder.removeIfEmpty() }
        let body = CheckBodies(
            channel: channel, http: http, session: session, anchors: anchors, now: ctx.clock.now(), context: quiet,
            pictures: pictureFolder)
        let strict = self.strict
        let reportChannel = reportName ?? channel.name ?? channel.issuer ?? "channel"
        let baseline = self.baseline

        let outcomes = OutcomeStore()
        let progress = self.progress
        progress?(.started(names.map(\.description)))
        var tasks: [Task<Void, Never>] = []
        for name in names {
            tasks.append(
                Task {
                    let began = Stopwatch()
                    let found = await body.run(name)
                    var outcome = found.judged(name: name.description, durationMs: began.milliseconds, strict: strict)
                    if let baseline { outcome = baseline.apply(to: outcome, channel: reportChannel) }
                    await outcomes.store(outcome)
                    progress?(.finished(outcome))
                })
        }
        await Self.waitForAll(tasks, atMost: timeout)
        let finished = await outcomes.all
        let checks = names.map(\.description).map { name in
            finished[name]
                ?? CheckFindings([
                    Finding(
                        CheckRunFindings.timeout, at: FindingLocation(file: name),
                        "\(name) did not finish within the run's \(CLIFlag.timeout) of \(HTTPError.format(timeout)) s; the other checks were reported"
                    )
                ])
                .judged(name: name, durationMs: Int(clamping: timeout * 1000, to: 0...86_400_000), strict: strict)
        }
        var report = CheckReport(
            channel: reportChannel, checks: checks, durationMs: started.milliseconds,
            memberStatus: await session.memberStatus())
        // What --only/--skip left out is said, so a reader of the log knows those checks never ran.
        let leftOut = CheckName.all(for: channel).filter { !names.contains($0) }.map(\.description)
        report.leftOut = leftOut.isEmpty ? nil : leftOut
        return report
    }

    /// Returns when every task has finished or `seconds` have passed, whichever is first. Tasks still running are
    /// left behind (a blocked transfer ends by its own timeout); their outcomes are no longer awaited.
    static func waitForAll(_ tasks: [Task<Void, Never>], atMost seconds: TimeInterval) async {
        let done = OnceBox<Bool>()
        var timer: Task<Void, Never>?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Task {
                for task in tasks { await task.value }
                if done.set(true) { continuation.resume() }
            }
            timer = Task {
                try? await Task.sleep(nanoseconds: UInt64(Int(clamping: seconds * 1_000_000_000, to: 0...86_400_000_000_000)))
                if done.set(false) { continuation.resume() }
            }
        }
        timer?.cancel()
    }
}

/// What `CheckUseCase.progress` is told.
package enum CheckProgress: Sendable {
    case started([String])
    case finished(CheckOutcome)
}

/// The outcomes of one run, as each check finishes.
actor OutcomeStore {
    private(set) var all: [String: CheckOutcome] = [:]

    func store(_ outcome: CheckOutcome) { all[outcome.name] = outcome }
}
