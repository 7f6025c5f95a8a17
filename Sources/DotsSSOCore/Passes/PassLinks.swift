import Foundation

/// Where a member's pass URLs come from (seed 000): anywhere inside the profile JSON, or the dedicated passes
/// endpoint's flat JSON array. Order is kept — the first pass is the primary one.
public enum PassLinks {
    /// Every absolute http(s) URL string in the profile whose path ends in `.pkpass` — or `.pkpasses`, kept so
    /// the fetch can refuse it by name — in document order. Object keys are not values and are skipped.
    public static func inProfile(_ data: Data, source: String) throws -> [String] {
        let document: CompactJSON
        do {
            document = try CompactJSON(data)
        } catch let error as CompactJSON.ParseError {
            throw PassesError.profileNotJSON(source: source, reason: "line \(error.line), column \(error.column): \(error.message)")
        }
        var keys = Set<Int32>()
        for node in document.allNodes where document.kind(node) == .object {
            for member in document.members(node) { keys.insert(member.key) }
        }
        return document.allNodes.compactMap { node -> String? in
            guard !keys.contains(node), let text = document.string(node), isPassURL(text) else { return nil }
            return text.trimmingCharacters(in: .whitespaces)
        }
    }

    /// The passes endpoint's answer, which must be a flat JSON array of absolute URL strings.
    public static func fromEndpoint(_ response: HTTPResponse) throws -> [String] {
        let display = response.url.redactedForDisplay
        guard let list = try? JSONSerialization.jsonObject(with: response.body, options: [.fragmentsAllowed]) else {
            throw PassesError.listShape(url: display, found: response.bodyKind)
        }
        guard let array = list as? [Any] else {
            throw PassesError.listShape(url: display, found: list is [String: Any] ? "a JSON object" : "a single JSON value")
        }
        return try array.enumerated().map { index, element in
            guard let text = element as? String else {
                throw PassesError.listShape(url: display, found: "a non-string at index \(index)")
            }
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["https", "http"].contains(scheme), url.host != nil else {
                throw PassesError.listShape(url: display, found: "\"\(text.prefix(80))\" at index \(index), which is not an absolute URL")
            }
            return text
        }
    }

    static func isPassURL(_ text: String) -> Bool {
        guard text.count < 4096, let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
              let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", url.host != nil else { return false }
        let path = url.path.lowercased()
        return path.hasSuffix(".pkpass") || path.hasSuffix(".pkpasses")
    }
}
