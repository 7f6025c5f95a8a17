import Foundation

extension JSONValue {
    /// The value at `node` of an already-parsed document: no second parse, and no Foundation decoder (which
    /// costs more than the parse itself on small documents such as pass.json). The parser's depth limit keeps
    /// the recursion shallow.
    public init(_ document: CompactJSON, node: Int32? = nil) {
        let node = node ?? document.root
        switch document.kind(node) {
        case .null: self = .null
        case .bool: self = .bool(document.bool(node) ?? false)
        case .number: self = .number(document.number(node) ?? 0)
        case .string: self = .string(document.string(node) ?? "")
        case .array: self = .array(document.elements(node).map { JSONValue(document, node: $0) })
        case .object:
            var members: [String: JSONValue] = [:]
            for member in document.members(node) {
                members[document.string(member.key) ?? ""] = JSONValue(document, node: member.value)
            }
            self = .object(members)
        }
    }
}
