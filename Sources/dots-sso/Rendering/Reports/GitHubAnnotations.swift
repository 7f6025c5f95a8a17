import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// Findings as GitHub Actions workflow commands (`::error file=…,title=…::message`), emitted when `GITHUB_ACTIONS=true`.
enum GitHubAnnotations {
    /// `check` names the check in each title (`check` findings' "files" may be check names or hosts, linked only when
    /// they are files in the workspace).
    /// Each input's findings (a file, a pass, a profile), located against that input.
    static func render(_ cases: [(input: String, findings: [Finding])], strict: Bool, workingFolder: String) -> [String] {
        capped(lines(cases, strict: strict, workingFolder: workingFolder))
    }

    /// Each input's findings as annotations, before the per-level cap (`FindingsReporter.end` caps every run's).
    static func lines(_ cases: [(input: String, findings: [Finding])], strict: Bool, workingFolder: String) -> [String] {
        let locator = ReportLocator(workingFolder: workingFolder)
        return cases.flatMap { lines($0.findings, strict: strict, input: $0.input, locator: locator) }
    }

    /// `file=` is a path relative to the workspace with the `line`/`col` of the finding's JSON path where it has one
    /// (GitHub links only those to a line of the change); a web address goes into the message, never `file=`.
    static func lines(_ findings: [Finding], strict: Bool, check: String? = nil, input: String? = nil, locator: ReportLocator) -> [String] {
        findings.map { finding in
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = strict ? "error" : "warning"
            case .info: command = "notice"
            }
            var properties: [String] = []
            let location = locator.locate(finding, input: input ?? check ?? "")
            if let file = location.path {
                properties.append("file=\(escapeProperty(file))")
                if let line = location.line { properties.append("line=\(line)") }
                if let column = location.column { properties.append("col=\(column)") }
            }
            let where_ = finding.location.path.map { " \($0)" } ?? ""
            properties.append("title=\(escapeProperty((check.map { "\($0): " } ?? "") + finding.code + where_))")
            return "::\(command) \(properties.joined(separator: ","))::\(escapeData(location.message(finding)))"
        }
    }

    /// GitHub shows at most 10 annotations of each level per step and drops the rest silently: past 10, the first
    /// 9 of that level are kept and the 10th says how many more there are and where to read them.
    static let perLevel = 10

    static func capped(_ lines: [String]) -> [String] {
        var kept: [String] = []
        var hidden: [String: Int] = [:]
        var shown: [String: Int] = [:]
        let totals = Dictionary(grouping: lines, by: level).mapValues(\.count)
        for line in lines {
            let level = level(line)
            let room = (totals[level] ?? 0) > perLevel ? perLevel - 1 : perLevel
            if shown[level, default: 0] < room {
                kept.append(line)
                shown[level, default: 0] += 1
            } else {
                hidden[level, default: 0] += 1
            }
        }
        for level in ["error", "warning", "notice"] where hidden[level, default: 0] > 0 {
            let count = hidden[level]!
            kept.append(
                "::\(level) title=dots-sso::\(count) more \(level == "notice" ? "notice" : level)\(count == 1 ? "" : "s") not shown "
                    + "(GitHub shows \(perLevel) of each level per step): see the job log, the --junit or --sarif report, or --json")
        }
        return kept
    }

    private static func level(_ line: String) -> String {
        String(line.dropFirst(2).prefix { $0 != " " && $0 != ":" })
    }

    static func escapeData(_ text: String) -> String {
        text.replacing("%", with: "%25")
            .replacing("\r", with: "%0D")
            .replacing("\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
