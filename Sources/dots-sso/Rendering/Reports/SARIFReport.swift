import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// SARIF 2.1.0 for GitHub code scanning (as SwiftLint and SwiftFormat offer it): one rule per finding code, one
/// result per finding, errors first and at most GitHub's 25,000 results per run. A result's location is a file of
/// the repository, relative to the working folder (`%SRCROOT%`), with the line and column of its JSON path; a
/// finding about a web address carries it in the message and has no file; `partialFingerprints` stay the same
/// when a message's words change.
enum SARIFReport {
    static let maxResults = 25_000
    static let fingerprintName = "dotsSsoFinding/v1"

    static func render(_ suite: ReportSuite, strict: Bool, workingFolder: String) throws -> Data {
        try render(ReportSet(suite), strict: strict, workingFolder: workingFolder)
    }

    /// One run for the whole set: a run of many channels is one analysis (one category), each result carrying its
    /// channel in `properties` and its fingerprint; a finding a baseline accepts is a result with `suppressions`.
    static func render(_ set: ReportSet, strict: Bool, workingFolder: String) throws -> Data {
        var located: [Located] = []
        for suite in set.suites {
            let locations = ReportLocator(fallback: suite.source, workingFolder: workingFolder).locate(suite)
            let channel = set.fleet ? suite.name : nil
            for (reportCase, places) in zip(suite.cases, locations) {
                located += zip(reportCase.findings, places).map { Located(finding: $0, location: $1, channel: channel) }
            }
            // Accepted findings after the others, located by a locator of their own so they number apart.
            let accepted = ReportSuite(
                name: suite.name,
                cases: suite.cases.map { ReportCase(name: $0.name, findings: $0.suppressed.map(\.finding), outcome: .passed) },
                source: suite.source)
            let acceptedPlaces = ReportLocator(fallback: suite.source, workingFolder: workingFolder).locate(accepted)
            for (reportCase, places) in zip(suite.cases, acceptedPlaces) {
                located += zip(reportCase.suppressed, places).map {
                    Located(finding: $0.finding, location: $1, channel: channel, suppression: $0)
                }
            }
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
        let results: [JSONValue] = try located.map { item in
            let finding = item.finding
            let place = item.location
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
                "level": .string(level(finding.severity, strict: strict)),
                "message": .object(["text": .string((item.channel.map { "[\($0)] " } ?? "") + place.message(finding))]),
                "partialFingerprints": .object([fingerprintName: .string(try fingerprint(place, channel: item.channel))]),
            ]
            if !location.isEmpty { result["locations"] = .array([.object(location)]) }
            if let channel = item.channel { result["properties"] = .object(["channel": .string(channel)]) }
            if let accepted = item.suppression {
                var suppression: [String: JSONValue] = ["kind": .string("external"), "status": .string("accepted")]
                let words = [accepted.who, accepted.why].filter { !$0.isEmpty }.joined(separator: ": ")
                let until = accepted.until.isEmpty ? "" : " (until \(accepted.until))"
                suppression["justification"] = .string((words.isEmpty ? "accepted in the baseline" : words) + until)
                result["suppressions"] = .array([.object(suppression)])
            }
            return .object(result)
        }
        var run: [String: JSONValue] = [
            "tool": .object([
                "driver": .object([
                    "name": .string("dots-sso"), "version": .string(DotsSSOVersion.current), "rules": .array(rules),
                ])
            ]),
            "automationDetails": .object([
                "id": .string(set.fleet ? "dots-sso/check/" : "dots-sso/\(set.suites.first?.name ?? "dots-sso")/")
            ]),
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
        PercentEncoding.encode(path, keeping: PercentEncoding.isPathAllowed)
    }

    /// The hash of what identifies a finding from run to run (code, file or address, JSON path, occurrence), and its
    /// channel in a run of many (two partners on one host are two alerts).
    static func fingerprint(_ location: ReportLocation, channel: String? = nil) throws -> String {
        try DigestAlgorithm.sha256.hex(Data(((channel.map { $0 + "\u{0}" } ?? "") + location.identity).utf8))
    }

    struct Located {
        var finding: Finding
        var location: ReportLocation
        var channel: String?
        var suppression: SuppressedFinding?
    }

    static func level(_ severity: Severity, strict: Bool) -> String {
        switch severity {
        case .error: "error"
        case .warning: strict ? "error" : "warning"
        case .info: "note"
        }
    }
}
