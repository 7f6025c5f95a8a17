import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

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
        try end(JudgedFindings(body: body, strict: options.strict), json: json)
    }

    /// How every findings run ends, `check` included: what it says on stderr first, its CI reports (JUnit, SARIF, Code
    /// Quality), its GitHub annotations (capped per level), its result printed (`--json` carrying the exit status),
    /// then the error it ends with.
    func end(_ run: some FindingsEnding, json: Bool) throws {
        for note in run.notes { console.err(note) }
        let files = options.reports.files(strict: options.strict)
        if !files.isEmpty { try files.write(run.reportSet, console: console) }
        if console.environment.isGitHubActions {
            GitHubAnnotations.capped(run.annotations(strict: options.strict, workingFolder: console.context.workingDirectory))
                .forEach(console.annotation)
        }
        try run.emit(on: console, json: json, exitStatus: exitStatus(of: run.ending))
        if let ending = run.ending { throw ending }
    }

    /// Runs the part of a command that can fail before there are findings (the network, a missing file). When it
    /// fails, the reports still say so, as one erroring test case named `input`, and the error goes on.
    func reportingFailure<T>(suite: String, input: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as UserFacingError {
            let files = options.reports.files(strict: options.strict)
            if !files.isEmpty { try files.write(ReportSet(.failure(suite: suite, input: input, message: error.message)), console: console) }
            throw error
        }
    }
}

/// What a findings run leaves behind, for `FindingsReporter.end`: a findings body, or `check`'s report.
protocol FindingsEnding {
    /// Said on stderr before anything else (an unreadable input, one line each).
    var notes: [String] { get }
    /// The suites the CI reports hold.
    var reportSet: ReportSet { get }
    /// One GitHub annotation per finding (and per failure that is not a finding).
    func annotations(strict: Bool, workingFolder: String) -> [String]
    /// The error the run ends with; nil: it passed.
    var ending: (any Error)? { get }
    /// The result on stdout: the document under `--json`, else the text (which a streaming run has printed already).
    func emit(on console: Console, json: Bool, exitStatus: Int32) throws
}

/// A findings body judged by the run's `--strict`: its cases, summary and ending as every findings command has them.
struct JudgedFindings<Body: FindingsBody>: FindingsEnding {
    let body: Body
    let strict: Bool

    var notes: [String] { body.unreadable.entries.map { "dots-sso: \(TerminalText.message($0.reason))" } }
    var reportSet: ReportSet { ReportSet(.inputs(body.cases, suite: body.suite, unreadable: body.unreadable.entries, strict: strict)) }
    var summary: FindingSummary { FindingSummary(body.cases.flatMap(\.findings)) }
    var failed: Bool { summary.failed(strict: strict) || !body.unreadable.isEmpty }
    var ending: (any Error)? { body.ending ?? (failed ? checkFailed : nil) }

    func annotations(strict: Bool, workingFolder: String) -> [String] {
        GitHubAnnotations.lines(body.cases, strict: strict, workingFolder: workingFolder)
    }

    func emit(on console: Console, json: Bool, exitStatus: Int32) throws {
        try console.emit(FindingsOutput(body: body, summary: summary, passed: !failed, exitStatus: exitStatus), json: json)
    }
}
