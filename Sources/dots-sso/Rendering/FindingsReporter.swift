import DotsSSOBasics
import DotsSSOCore
import Foundation

/// The one place findings are reported and a findings command ends: `--strict` promotes warnings, `--junit`,
/// `--sarif` and `--codequality` write their reports, and under GitHub Actions each finding becomes an annotation on
/// stderr (stdout stays clean for `--json`); `finish` then prints the result and exits with its status.
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

    /// The findings ritual, once for every findings command: the body judged (`--strict`), each unreadable input
    /// said on stderr in one line, the CI reports and annotations written (one case per input, clean ones too),
    /// the result printed with its summary and exit status, and the run ended with that status.
    func finish<Body: FindingsBody>(_ body: Body, json: Bool) throws {
        var body = body
        body.judge(judged)
        for entry in body.unreadable.entries { console.err("dots-sso: \(TerminalText.message(entry.reason))") }
        let cases = body.cases
        let findings = cases.flatMap(\.findings)
        let files = options.reports.files(strict: options.strict)
        if !files.isEmpty {
            try files.write(
                ReportSuite.inputs(cases, suite: body.suite, unreadable: body.unreadable.entries, strict: options.strict), console: console)
        }
        if console.environment.isGitHubActions {
            GitHubAnnotations.render(cases, strict: options.strict, workingFolder: console.context.workingDirectory).forEach(
                console.annotation)
        }
        let summary = FindingSummary(findings)
        let failed = summary.failed(strict: options.strict) || !body.unreadable.isEmpty
        let ending = body.ending ?? (failed ? checkFailed : nil)
        try console.emit(FindingsOutput(body: body, summary: summary, passed: !failed, exitStatus: exitStatus(of: ending)), json: json)
        if let ending { throw ending }
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
