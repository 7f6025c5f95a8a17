import DotsSSOBasics
import DotsSSOCore

/// What a findings command found, as one value `FindingsReporter.finish` judges, reports and prints: the command's
/// own fields (its `--json` keys and its text), each input it checked with the findings about it, and an input
/// error that decides the exit status whatever the findings say.
protocol FindingsBody: Encodable {
    /// What a person reads on stdout: the inputs and their findings.
    func text(_ style: Style) -> String
    /// What to do next, on stderr after the text.
    var hints: [String] { get }
    /// The report suite's name (JUnit testsuite, SARIF run).
    var suite: String { get }
    /// Each input checked, with the findings about it: one test case each in the CI reports, clean inputs too.
    /// Together they are every finding of the run (the summary counts them).
    var cases: [(input: String, findings: [Finding])] { get }
    /// Applies the run's judgement (`--strict`) to every finding the body holds.
    mutating func judge(_ judge: ([Finding]) -> [Finding])
    /// Inputs that could not be checked at all: failing cases in the reports, one line each on stderr.
    var unreadable: UnreadableInputs { get }
    /// The error the run ends with whatever the findings: an unreadable input's status, a pass that was not saved.
    var ending: (any Error)? { get }
    /// Whether the text ends with the whole run's total when several inputs were checked (false where the text
    /// already ends with one).
    var endsWithTotal: Bool { get }
}

extension FindingsBody {
    var hints: [String] { [] }
    var unreadable: UnreadableInputs { UnreadableInputs() }
    var ending: (any Error)? { nil }
    var endsWithTotal: Bool { true }
}

/// The document every findings command prints: its body's keys, then the same three names everywhere:
/// `summary` {errors, warnings, info}, `passed` and `exitStatus`.
struct FindingsOutput<Body: FindingsBody>: CommandOutput {
    var body: Body
    var summary: FindingSummary
    var passed: Bool
    var exitStatus: Int32

    enum Key: String, CodingKey { case summary, passed, exitStatus }

    func encode(to encoder: any Encoder) throws {
        try body.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(summary, forKey: .summary)
        try container.encode(passed, forKey: .passed)
        try container.encode(exitStatus, forKey: .exitStatus)
    }

    func lines(_ style: Style) -> [OutputLine] {
        [.result(body.text(style))] + (total(style).map { [.result($0)] } ?? []) + body.hints.map(OutputLine.hint)
    }

    /// With several inputs, the run's own line after the last input's, so nobody takes that one for the result.
    private func total(_ style: Style) -> String? {
        let inputs = body.cases.count + body.unreadable.entries.count
        guard body.endsWithTotal, inputs > 1 else { return nil }
        let held = body.cases.filter { !$0.findings.contains { $0.severity == .error } }.count
        return "\ntotal: \(held) of \(inputs) hold; " + FindingsText.summary(summary, style: style)
    }
}
