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
    func judged<Report>(_ outcome: BatchOutcome<Report>, findings: WritableKeyPath<Report, [Finding]>) -> (
        reports: [Report], unreadable: [String: String]
    ) {
        var reports = outcome.reports
        for index in reports.indices { reports[index][keyPath: findings] = judged(reports[index][keyPath: findings]) }
        for (_, error) in outcome.unreadable { console.err("dots-sso: \(TerminalText.message(error.message))") }
        let unreadable = Dictionary(outcome.unreadable.map { ($0.input, $0.error.message) }, uniquingKeysWith: { first, _ in first })
        return (reports, unreadable)
    }

    /// Writes the side reports for the run's (judged) findings and returns whether the check failed: one case per
    /// input with the findings about it (clean inputs too), `unreadable` inputs (by name, with the reason)
    /// erroring. Under GitHub Actions the findings are annotations too.
    func report(_ groups: [(input: String, findings: [Finding])], suite: String, unreadable: [String: String] = [:]) throws -> Bool {
        let findings = groups.flatMap(\.findings)
        let files = options.reports.files(strict: options.strict)
        if !files.isEmpty {
            let failed = unreadable.sorted { $0.key < $1.key }.map { (input: $0.key, reason: $0.value) }
            try files.write(ReportSuite.inputs(groups, suite: suite, unreadable: failed, strict: options.strict), console: console)
        }
        if console.environment["GITHUB_ACTIONS"] == "true" {
            GitHubAnnotations.render(findings, strict: options.strict).forEach(console.annotation)
        }
        return FindingSummary(findings).failed(strict: options.strict) || !unreadable.isEmpty
    }

    /// Runs the part of a command that can fail before there are findings (the network, a missing file). When it
    /// fails, the reports still say so, as one erroring test case named `input`, and the error goes on.
    func reportingFailure<T>(suite: String, input: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as UserFacingError {
            let files = options.reports.files(strict: options.strict)
            if !files.isEmpty { try files.write(.failure(suite: suite, input: input, message: error.message), console: console) }
            throw error
        }
    }
}
