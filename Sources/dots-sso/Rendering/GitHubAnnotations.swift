import DotsSSOCore
import Foundation

/// Findings as GitHub Actions workflow commands (`::error file=…,title=…::message`), emitted when `GITHUB_ACTIONS=true`.
enum GitHubAnnotations {
    /// `check` names the check in each title (`check` findings' "files" may be check names or hosts, linked only when
    /// they are files in the workspace).
    static func render(_ findings: [Finding], strict: Bool, check: String? = nil) -> [String] {
        findings.map { finding in
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = strict ? "error" : "warning"
            case .info: command = "notice"
            }
            var properties: [String] = []
            // Only local files can be linked to a line in the PR; URLs go into the title instead.
            if let file = finding.location.file, !file.contains("://"), check == nil || FileManager.default.fileExists(atPath: file) {
                properties.append("file=\(escapeProperty(file))")
            }
            let where_ = finding.location.path.map { " \($0)" } ?? ""
            properties.append("title=\(escapeProperty((check.map { "\($0): " } ?? "") + finding.code + where_))")
            return "::\(command) \(properties.joined(separator: ","))::\(escapeData(finding.message))"
        }
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
