import FoundationEssentials

/// The encoder of every `--json` document: it writes, byte for byte, what Foundation's `JSONEncoder` writes with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` and dates as `ISOTimestamp` strings, at a fraction of
/// the cost. Foundation casts every value against its special types and keeps a boxed encoder, a coding path and a
/// dictionary for each one; a 1,000-pass `pkpass inspect --json` spent a sixth of its CPU there, all of it after the
/// passes were checked, on one core. Here a value is a small tree node (objects keep their members in order and are
/// sorted once, when written) and special types are told apart by their type, not by casts.
///
/// Same output as Foundation's, held so by a differential test over every kind of value and container use: a key
/// written twice keeps its last value; a value that encodes nothing is `{}`; a container asked for again under the
/// same key (or the same encoder) is the one already there; NaN and infinities are refused.
package struct OutputJSONEncoder: Sendable {
    package init() {}

    /// The document for `value`, as UTF-8 bytes (no final newline).
    package func encode(_ value: some Encodable) throws -> Data {
        Data(try Self.render(value, key: nil, depth: 0))
    }

    /// The document for `value` as a line (a final newline), in the pieces it was written in, for stdout to write one
    /// after another (`TextOutput.write(parts:)`): the shares of a concurrently encoded array are written where
    /// they lie. Joined into one array and then copied into a string, a 1,000-pass report took two more passes over
    /// 1.5 MB of fresh pages, on one core, before the first byte went out.
    package func encodeLineParts(_ value: some Encodable) throws -> [[UInt8]] {
        var writer = PrettyWriter()
        try writer.write(try TreeEncoder(parent: nil, key: nil).box(value), depth: 0)
        writer.bytes.append(0x0A)
        return writer.parts()
    }

    /// `value` written at `depth` (its lines indented for that level; `key` names it in errors), in one array.
    static func render(_ value: some Encodable, key: (any CodingKey)?, depth: Int) throws -> [UInt8] {
        let node = try TreeEncoder(parent: nil, key: key).box(value)
        var writer = PrettyWriter()
        try writer.write(node, depth: depth)
        let parts = writer.parts()
        return parts.count == 1 ? parts[0] : Array(parts.joined())
    }
}

/// An array the output encoder writes on every core at once: each element's part of the document is rendered on
/// its own, at the depth it is written at, and the parts are joined in order, byte for byte what a plain array
/// gives. For the thousand reports of one run: encoding them took a fifth of a 1,000-pass `pkpass inspect`'s wall
/// time, on one core, after the checks. Any other encoder (Foundation's, in tests) sees a plain array.
package struct ConcurrentlyEncodedArray<Element: Encodable & Sendable>: Encodable, Sendable {
    package var elements: [Element]
    /// Below this many elements one core writes them: starting threads would cost more than it saves.
    package static var concurrentFrom: Int { 64 }

    package init(_ elements: [Element]) { self.elements = elements }

    package func encode(to encoder: any Encoder) throws {
        if let tree = encoder as? TreeEncoder, elements.count >= Self.concurrentFrom {
            let elements = self.elements
            tree.node = .renderedArray { depth in try Self.render(elements, depth: depth) }
            return
        }
        var container = encoder.unkeyedContainer()
        for element in elements { try container.encode(element) }
    }

    /// The elements at `depth` in contiguous shares, one thread a core (this one included), each share's elements
    /// written one after another into one buffer, as the array's members are laid out (`PrettyWriter.separate`): a
    /// run of the array's lines, less the first one's indent, which the array writes as for any member. A buffer an
    /// element cost a 1,000-pass report a thousand allocations and 2 MB more of fresh pages (3,210 page faults a run
    /// against 2,700).
    static func render(_ elements: [Element], depth: Int) throws -> [[UInt8]] {
        let shares = ThreadShares.run(count: elements.count, minimumShare: 32) { range in
            Result {
                var writer = PrettyWriter(capacity: 64 << 10)
                for index in range {
                    if index > range.lowerBound { writer.separate(depth: depth) }
                    try writer.write(try TreeEncoder(parent: nil, key: IndexKey(index)).box(elements[index]), depth: depth)
                    // Room for the share at a quarter more than the first element's size each, so the buffer is not
                    // copied as it grows: room not written to costs address space, not pages. At most 16 MiB: a
                    // first report swollen by findings must not ask for gigabytes (the buffer grows past it if need be).
                    if index == range.lowerBound {
                        writer.bytes.reserveCapacity(min((writer.bytes.count + 2) * range.count * 5 / 4, 16 << 20))
                    }
                }
                return writer.bytes
            }
        }
        return try shares.map { try $0.get() }
    }
}

// MARK: The tree

/// A value being encoded: scalars already rendered, containers filled in as the encodable writes them.
enum OutputNode {
    /// A number, `true`, `false` or `null`, as written.
    case literal(String)
    case string(String)
    case object(ObjectNode)
    case array(ArrayNode)
    /// A non-empty array whose elements are rendered when written, given the depth they are written at, on every
    /// core: runs of its lines (see `ConcurrentlyEncodedArray.render`).
    case renderedArray(@Sendable (_ depth: Int) throws -> [[UInt8]])
}

final class ObjectNode {
    /// In the order written; a key written again is kept twice here and its last value wins when written out.
    var keys: [String]
    var values: [OutputNode]

    /// Room for a report object's usual handful of members from the start: grown from empty, each list was
    /// reallocated four times on the way to eight (a thousand pass reports have eight thousand objects).
    init() {
        keys = []
        values = []
        keys.reserveCapacity(8)
        values.reserveCapacity(8)
    }

    func set(_ key: String, _ value: OutputNode) {
        keys.append(key)
        values.append(value)
    }

    /// The last value written for `key`, for a container asked for again under it.
    func last(_ key: String) -> Int? { keys.lastIndex(of: key) }
}

final class ArrayNode {
    var items: [OutputNode] = []
}

/// A key for an array position, in coding paths.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// A key of our own for `super`, as Foundation names it.
struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

// MARK: The encoder

/// One value's encoder: what it is given becomes `node`. Children know their parent and key, so a coding path is
/// only built when something asks for it (an error).
class TreeEncoder: Encoder {
    let parent: TreeEncoder?
    let key: (any CodingKey)?
    var node: OutputNode?

    init(parent: TreeEncoder?, key: (any CodingKey)?) {
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var current: TreeEncoder? = self
        while let encoder = current, let key = encoder.key {
            path.append(key)
            current = encoder.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: ObjectNode
        if case .object(let existing) = node {
            object = existing
        } else {
            object = ObjectNode()
            node = .object(object)
        }
        return KeyedEncodingContainer(KeyedContainer(encoder: self, object: object))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: ArrayNode
        if case .array(let existing) = node {
            array = existing
        } else {
            array = ArrayNode()
            node = .array(array)
        }
        return UnkeyedContainer(encoder: self, array: array)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValue(encoder: self) }

    /// `value` as a node: the types Foundation treats specially are told by type; anything else encodes itself into
    /// a child encoder.
    func box<T: Encodable>(_ value: T, key: (any CodingKey)? = nil) throws -> OutputNode {
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return .literal(String(value as! Int)) }
        if T.self == Bool.self { return .literal((value as! Bool) ? "true" : "false") }
        if T.self == Double.self { return try number(value as! Double, key: key) }
        if T.self == Date.self { return .string(ISOTimestamp.string(value as! Date)) }
        if T.self == URL.self { return .string((value as! URL).absoluteString) }
        if T.self == Data.self { return .string((value as! Data).base64EncodedString()) }
        let child = TreeEncoder(parent: self, key: key)
        try value.encode(to: child)
        return child.node ?? .object(ObjectNode())
    }

    /// As Foundation writes a floating-point number: its shortest description, without a trailing ".0".
    func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F, key: (any CodingKey)?) throws -> OutputNode {
        guard value.isFinite else {
            let path = codingPath + (key.map { [$0] } ?? [])
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: path, debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .literal(text)
    }
}

/// An encoder handed out by `superEncoder`: what it is given is stored under its key (or position) when it is done.
final class ReferencingEncoder: TreeEncoder {
    enum Target {
        case object(ObjectNode, String)
        case array(ArrayNode, Int)
    }
    let target: Target

    init(parent: TreeEncoder, key: any CodingKey, target: Target) {
        self.target = target
        super.init(parent: parent, key: key)
    }

    deinit {
        let value = node ?? .object(ObjectNode())
        switch target {
        case .object(let object, let key): object.set(key, value)
        case .array(let array, let index): array.items.insert(value, at: min(index, array.items.count))
        }
    }
}

struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    let object: ObjectNode

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .literal("null")) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { object.set(key.stringValue, .literal(value ? "true" : "false")) }
    mutating func encode(_ value: String, forKey key: Key) throws { object.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: Double, forKey key: Key) throws { object.set(key.stringValue, try encoder.number(value, key: key)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { object.set(key.stringValue, try encoder.number(value, key: key)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(key.stringValue, try encoder.box(value, key: key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let name = key.stringValue
        let nested: ObjectNode
        if let index = object.last(name), case .object(let existing) = object.values[index] {
            nested = existing
        } else {
            nested = ObjectNode()
            object.set(name, .object(nested))
        }
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: TreeEncoder(parent: encoder, key: key), object: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let name = key.stringValue
        let nested: ArrayNode
        if let index = object.last(name), case .array(let existing) = object.values[index] {
            nested = existing
        } else {
            nested = ArrayNode()
            object.set(name, .array(nested))
        }
        return UnkeyedContainer(encoder: TreeEncoder(parent: encoder, key: key), array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        ReferencingEncoder(parent: encoder, key: SuperKey(), target: .object(object, "super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ReferencingEncoder(parent: encoder, key: key, target: .object(object, key.stringValue))
    }
}

struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    let array: ArrayNode

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { array.items.count }

    mutating func encodeNil() throws { array.items.append(.literal("null")) }
    mutating func encode(_ value: Bool) throws { array.items.append(.literal(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { array.items.append(.string(value)) }
    mutating func encode(_ value: Int) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int8) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int16) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int32) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int64) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt8) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt16) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt32) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt64) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: Double) throws { array.items.append(try encoder.number(value, key: IndexKey(count))) }
    mutating func encode(_ value: Float) throws { array.items.append(try encoder.number(value, key: IndexKey(count))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        array.items.append(try encoder.box(value, key: IndexKey(count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectNode()
        let key = IndexKey(count)
        array.items.append(.object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: TreeEncoder(parent: encoder, key: key), object: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ArrayNode()
        let key = IndexKey(count)
        array.items.append(.array(nested))
        return UnkeyedContainer(encoder: TreeEncoder(parent: encoder, key: key), array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        ReferencingEncoder(parent: encoder, key: IndexKey(count), target: .array(array, count))
    }
}

struct SingleValue: SingleValueEncodingContainer {
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeNil() throws { encoder.node = .literal("null") }
    func encode(_ value: Bool) throws { encoder.node = .literal(value ? "true" : "false") }
    func encode(_ value: String) throws { encoder.node = .string(value) }
    func encode(_ value: Int) throws { encoder.node = .literal(String(value)) }
    func encode(_ value: Int8) throws { encoder.node = .literal(String(value)) }
    func encode(_ value: Int16) throws { encoder.node = .literal(String(value)) }
    func encode(_ value: Int32) throws { encoder.node = .literal(String(value)) }
    func encode(_ value: Int64) throws { encoder.node = .literal(String(value)) }
    func encode(_ value: UInt) throws { encoder.node = .literal(String(value)) }
    func encode(_ value: UInt8) throws { encoder.node = .literal(String(value)) }
    func encode(_ value: UInt16) throws { encoder.node = .literal(String(value)) }
    func encode(_ value: UInt32) throws { encoder.node = .literal(String(value)) }
    func encode(_ value: UInt64) throws { encoder.node = .literal(String(value)) }
    func encode(_ value: Double) throws { encoder.node = try encoder.number(value, key: nil) }
    func encode(_ value: Float) throws { encoder.node = try encoder.number(value, key: nil) }
    func encode<T: Encodable>(_ value: T) throws { encoder.node = try encoder.box(value) }
}

// MARK: Writing

/// Foundation's pretty layout: two spaces an indent, `" : "` between key and value, keys in UTF-8 byte order, and
/// an empty container's brackets on separate lines.
struct PrettyWriter {
    static let maxDepth = 512
    /// What is being written now; `finished` holds the pieces before it, in order.
    var bytes: [UInt8] = []
    private var finished: [[UInt8]] = []

    init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    /// The document in the order written: the pieces set aside, then what was written last (never empty).
    func parts() -> [[UInt8]] { finished + [bytes] }

    mutating func write(_ node: OutputNode, depth: Int) throws {
        switch node {
        case .literal(let text): bytes.append(contentsOf: text.utf8)
        case .string(let text): writeString(text)
        case .array(let array):
            try writeContainer("[", "]", array.items, depth: depth) { writer, item in try writer.write(item, depth: depth + 1) }
        case .renderedArray(let render):
            // The runs become pieces of their own, not copied in: what is written so far is set aside, each run
            // follows it, and writing goes on in a new array.
            try writeContainer("[", "]", try render(depth + 1), depth: depth) { writer, run in
                writer.finished.append(writer.bytes)
                writer.finished.append(run)
                writer.bytes = []
            }
        case .object(let object):
            try writeContainer("{", "}", Self.sortedLastWins(object.keys), depth: depth) { writer, index in
                writer.writeString(object.keys[index])
                writer.bytes.append(0x20)
                writer.bytes.append(UInt8(ascii: ":"))
                writer.bytes.append(0x20)
                try writer.write(object.values[index], depth: depth + 1)
            }
        }
    }

    /// One container's layout: its opening bracket and a line break, each member on a line of its own one level in
    /// (",\n" between them), a line break and the closing bracket at this level; an empty container keeps the two
    /// line breaks, as Foundation writes it.
    private mutating func writeContainer<Member>(
        _ open: Unicode.Scalar, _ close: Unicode.Scalar, _ members: [Member], depth: Int,
        _ writeMember: (inout PrettyWriter, Member) throws -> Void
    ) throws {
        try checkDepth(depth)
        bytes.append(UInt8(ascii: open))
        bytes.append(0x0A)
        for (index, member) in members.enumerated() {
            if index > 0 { separate(depth: depth + 1) } else { indent(depth + 1) }
            try writeMember(&self, member)
        }
        bytes.append(0x0A)
        indent(depth)
        bytes.append(UInt8(ascii: close))
    }

    /// The positions of `keys` in UTF-8 byte order, a repeated key only at its last position.
    static func sortedLastWins(_ keys: [String]) -> [Int] {
        var order = Array(keys.indices)
        order.sort { left, right in
            let a = keys[left], b = keys[right]
            return a == b ? left < right : a.utf8.lexicographicallyPrecedes(b.utf8)
        }
        // Keys are written once almost always: then the order is the answer.
        if !order.indices.dropFirst().contains(where: { keys[order[$0 - 1]] == keys[order[$0]] }) { return order }
        var kept: [Int] = []
        kept.reserveCapacity(order.count)
        for (position, index) in order.enumerated() where position + 1 == order.count || keys[order[position + 1]] != keys[index] {
            kept.append(index)
        }
        return kept
    }

    func checkDepth(_ depth: Int) throws {
        guard depth + 1 < Self.maxDepth else {
            throw EncodingError.invalidValue(
                0, EncodingError.Context(codingPath: [], debugDescription: "Too many nested arrays or dictionaries."))
        }
    }

    /// Between two members of a container: a comma, a line break, and the next member's indent at `depth`.
    mutating func separate(depth: Int) {
        bytes.append(UInt8(ascii: ","))
        bytes.append(0x0A)
        indent(depth)
    }

    /// Two spaces a level, appended in one go rather than as a two-byte array a level.
    mutating func indent(_ depth: Int) {
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }

    /// A JSON string as Foundation escapes it: quote, backslash and control characters; "/" and non-ASCII as they are.
    mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var mark = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark..<index]))
                mark = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
