import DotsSSOBasics
import DotsSSOCore
import Foundation

/// SARIF 2.1.0 for GitHub code scanning (as SwiftLint and SwiftFormat offer it): one rule per finding code, one
/// result per finding, errors first and at most GitHub's 25,000 results per run. A result's location is a file of
/// the repository, relative to the working folder (`%SRCROOT%`), with the line and column of its JSON path; a
/// finding about a web address carries it in the message and has no file; `partialFingerprints` stay the same
/// when a message's words change.
enum SARIFReport {
    static let maxResults = 25_000
    static let fingerprintName = "dotsSsoFinding/v1"

    static func render(_ suite: ReportSuite, strict: Bool, workingFolder: String) throws -> Data {
        let locations = ReportLocator(fallback: suite.source, workingFolder: workingFolder).locate(suite)
        var located: [(finding: Finding, location: ReportLocation)] = zip(suite.cases, locations).flatMap { reportCase, places in
            Array(zip(reportCase.findings, places))
        }
        // Stable: errors first, otherwise in report order.
        located = located.enumerated().sorted { ($0.element.finding.severity, $1.offset) > ($1.element.finding.severity, $0.offset) }
            .map(\.element)
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
                let fix = entry.fix.map { " Fix: \($0)." } ?? ""
                rule["help"] = .object(["text": .string("\(entry.explanation)\(fix) Source: \(entry.source). (dots-sso explain \(code))")])
                rule["defaultConfiguration"] = .object(["level": .string(level(entry.severity, strict: strict))])
            }
            return .object(rule)
        }
        let results: [JSONValue] = try located.map { finding, place in
            var location: [String: JSONValue] = [:]
            if let path = place.path {
                // Relative to %SRCROOT% (the working folder); a file outside it as its own file URI.
                let artifact: [String: JSONValue] =
                    path.hasPrefix("/")
                    ? ["uri": .string(URL(fileURLWithPath: path).absoluteString)]
                    : ["uri": .string(uri(path)), "uriBaseId": .string("%SRCROOT%")]
                var physical: [String: JSONValue] = ["artifactLocation": .object(artifact)]
                if let line = place.line {
                    var region: [String: JSONValue] = ["startLine": .number(Double(line))]
                    if let column = place.column { region["startColumn"] = .number(Double(column)) }
                    physical["region"] = .object(region)
                }
                location["physicalLocation"] = .object(physical)
            }
            if let path = finding.location.path {
                location["logicalLocations"] = .array([.object(["fullyQualifiedName": .string(path), "kind": .string("member")])])
            }
            var result: [String: JSONValue] = [
                "ruleId": .string(finding.code), "ruleIndex": .number(Double(codes.firstIndex(of: finding.code) ?? 0)),
                "level": .string(level(finding.severity, strict: strict)), "message": .object(["text": .string(place.message(finding))]),
                "partialFingerprints": .object([fingerprintName: .string(try fingerprint(place))]),
            ]
            if !location.isEmpty { result["locations"] = .array([.object(location)]) }
            return .object(result)
        }
        var run: [String: JSONValue] = [
            "tool": .object([
                "driver": .object([
                    "name": .string("dots-sso"), "version": .string(DotsSSOVersion.current), "rules": .array(rules),
                ])
            ]),
            "automationDetails": .object(["id": .string("dots-sso/\(suite.name)/")]),
            "originalUriBaseIds": .object([
                "%SRCROOT%": .object(["uri": .string(URL(fileURLWithPath: workingFolder, isDirectory: true).absoluteString)])
            ]),
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

    /// A relative path as a URI reference: spaces and other characters a URI cannot hold are percent-encoded.
    static func uri(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    /// The hash of what identifies a finding from run to run (code, file or address, JSON path, occurrence).
    static func fingerprint(_ location: ReportLocation) throws -> String {
        try DigestAlgorithm.sha256.hex(Data(location.identity.utf8))
    }

    static func level(_ severity: Severity, strict: Bool) -> String {
        switch severity {
        case .error: "error"
        case .warning: strict ? "error" : "warning"
        case .info: "note"
        }
    }
}
