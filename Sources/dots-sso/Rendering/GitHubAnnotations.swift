import DotsSSOCore

/// Findings as GitHub Actions workflow commands (`::error file=…,title=…::message`), emitted when `GITHUB_ACTIONS=true`.
enum GitHubAnnotations {
    static func render(_ findings: [Finding], strict: Bool) -> [String] {
        findings.map { finding in
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = strict ? "error" : "warning"
            case .info: command = "notice"
            }
            var properties: [String] = []
            // Only local files can be linked to a line in the PR; URLs go into the title instead.
            if let file = finding.location.file, !file.contains("://") {
                properties.append("file=\(escapeProperty(file))")
            }
            let where_ = finding.location.path.map { " \($0)" } ?? ""
            properties.append("title=\(escapeProperty(finding.code + where_))")
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
