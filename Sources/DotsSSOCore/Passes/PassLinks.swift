import DotsSSOBasics
import FoundationEssentials

/// Where a member's pass URLs come from (seed 000): anywhere inside the profile JSON, or the dedicated passes
/// endpoint's flat JSON array. Order is kept — the first pass is the primary one.
package enum PassLinks {
    /// The pass URLs of a profile, and the URL-valued fields that were not taken as passes (to be listed, so
    /// the user sees what was left out).
    package struct InProfile: Sendable, Equatable {
        package var links: [String]
        package var skipped: [String]
    }

    /// With a `profileMapping.passes` path, every URL there (a string or an array of strings) is a pass. Without
    /// one, every absolute http(s) URL string whose path ends in `.pkpass` — or `.pkpasses`, kept so the fetch can
    /// refuse it by name — in document order; object keys are not values and are skipped.
    package static func inProfile(_ data: Data, source: String, mapping: ProfileMapping? = nil) throws -> InProfile {
        let document: CompactJSON
        do {
            document = try CompactJSON(data)
        } catch let error as CompactJSON.ParseError {
            throw PassesError.profileNotJSON(source: source, reason: error.located)
        }
        if let path = mapping?.paths[.passes]?.first {
            return InProfile(links: try mapped(data, path: path, source: source), skipped: [])
        }
        var found = InProfile(links: [], skipped: [])
        for node in document.allValues {
            guard let text = document.string(node)?.trimmingWhitespace(), isWebURL(text) else { continue }
            if isPassURL(text) { found.links.append(text) } else { found.skipped.append(text) }
        }
        return found
    }

    /// The URLs at the channel's `profileMapping.passes` path: a URL string, or an array of them.
    static func mapped(_ data: Data, path: JSONPath, source: String) throws -> [String] {
        guard let profile = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            throw PassesError.profileNotJSON(source: source, reason: "it cannot be decoded")
        }
        let value = path.evaluate(profile)
        let strings: [String]
        switch value {
        case nil, .null?: return []
        case .string(let text)?: strings = [text]
        case .array(let items)?:
            strings = try items.enumerated().map { index, item in
                guard case .string(let text) = item else {
                    throw PassesError.mappedShape(source: source, path: "\(path)[\(index)]", found: item.typeDescription)
                }
                return text
            }
        case let other?:
            throw PassesError.mappedShape(source: source, path: path.description, found: other.typeDescription)
        }
        for (index, text) in strings.enumerated() where !isWebURL(text.trimmingWhitespace()) {
            throw PassesError.mappedShape(
                source: source, path: strings.count == 1 ? path.description : "\(path)[\(index)]",
                found: "\"\(text.prefix(80))\", which is not an absolute URL")
        }
        return strings.map { $0.trimmingWhitespace() }
    }

    /// The passes endpoint's answer, which must be a flat JSON array of absolute URL strings.
    package static func fromEndpoint(_ response: HTTPResponse) throws -> [String] {
        let display = response.displayURL
        guard let list = JSONValue(parsing: response.body) else {
            throw PassesError.listShape(url: display, found: response.bodyKind)
        }
        guard let array = list.arrayValue else {
            throw PassesError.listShape(url: display, found: list.objectValue != nil ? "a JSON object" : "a single JSON value")
        }
        return try array.enumerated().map { index, element in
            guard let text = element.stringValue else {
                throw PassesError.listShape(url: display, found: "a non-string at index \(index)")
            }
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["https", "http"].contains(scheme), url.host != nil
            else {
                throw PassesError.listShape(url: display, found: "\"\(text.prefix(80))\" at index \(index), which is not an absolute URL")
            }
            return text
        }
    }

    static func isWebURL(_ text: String) -> Bool {
        guard text.count < 4096, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http", url.host != nil
        else { return false }
        return true
    }

    static func isPassURL(_ text: String) -> Bool {
        guard isWebURL(text), let url = URL(string: text) else { return false }
        let path = url.path.lowercased()
        return path.hasSuffix(".pkpass") || path.hasSuffix(".pkpasses")
    }
}
