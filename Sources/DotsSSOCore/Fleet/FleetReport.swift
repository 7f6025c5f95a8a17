import DotsSSOBasics

/// What one `check` run of many channels found: each channel's report in roster order (or why it could not be read),
/// and the run's verdict. Its exit status is the worst channel's — a failure over a missing member over a pass.
package struct FleetReport: Sendable {
    package struct Result: Sendable {
        /// The channel's key (its suite in every report).
        package var channel: String
        package var report: CheckReport?
        /// Why the channel could not be checked at all (its file unreadable), with that error's status.
        package var failure: (message: String, status: ExitStatus)?
        /// The channel file, which findings without a file of their own point at.
        package var source: String?

        package init(channel: String, report: CheckReport? = nil, source: String? = nil) {
            self.channel = channel
            self.report = report
            self.source = source
        }

        package var exitStatus: ExitStatus {
            if let failure { return failure.status }
            guard let report else { return .internalError }
            if report.summary.failed > 0 { return .checkFailed }
            return report.memberMissing.flatMap { ExitStatus(rawValue: $0.exitCode) } ?? .success
        }
    }

    package var results: [Result]
    /// The channels asked for and the share this run took (`--shard`).
    package var total: Int
    package var shard: ChannelShard?
    package var durationMs: Int
    /// Fetches the channels asked for and the ones that went out (the rest were shared).
    package var fetches: (asked: Int, sent: Int)

    package init(results: [Result], total: Int, shard: ChannelShard?, durationMs: Int, fetches: (asked: Int, sent: Int)) {
        self.results = results
        self.total = total
        self.shard = shard
        self.durationMs = durationMs
        self.fetches = fetches
    }

    /// A one-channel run, as the step summary shows it.
    package init(single report: CheckReport, source: String?) {
        self.init(
            results: [Result(channel: report.channel, report: report, source: source)], total: 1, shard: nil, durationMs: report.durationMs,
            fetches: (0, 0))
    }

    package var passed: Int { results.count { $0.exitStatus == .success } }
    package var failed: Int { results.count { $0.exitStatus == .checkFailed || $0.failure != nil } }
    /// Channels whose live checks had no member (77, 64, 65) and nothing failed.
    package var notRun: Int { results.count - passed - failed }

    /// The worst channel's status: a failure (or an unreadable channel) over a missing member over a pass; among equals
    /// the first channel's.
    package var exitStatus: ExitStatus {
        func rank(_ status: ExitStatus) -> Int {
            switch status {
            case .success: 0
            case .notAuthorized: 1
            default: 2
            }
        }
        return results.map(\.exitStatus).reduce(ExitStatus.success) { rank($1) > rank($0) ? $1 : $0 }
    }
}
