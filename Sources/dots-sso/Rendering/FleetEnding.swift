import DotsSSOBasics
import DotsSSOCore

/// How a `check` run of many channels ends through `FindingsReporter.end`: one suite per channel in every CI report
/// (a channel that could not be read is an erroring case), each finding an annotation titled with its channel and
/// check, the run's document under `--json` (its text was streamed), and the worst channel's status.
struct FleetEnding: FindingsEnding {
    let report: FleetReport
    let json: Bool

    /// Under `--json` nothing was streamed: each channel that could not be read is said on stderr.
    var notes: [String] {
        guard json else { return [] }
        return report.results.compactMap { result in
            result.failure.map { "dots-sso: channel \(result.channel) was not checked: \(TerminalText.message($0.message))" }
        }
    }

    var reportSet: ReportSet {
        ReportSet(
            report.results.map { result in
                if let checked = result.report { return .check(checked, source: result.source) }
                return .failure(suite: result.channel, input: "channel", message: result.failure?.message ?? "not checked")
            }, fleet: true)
    }

    var ending: (any Error)? {
        let status = report.exitStatus
        switch status {
        case .success: return nil
        case .checkFailed: return checkFailed
        default:
            let unreadable = report.results.filter { $0.failure != nil }.map(\.channel)
            if !unreadable.isEmpty, report.results.first(where: { $0.exitStatus == status })?.failure != nil {
                // Each was said on its own line already (the stream, or the notes under --json).
                return CheckError.channelsNotChecked(unreadable, status: status)
            }
            let first = report.results.first { $0.exitStatus == status }
            let message = first?.report?.memberMissing.map { "\(first?.channel ?? ""): \($0.message)" } ?? "a channel was not checked"
            return CheckError.memberMissing(message, status: status)
        }
    }

    func annotations(strict: Bool, workingFolder: String) -> [String] {
        report.results.flatMap { result -> [String] in
            guard let checked = result.report else {
                let message = result.failure?.message ?? "not checked"
                return [
                    "::error title=\(GitHubAnnotations.escapeProperty("\(result.channel): channel"))::\(GitHubAnnotations.escapeData(message))"
                ]
            }
            return CheckEnding(report: checked, source: result.source).annotations(
                strict: strict, workingFolder: workingFolder, titled: result.channel)
        }
    }

    func emit(on console: Console, json: Bool, exitStatus: Int32) throws {
        if json { try console.json(FleetDocument(report), exitStatus: exitStatus) }
    }
}

/// `check --json` of many channels: a document per channel (the one-channel document with its own exit status, or
/// why it was not checked), the run's counts and verdict.
struct FleetDocument: Encodable {
    struct Channel: Encodable {
        let result: FleetReport.Result

        enum Keys: String, CodingKey { case channel, error, exitStatus }

        func encode(to encoder: any Encoder) throws {
            if let report = result.report {
                try WithExitStatus(value: report, exitStatus: result.exitStatus.rawValue).encode(to: encoder)
            } else {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(result.channel, forKey: .channel)
                try container.encode(result.failure?.message ?? "not checked", forKey: .error)
                try container.encode(result.exitStatus.rawValue, forKey: .exitStatus)
            }
        }
    }

    struct Summary: Encodable {
        let channels: Int
        let passed: Int
        let failed: Int
        let notRun: Int
        /// Every channel asked for, before `--shard`.
        let total: Int
        let shard: String?
        let fetchesShared: Int
    }

    let channels: [Channel]
    let summary: Summary
    let passed: Bool
    let durationMs: Int

    init(_ report: FleetReport) {
        channels = report.results.map(Channel.init)
        summary = Summary(
            channels: report.results.count, passed: report.passed, failed: report.failed, notRun: report.notRun, total: report.total,
            shard: report.shard?.description, fetchesShared: max(0, report.fetches.asked - report.fetches.sent))
        passed = report.exitStatus == .success
        durationMs = report.durationMs
    }
}
