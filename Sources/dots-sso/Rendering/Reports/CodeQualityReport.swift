import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// GitLab Code Quality JSON (the CodeClimate subset GitLab reads): one issue per finding at a file of the
/// repository (relative to the working folder) and the line of its JSON path, its fingerprint the hash SARIF uses
/// (code, place, JSON path; never the message's words), so GitLab tells new problems from old ones.
enum CodeQualityReport {
    static func render(_ suite: ReportSuite, strict: Bool, workingFolder: String) throws -> Data {
        try render(ReportSet(suite), strict: strict, workingFolder: workingFolder)
    }

    /// Every suite's issues in one list. GitLab has no suppressed issue: a finding a baseline accepts is left out
    /// (it is in the JUnit and SARIF reports, marked so).
    static func render(_ set: ReportSet, strict: Bool, workingFolder: String) throws -> Data {
        let issues = try set.suites.flatMap {
            try self.issues($0, channel: set.fleet ? $0.name : nil, strict: strict, workingFolder: workingFolder)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(JSONValue.array(issues))
    }

    static func issues(_ suite: ReportSuite, channel: String?, strict: Bool, workingFolder: String) throws -> [JSONValue] {
        let locations = ReportLocator(fallback: suite.source, workingFolder: workingFolder).locate(suite)
        return try zip(suite.cases, locations).flatMap { reportCase, places in
            try zip(reportCase.findings, places).map { finding, place in
                // GitLab needs a path: a finding about no file of the repository names its input instead.
                let path = place.path ?? (reportCase.name.contains("://") ? suite.name : reportCase.name)
                let message = (channel.map { "[\($0)] " } ?? "") + place.message(finding)
                return .object([
                    "type": .string("issue"), "check_name": .string(finding.code),
                    "description": .string(finding.location.path.map { "\(message) (\($0))" } ?? message),
                    "categories": .array([.string("Bug Risk")]),
                    "severity": .string(severity(finding.severity, strict: strict)),
                    "fingerprint": .string(try SARIFReport.fingerprint(place, channel: channel)),
                    "location": .object(["path": .string(path), "lines": .object(["begin": .number(Double(place.line ?? 1))])]),
                ])
            }
        }
    }

    static func severity(_ severity: Severity, strict: Bool) -> String {
        switch severity {
        case .error: "major"
        case .warning: strict ? "major" : "minor"
        case .info: "info"
        }
    }
}
