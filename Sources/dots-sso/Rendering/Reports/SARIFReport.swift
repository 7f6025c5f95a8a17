import DotsSSOBasics
import DotsSSOCore
import Foundation

/// SARIF 2.1.0 for GitHub code scanning (as SwiftLint and SwiftFormat offer it): one rule per finding code, one
/// result per finding with its file (or the input it was found in) and JSON path, errors first and at most
/// GitHub's 25,000 results per run.
enum SARIFReport {
    static let maxResults = 25_000

    static func render(_ suite: ReportSuite, strict: Bool) throws -> Data {
        var located: [(finding: Finding, input: String)] = suite.cases.flatMap { reportCase in
            reportCase.findings.map { ($0, reportCase.name) }
        }
        located.sort { $0.finding.severity > $1.finding.severity }
        let dropped = max(0, located.count - maxResults)
        located = Array(located.prefix(maxResults))
        let codes = Array(Set(located.map(\.finding.code))).sorted()
        let rules: [JSONValue] = codes.map { code in
            var rule: [String: JSONValue] = [
                "id": .string(code), "name": .string(code), "shortDescription": .object(["text": .string(code)]),
            ]
            // A registered code brings its explanation, source and usual level (the registry is the one description).
            if let entry = FindingCatalog.code(code) {
                rule["fullDescription"] = .object(["text": .string(entry.explanation)])
                rule["help"] = .object(["text": .string("\(entry.explanation) Source: \(entry.source). (dots-sso explain \(code))")])
                rule["defaultConfiguration"] = .object(["level": .string(level(entry.severity, strict: strict))])
            }
            return .object(rule)
        }
        let results: [JSONValue] = located.map { finding, input in
            var location: [String: JSONValue] = [
                "physicalLocation": .object(["artifactLocation": .object(["uri": .string(finding.location.file ?? input)])])
            ]
            if let path = finding.location.path {
                location["logicalLocations"] = .array([.object(["fullyQualifiedName": .string(path), "kind": .string("member")])])
            }
            return .object([
                "ruleId": .string(finding.code), "ruleIndex": .number(Double(codes.firstIndex(of: finding.code) ?? 0)),
                "level": .string(level(finding.severity, strict: strict)), "message": .object(["text": .string(finding.message)]),
                "locations": .array([.object(location)]),
            ])
        }
        var run: [String: JSONValue] = [
            "tool": .object([
                "driver": .object([
                    "name": .string("dots-sso"), "version": .string(DotsSSOVersion.current), "rules": .array(rules),
                ])
            ]),
            "automationDetails": .object(["id": .string("dots-sso/\(suite.name)/")]),
            "results": .array(results),
        ]
        if dropped > 0 { run["properties"] = .object(["resultsDropped": .number(Double(dropped))]) }
        let document: JSONValue = .object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"), "version": .string("2.1.0"),
            "runs": .array([.object(run)]),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document)
    }

    static func level(_ severity: Severity, strict: Bool) -> String {
        switch severity {
        case .error: "error"
        case .warning: strict ? "error" : "warning"
        case .info: "note"
        }
    }
}
