import DotsSSOCore
import Foundation

/// The one place findings are reported beside a command's own output: `--strict` promotes warnings, `--junit`
/// writes JUnit XML, and under GitHub Actions each finding becomes an annotation on stderr (stdout stays clean
/// for `--json`). Text and JSON of the findings themselves are rendered by the command with `FindingsText`.
struct FindingsReporter {
    let options: FindingsOptions
    let console: Console

    init(_ options: FindingsOptions, console: Console) {
        self.options = options
        self.console = console
    }

    /// The findings as this run judges them: warnings become errors under `--strict`.
    func judged(_ findings: [Finding]) -> [Finding] {
        findings.promotingWarnings(options.strict)
    }

    /// A batch as this run reports it: each report's findings judged, each unreadable input said on stderr in
    /// one line, and the unreadable inputs by name for `--json`.
    func judged<Report>(_ outcome: BatchOutcome<Report>, findings: WritableKeyPath<Report, [Finding]>) -> (reports: [Report], unreadable: [String: String]) {
        var reports = outcome.reports
        for index in reports.indices { reports[index][keyPath: findings] = judged(reports[index][keyPath: findings]) }
        for (_, error) in outcome.unreadable { console.err("dots-sso: \(error.message)") }
        let unreadable = Dictionary(outcome.unreadable.map { ($0.input, $0.error.message) }, uniquingKeysWith: { first, _ in first })
        return (reports, unreadable)
    }

    /// Writes the side reports for the run's (judged) findings and returns whether the check failed.
    func report(_ findings: [Finding], suite: String) throws -> Bool {
        if let junit = options.junit {
            let xml = JUnitReport.render(findings, suite: suite, strict: options.strict)
            do {
                try AtomicFile.write(Data(xml.utf8), to: URL(fileURLWithPath: junit), permissions: 0o644)
            } catch let error as AtomicFile.WriteError {
                throw OutputError.cannotWrite(path: junit, what: "the JUnit report", reason: "\(error.step): \(error.reason)")
            }
        }
        if console.environment["GITHUB_ACTIONS"] == "true" {
            GitHubAnnotations.render(findings, strict: options.strict).forEach(console.err)
        }
        return FindingSummary(findings).failed(strict: options.strict)
    }
}
