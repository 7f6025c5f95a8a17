import DotsSSOBasics
import DotsSSOCore

/// How a `check` run ends through `FindingsReporter.end`, as every findings command does: one JUnit/SARIF/Code Quality
/// suite for the channel (a case per check), an annotation per finding titled with its check (and one for a member
/// that could not be signed in), the report's own document under `--json` (its text was streamed as the checks
/// ended), and the status: 1 when a check failed, else the missing member's.
struct CheckEnding: FindingsEnding {
    let report: CheckReport
    /// The channel file, which findings without a file of their own point at.
    let source: String?

    var notes: [String] { [] }
    var reportSet: ReportSet { ReportSet(.check(report, source: source)) }

    var ending: (any Error)? {
        if report.summary.failed > 0 { return checkFailed }
        return report.memberMissing.map {
            CheckError.memberMissing($0.message, status: ExitStatus(rawValue: $0.exitCode) ?? .notAuthorized)
        }
    }

    func annotations(strict: Bool, workingFolder: String) -> [String] {
        annotations(strict: strict, workingFolder: workingFolder, titled: nil)
    }

    /// Each title starts with `channel` in a run of many (`acme: tls: tls.certificate.expired`).
    func annotations(strict: Bool, workingFolder: String, titled channel: String?) -> [String] {
        let locator = ReportLocator(fallback: source, workingFolder: workingFolder)
        let prefix = channel.map { "\($0): " } ?? ""
        var lines = report.checks.flatMap {
            GitHubAnnotations.lines($0.findings, strict: strict, check: prefix + $0.name, locator: locator)
        }
        if let missing = report.memberMissing {
            lines.insert(
                "::error title=\(GitHubAnnotations.escapeProperty("\(prefix)check: no member"))::\(GitHubAnnotations.escapeData(missing.message))",
                at: 0)
        }
        return lines
    }

    func emit(on console: Console, json: Bool, exitStatus: Int32) throws {
        if json { try console.json(report, exitStatus: exitStatus) }
    }
}
