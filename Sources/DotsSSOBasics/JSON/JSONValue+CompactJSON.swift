import FoundationEssentials

extension JSONValue {
    /// Which copy of a key given twice in one object a value keeps: readers differ, and a check must read a
    /// document the way the value it stands in for was read.
    package enum RepeatedKey: Sendable {
        /// The last copy, as `CompactJSON.member` and most parsers read it.
        case last
        /// The first copy, as Foundation's `JSONDecoder` reads it (profiles fetched from an endpoint are decoded so).
        case first
    }

    /// The value at `node` of an already-parsed document: no second parse, and no Foundation decoder (which
    /// costs more than the parse itself on small documents such as pass.json). The parser's depth limit keeps
    /// the recursion shallow.
    package init(_ document: CompactJSON, node: Int32? = nil, keeping repeated: RepeatedKey = .last) {
        let node = node ?? document.root
        switch document.kind(node) {
        case .null: self = .null
        case .bool: self = .bool(document.bool(node) ?? false)
        case .number: self = .number(document.number(node) ?? 0)
        case .string: self = .string(document.string(node) ?? "")
        case .array: self = .array(document.elements(node).map { JSONValue(document, node: $0, keeping: repeated) })
        case .object:
            // Sized first: grown from empty, a pass.json's dozen keys were hashed again at every doubling.
            var members = [String: JSONValue](minimumCapacity: document.count(node))
            for member in document.members(node) {
                let key = document.string(member.key) ?? ""
                if repeated == .first, members[key] != nil { continue }
                members[key] = JSONValue(document, node: member.value, keeping: repeated)
            }
            self = .object(members)
        }
    }
}

extension JSONValue {
    /// Parses `bytes` as one JSON document, any value at its top (a server's body); nil when it is not JSON.
    package init?(parsing bytes: some Sequence<UInt8>) {
        guard let document = try? CompactJSON(bytes: Array(bytes)) else { return nil }
        self.init(document)
    }

    /// The member `key` when this is an object.
    package subscript(key: String) -> JSONValue? { objectValue?[key] }
}
