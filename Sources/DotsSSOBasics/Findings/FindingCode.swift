/// A finding code as the registry states it once: its severity, what it means and what to do, and the seed or
/// standard the rule comes from. `dots-sso explain CODE`, `docs/findings.md` and SARIF's rule metadata read it,
/// and a finding made from it cannot disagree with them (`Finding(code, at:, message)`).
package struct FindingCode: Sendable, Hashable, Encodable {
    package let code: String
    package let severity: Severity
    /// One paragraph: what the finding means for The Dots app and how a partner fixes it.
    package let explanation: String
    /// Where the rule comes from (a seed document, an RFC, Apple's or the Lottie documentation).
    package let source: String
    /// The fix, where there is one to state in words: `explain` prints it and every finding of the code ends with it,
    /// so both say the same (for Apple's pass rules, the change Apple's Pass Builder makes itself).
    package let fix: String?

    package init(_ code: String, _ severity: Severity, source: String, _ explanation: String, fix: String? = nil) {
        self.code = code
        self.severity = severity
        self.explanation = explanation
        self.source = source
        self.fix = fix
    }
}

extension Finding {
    /// A finding of a registered code, at its registered severity; `message` says what was found this time.
    package init(_ code: FindingCode, at location: FindingLocation = .init(), _ message: String) {
        self.init(code.severity, code.code, at: location, code.fix.map { "\(message); fix: \($0)" } ?? message)
    }
}
