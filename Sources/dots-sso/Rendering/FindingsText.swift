import DotsSSOBasics
import DotsSSOCore

/// Findings as text for people: one line each, most severe first, then a summary line.
enum FindingsText {
    static func render(_ findings: [Finding], style: Style) -> String {
        var lines: [String] = []
        for finding in findings.sortedBySeverity() {
            let label: String
            switch finding.severity {
            case .error: label = style.red("error  ")
            case .warning: label = style.yellow("warning")
            case .info: label = style.dim("info   ")
            }
            let location = finding.location.display.map { " " + style.dim("(\(TerminalText.safe($0)))") } ?? ""
            lines.append("\(label) \(finding.code)\(location)")
            lines.append("        \(TerminalText.safe(finding.message))")
        }
        lines.append(summary(FindingSummary(findings), style: style))
        return lines.joined(separator: "\n")
    }

    static func summary(_ summary: FindingSummary, style: Style) -> String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        let text = "\(plural(summary.errors, "error")), \(plural(summary.warnings, "warning")), \(summary.info) info"
        return summary.errors > 0 ? style.red(text) : summary.warnings > 0 ? style.yellow(text) : style.green(text)
    }
}
