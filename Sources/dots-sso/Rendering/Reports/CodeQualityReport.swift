import DotsSSOBasics
import DotsSSOCore
import Foundation

/// GitLab Code Quality JSON (the CodeClimate subset GitLab reads): one issue per finding, its fingerprint a hash of
/// what identifies it (code, file, path, message) so it is the same from run to run and GitLab can tell new
/// problems from old ones.
enum CodeQualityReport {
    static func render(_ suite: ReportSuite, strict: Bool) throws -> Data {
        let issues: [JSONValue] = try suite.cases.flatMap { reportCase in
            try reportCase.findings.map { finding in
                let path = finding.location.file ?? reportCase.name
                let identity = [finding.code, path, finding.location.path ?? "", finding.message].joined(separator: "\u{0}")
                return .object([
                    "type": .string("issue"), "check_name": .string(finding.code),
                    "description": .string(finding.location.path.map { "\(finding.message) (\($0))" } ?? finding.message),
                    "categories": .array([.string("Bug Risk")]),
                    "severity": .string(severity(finding.severity, strict: strict)),
                    "fingerprint": .string(try DigestAlgorithm.sha256.hex(Data(identity.utf8))),
                    "location": .object(["path": .string(path), "lines": .object(["begin": .number(1)])]),
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
