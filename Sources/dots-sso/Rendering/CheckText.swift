import DotsSSOBasics
import DotsSSOCore

/// `check` for people: a header, one line per check (✓/✗/– on a terminal, ok/FAIL/skip otherwise) with its time and
/// a short detail, the errors and warnings of each check under it, then the verdict. `CheckStream` prints them.
enum CheckText {
    static func header(_ channel: String, style: Style) -> String {
        style.bold("dots-sso check") + " " + TerminalText.safe(channel)
    }

    static func nameWidth(_ names: [String]) -> Int { min(36, names.map(\.count).max() ?? 0) }

    /// A check's line, and its errors and warnings under it.
    static func lines(_ check: CheckOutcome, width: Int, style: Style, terminal: Bool) -> [String] {
        let mark: String =
            switch check.status {
            case .pass: style.green(terminal ? "✓" : "ok  ")
            case .fail: style.red(terminal ? "✗" : "FAIL")
            case .skip: style.yellow(terminal ? "–" : "skip")
            }
        let name = DisplayWidth.pad(TerminalText.safe(check.name), to: width)
        let detail = check.detail.map { " " + TerminalText.safe($0) } ?? ""
        var lines = ["\(mark) \(name) \(style.dim("\(check.durationMs) ms"))\(detail)"]
        // A skip's reason is its detail already.
        for finding in check.findings.sortedBySeverity()
        where finding.severity != .info && !(check.status == .skip && finding.code == CheckRunFindings.skipped.code) {
            let label = finding.severity == .error ? style.red("error") : style.yellow("warning")
            lines.append("    \(label) \(finding.code): \(TerminalText.safe(finding.message))")
        }
        return lines
    }

    static func verdict(_ report: CheckReport, style: Style) -> String {
        let summary = report.summary
        let notRun = report.leftOut.map { "; not run (--only/--skip): \($0.joined(separator: ", "))" } ?? ""
        let counts = "\(summary.passed) passed, \(summary.failed) failed, \(summary.skipped) skipped\(notRun) (\(report.durationMs) ms)"
        if report.passed {
            return style.green("All checks hold") + ": " + counts
        } else if summary.failed == 0, report.memberMissing != nil {
            return style.red("Not a pass: no member to run the live checks as") + ": " + counts
        }
        return style.red("Checks failed") + ": " + counts
    }
}
