import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// The page a person opens first on GitHub: when `GITHUB_STEP_SUMMARY` names a file, `check` appends a Markdown table
/// of channels × checks (containers and legal documents one column each, their worst) and every failing finding
/// linked to its explanation. GitLab shows the same from the JUnit and Code Quality artifacts.
enum StepSummary {
    /// GitHub takes at most 1 MiB per step; the list of failing findings stops well before.
    static let maxFindings = 200

    static func markdown(_ report: FleetReport, strict: Bool) -> String {
        let checked = report.results.compactMap { result in result.report.map { (result.channel, $0) } }
        var columns: [String] = []
        for (_, channelReport) in checked {
            for check in channelReport.checks where !columns.contains(column(check.name)) { columns.append(column(check.name)) }
        }
        let count = report.results.count
        var lines = ["### dots-sso check", ""]
        var headline = "**\(report.passed) of \(count) channel\(count == 1 ? "" : "s") passed**"
        if report.failed > 0 { headline += " · \(report.failed) failed" }
        if report.notRun > 0 { headline += " · \(report.notRun) not run (no member)" }
        if let shard = report.shard { headline += " · shard \(shard) of \(report.total)" }
        lines += [headline, ""]
        lines.append("| channel | " + columns.map(cell).joined(separator: " | ") + " |")
        lines.append("|---|" + columns.map { _ in ":-:" }.joined(separator: "|") + "|")
        for result in report.results {
            guard let channelReport = result.report else {
                let reason = cell(TerminalText.oneLine(result.failure?.message ?? "not checked", limit: 160))
                lines.append(
                    "| \(cell(result.channel)) | ❌ not checked: \(reason) |" + String(repeating: " |", count: max(0, columns.count - 1)))
                continue
            }
            let marks = columns.map { column in mark(channelReport.checks.filter { self.column($0.name) == column }) }
            lines.append("| \(cell(result.channel)) | " + marks.joined(separator: " | ") + " |")
        }
        lines += ["", "✅ passed · ❌ failed · ⏭️ skipped · ☑️ passed with findings the baseline accepts · – not a check of this channel"]
        var failing: [String] = []
        for (channel, channelReport) in checked {
            for check in channelReport.checks where check.status == .fail {
                for finding in check.findings.sortedBySeverity() where finding.severity == .error {
                    let link = "[`\(finding.code)`](\(FindingCatalog.documentationLink(finding.code)))"
                    failing.append(
                        "- **\(cell(channel))** · \(cell(check.name)) · \(link): \(cell(TerminalText.oneLine(finding.message, limit: 300)))"
                    )
                }
            }
        }
        if !failing.isEmpty {
            lines += ["", "#### Failing findings", ""]
            lines += failing.prefix(maxFindings)
            if failing.count > maxFindings {
                lines.append("- … and \(failing.count - maxFindings) more: see the JUnit or SARIF report")
            }
        }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// Appends to `GITHUB_STEP_SUMMARY` when it is set; a file that cannot be written is a warning, never the verdict.
    static func append(_ report: FleetReport, strict: Bool, console: Console) {
        guard let path = console.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
        do {
            try AtomicFile.append(Data(markdown(report, strict: strict).utf8), to: path)
        } catch {
            let reason = (error as? AtomicFile.WriteError).map { "\($0.step) failed: \($0.reason)" } ?? "\(error)"
            console.warn("the step summary \(path) was not written (\(reason))")
        }
    }

    /// Containers and legal documents differ per channel: one column each.
    static func column(_ check: String) -> String {
        guard let colon = check.firstIndex(of: ":") else { return check }
        return String(check[..<colon])
    }

    static func mark(_ checks: [CheckOutcome]) -> String {
        if checks.isEmpty { return "–" }
        if checks.contains(where: { $0.status == .fail }) { return "❌" }
        if checks.contains(where: { $0.status == .skip }) { return "⏭️" }
        if checks.contains(where: { $0.suppressed != nil }) { return "☑️" }
        return "✅"
    }

    /// Text in a table cell: one line, no column breaks, no HTML.
    static func cell(_ text: String) -> String {
        TerminalText.oneLine(text, limit: 400).replacing("|", with: "\\|").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;")
    }
}
