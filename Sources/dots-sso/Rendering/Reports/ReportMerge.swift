import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso report merge`: the reports of a CI matrix's shards (or of separate `check` runs) as one, as a final job
/// publishes them: JUnit suites side by side, SARIF as one run (GitHub takes one run per category in an upload),
/// Code Quality issues in one list, `check --json` documents as one document of every channel. The kind is read
/// from the files; they must all be the same kind, and dots-sso's own.
enum ReportMerge {
    enum Kind: String {
        case junit = "JUnit"
        case sarif = "SARIF"
        case codeQuality = "Code Quality"
        case checkJSON = "check --json"
    }

    /// The largest input read: a shard's report is a few KB a channel.
    static let inputLimit = 64 * 1_048_576

    struct Merged {
        var kind: Kind
        var data: Data
        /// Said on stderr (a suite given twice, results over GitHub's cap).
        var notes: [String] = []
    }

    static func merge(_ paths: [String]) throws -> Merged {
        var kind: Kind?
        var inputs: [(path: String, kind: Kind, text: Data)] = []
        for path in paths {
            let data = try InputFile.contents(path, what: "the report", limit: inputLimit)
            let found = try detect(data, path: path)
            if let kind, kind != found {
                throw InputError.malformed(
                    source: path, reason: "a \(found.rawValue) report among \(kind.rawValue) reports; merge each kind on its own")
            }
            kind = found
            inputs.append((path, found, data))
        }
        switch kind ?? .junit {
        case .junit: return try junit(inputs.map { ($0.path, $0.text) })
        case .sarif: return try sarif(inputs.map { ($0.path, $0.text) })
        case .codeQuality: return try codeQuality(inputs.map { ($0.path, $0.text) })
        case .checkJSON: return try checkJSON(inputs.map { ($0.path, $0.text) })
        }
    }

    static func detect(_ data: Data, path: String) throws -> Kind {
        guard let first = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) else {
            throw InputError.malformed(source: path, reason: "it is empty")
        }
        if first == UInt8(ascii: "<") { return .junit }
        let value = try json(data, path: path)
        if value.arrayValue != nil { return .codeQuality }
        if let object = value.objectValue {
            if object["runs"] != nil { return .sarif }
            if object["channels"] != nil || object["checks"] != nil { return .checkJSON }
        }
        throw InputError.malformed(source: path, reason: "not a dots-sso report (JUnit, SARIF, Code Quality or check --json)")
    }

    static func json(_ data: Data, path: String) throws -> JSONValue {
        do {
            _ = try CompactJSON(data)
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let error as CompactJSON.ParseError {
            throw InputError.malformed(source: path, reason: "not valid JSON: \(error.located)")
        } catch {
            throw InputError.malformed(source: path, reason: "not valid JSON")
        }
    }

    // MARK: JUnit

    static func junit(_ inputs: [(String, Data)]) throws -> Merged {
        var suites: [XMLTag] = []
        var notes: [String] = []
        for (path, data) in inputs {
            let root: XMLTag
            do {
                root = try XMLTree.parse(String(decoding: data, as: UTF8.self))
            } catch let malformed as XMLTree.Malformed {
                throw InputError.malformed(source: path, reason: malformed.reason)
            }
            guard JUnitReport.isOurs(root) else {
                throw InputError.malformed(source: path, reason: "not a dots-sso JUnit report (<testsuites name=\"dots-sso\">)")
            }
            for suite in root.elements where suite.name == "testsuite" {
                let name = suite[attribute: "name"] ?? ""
                if let index = suites.firstIndex(where: { $0[attribute: "name"] == name }) {
                    notes.append("suite \(name) is in more than one report; the one in \(path) is kept")
                    suites.remove(at: index)
                }
                suites.append(suite)
            }
        }
        return Merged(kind: .junit, data: Data(JUnitReport.document(suites).utf8), notes: notes)
    }

    // MARK: SARIF

    static func sarif(_ inputs: [(String, Data)]) throws -> Merged {
        var rules: [JSONValue] = []
        var ruleIDs: [String] = []
        var results: [JSONValue] = []
        var driver: [String: JSONValue]?
        var baseIDs: [String: JSONValue] = [:]
        var dropped = 0
        for (path, data) in inputs {
            guard let document = try json(data, path: path).objectValue, document["version"]?.stringValue == "2.1.0",
                let runs = document["runs"]?.arrayValue
            else { throw InputError.malformed(source: path, reason: "not a SARIF 2.1.0 log") }
            for run in runs.compactMap(\.objectValue) {
                let tool = run["tool"]?.objectValue?["driver"]?.objectValue
                guard tool?["name"]?.stringValue == "dots-sso" else {
                    throw InputError.malformed(
                        source: path,
                        reason: "a run of another tool (\(tool?["name"]?.stringValue ?? "unnamed")); only dots-sso's runs are merged")
                }
                driver = driver ?? tool
                for (key, value) in run["originalUriBaseIds"]?.objectValue ?? [:] where baseIDs[key] == nil { baseIDs[key] = value }
                for rule in tool?["rules"]?.arrayValue ?? [] {
                    guard let id = rule.objectValue?["id"]?.stringValue, !ruleIDs.contains(id) else { continue }
                    ruleIDs.append(id)
                    rules.append(rule)
                }
                dropped +=
                    run["properties"]?.objectValue?["resultsDropped"]?.numberValue.map { Int(clamping: $0, to: 0...1_000_000_000) } ?? 0
                for result in run["results"]?.arrayValue ?? [] {
                    guard var object = result.objectValue else { continue }
                    // Its rule's place in the merged list.
                    if let id = object["ruleId"]?.stringValue, let index = ruleIDs.firstIndex(of: id) {
                        object["ruleIndex"] = .number(Double(index))
                    }
                    results.append(.object(object))
                }
            }
        }
        var notes: [String] = []
        if results.count > SARIFReport.maxResults {
            notes.append("\(results.count - SARIFReport.maxResults) results over GitHub's \(SARIFReport.maxResults) per run were left out")
            dropped += results.count - SARIFReport.maxResults
            results = Array(results.prefix(SARIFReport.maxResults))
        }
        var tool = driver ?? ["name": .string("dots-sso"), "version": .string(DotsSSOVersion.current)]
        tool["rules"] = .array(rules)
        var run: [String: JSONValue] = [
            "tool": .object(["driver": .object(tool)]), "automationDetails": .object(["id": .string("dots-sso/check/")]),
            "results": .array(results),
        ]
        if !baseIDs.isEmpty { run["originalUriBaseIds"] = .object(baseIDs) }
        if dropped > 0 { run["properties"] = .object(["resultsDropped": .number(Double(dropped))]) }
        let document: JSONValue = .object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"), "version": .string("2.1.0"),
            "runs": .array([.object(run)]),
        ])
        return Merged(kind: .sarif, data: try encode(document), notes: notes)
    }

    // MARK: Code Quality

    static func codeQuality(_ inputs: [(String, Data)]) throws -> Merged {
        var issues: [JSONValue] = []
        var fingerprints = Set<String>()
        for (path, data) in inputs {
            for issue in try json(data, path: path).arrayValue ?? [] {
                guard let object = issue.objectValue, let fingerprint = object["fingerprint"]?.stringValue else {
                    throw InputError.malformed(source: path, reason: "an issue without a fingerprint is not GitLab Code Quality")
                }
                // The same issue twice (a report given twice) would be two issues with one fingerprint, which GitLab refuses.
                if fingerprints.insert(fingerprint).inserted { issues.append(issue) }
            }
        }
        return Merged(kind: .codeQuality, data: try encode(.array(issues)))
    }

    // MARK: check --json

    /// Every channel document of every input (a one-channel document is one channel), the counts recounted, the
    /// status the worst channel's.
    static func checkJSON(_ inputs: [(String, Data)]) throws -> Merged {
        var channels: [JSONValue] = []
        var total = 0
        var shared = 0
        var duration = 0
        for (path, data) in inputs {
            guard let object = try json(data, path: path).objectValue else { continue }
            if let list = object["channels"]?.arrayValue {
                channels += list
                let summary = object["summary"]?.objectValue
                total = max(total, summary?["total"]?.numberValue.map { Int(clamping: $0, to: 0...1_000_000) } ?? list.count)
                shared += summary?["fetchesShared"]?.numberValue.map { Int(clamping: $0, to: 0...1_000_000_000) } ?? 0
            } else {
                channels.append(.object(object))
                total = max(total, 1)
            }
            duration = max(duration, object["durationMs"]?.numberValue.map { Int(clamping: $0, to: 0...1_000_000_000) } ?? 0)
        }
        let statuses = channels.map { Int32(Int(clamping: $0.objectValue?["exitStatus"]?.numberValue ?? 70, to: 0...255)) }
        let passed = statuses.count { $0 == 0 }
        let failed = zip(channels, statuses).count { $1 == 1 || $0.objectValue?["error"] != nil }
        func rank(_ status: Int32) -> Int { status == 0 ? 0 : status == 77 ? 1 : 2 }
        let worst = statuses.reduce(Int32(0)) { rank($1) > rank($0) ? $1 : $0 }
        let document: JSONValue = .object([
            "channels": .array(channels),
            "summary": .object([
                "channels": .number(Double(channels.count)), "passed": .number(Double(passed)), "failed": .number(Double(failed)),
                "notRun": .number(Double(channels.count - passed - failed)), "total": .number(Double(max(total, channels.count))),
                "fetchesShared": .number(Double(shared)),
            ]),
            "passed": .bool(worst == 0), "durationMs": .number(Double(duration)), "exitStatus": .number(Double(worst)),
        ])
        return Merged(kind: .checkJSON, data: try encode(document))
    }

    static func encode(_ value: JSONValue) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
