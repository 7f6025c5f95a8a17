import DotsSSOCore

/// `check` for people: one line per check (✓/✗/– on a terminal, ok/FAIL/skip otherwise) with its time and a
/// short detail, the errors and warnings of each check under it, then the verdict.
enum CheckText {
    static func render(_ report: CheckReport, style: Style, terminal: Bool) -> String {
        let width = min(36, report.checks.map(\.name.count).max() ?? 0)
        var lines = [style.bold("dots-sso check") + " " + TerminalText.safe(report.channel)]
        for check in report.checks {
            let mark: String = switch check.status {
            case .pass: style.green(terminal ? "✓" : "ok  ")
            case .fail: style.red(terminal ? "✗" : "FAIL")
            case .skip: style.yellow(terminal ? "–" : "skip")
            }
            let name = TerminalText.safe(check.name).padding(toLength: width, withPad: " ", startingAt: 0)
            let detail = check.detail.map { " " + TerminalText.safe($0) } ?? ""
            lines.append("\(mark) \(name) \(style.dim("\(check.durationMs) ms"))\(detail)")
            // A skip's reason is its detail already.
            for finding in check.findings.sortedBySeverity() where finding.severity != .info && !(check.status == .skip && finding.code == "check.skipped") {
                let label = finding.severity == .error ? style.red("error") : style.yellow("warning")
                lines.append("    \(label) \(finding.code): \(TerminalText.safe(finding.message))")
            }
        }
        let summary = report.summary
        let counts = "\(summary.passed) passed, \(summary.failed) failed, \(summary.skipped) skipped (\(report.durationMs) ms)"
        if report.passed {
            lines.append(style.green("All checks hold") + ": " + counts)
        } else if summary.failed == 0, report.memberMissing != nil {
            lines.append(style.red("Not a pass: no member to run the live checks as") + ": " + counts)
        } else {
            lines.append(style.red("Checks failed") + ": " + counts)
        }
        return lines.joined(separator: "\n")
    }
}
