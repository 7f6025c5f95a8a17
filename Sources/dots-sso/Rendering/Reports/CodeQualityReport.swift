import DotsSSOBasics
import DotsSSOCore
import Foundation

/// GitLab Code Quality JSON (the CodeClimate subset GitLab reads): one issue per finding at a file of the
/// repository (relative to the working folder) and the line of its JSON path, its fingerprint the hash SARIF uses
/// (code, place, JSON path; never the message's words), so GitLab tells new problems from old ones.
enum CodeQualityReport {
    static func render(_ suite: ReportSuite, strict: Bool, workingFolder: String) throws -> Data {
        let locations = ReportLocator(fallback: suite.source, workingFolder: workingFolder).locate(suite)
        let issues: [JSONValue] = try zip(suite.cases, locations).flatMap { reportCase, places in
            try zip(reportCase.findings, places).map { finding, place in
                // GitLab needs a path: a finding about no file of the repository names its input instead.
                let path = place.path ?? (reportCase.name.contains("://") ? suite.name : reportCase.name)
                let message = place.message(finding)
                return .object([
                    "type": .string("issue"), "check_name": .string(finding.code),
                    "description": .string(finding.location.path.map { "\(message) (\($0))" } ?? message),
                    "categories": .array([.string("Bug Risk")]),
                    "severity": .string(severity(finding.severity, strict: strict)),
                    "fingerprint": .string(try SARIFReport.fingerprint(place)),
                    "location": .object(["path": .string(path), "lines": .object(["begin": .number(Double(place.line ?? 1))])]),
                ])
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(JSONValue.array(issues))
    }

    static func severity(_ severity: Severity, strict: Bool) -> String {
        switch severity {
        case .error: "major"
        case .warning: strict ? "major" : "minor"
        case .info: "info"
        }
    }
}
