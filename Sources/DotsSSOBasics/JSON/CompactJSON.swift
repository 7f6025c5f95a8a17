import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A whole JSON document validated once and kept compact: the bytes as read, plus where each object and array starts
/// and ends (8 bytes per container, nothing per scalar). Scalars are read from the bytes when asked for, children are
/// found by scanning between containers. No recursion (hostile nesting cannot overflow the stack), no per-value
/// allocation: a 50 MB animation needs its 50 MB and about half as much again, not ten times as much.
///
/// A node is an `Int32`: a scalar or an object key is its byte offset; a container is its index among the
/// containers with `containerFlag` set, and `objectFlag` too for an object (so asking a container's kind reads no
/// memory: a walk asks it of nearly every value). Scalars and keys grow in document order, and so do objects and
/// arrays, each among their own kind.
///
/// Public, though nothing outside this package can see it (the package ships only a binary): Swift 6.3 inlines no
/// `@inlinable` member of a `package` type into another module, and the walks in the core ask a node's kind, or a
/// key set's answer, millions of times. Its members stay `package`.
public final class CompactJSON: Sendable {
    public enum Kind: UInt8, Sendable { case null, bool, number, string, array, object }

    /// A parse failure with the 1-based line and column of the offending byte.
    package struct ParseError: Error, Sendable, Equatable {
        package let message: String
        package let line: Int
        package let column: Int
        package let offset: Int

        /// "line L, column C: what is wrong", the way every message about a broken file says it.
        package var located: String { "line \(line), column \(column): \(message)" }

        package init(message: String, line: Int, column: Int, offset: Int) {
            self.message = message
            self.line = line
            self.column = column
            self.offset = offset
        }
    }

    package static let maxDepth = 512
    /// The largest document: a node keeps a byte offset in 29 bits, or a container index under `objectFlag`.
    package static let maxBytes = (1 << 29) - 1
    @inlinable package static var containerFlag: Int32 { 1 << 30 }
    /// Set beside `containerFlag` on an object's node. Container indices stay below it: a container takes two bytes.
    @inlinable package static var objectFlag: Int32 { 1 << 29 }

    @usableFromInline package let bytes: [UInt8]
    /// Byte offset of each container's opening and closing bracket, in document order.
    package let starts: [Int32]
    let ends: [Int32]

    package let root: Int32

    /// Keys that appear more than once in one object, each as its later key node (at most `maxDuplicatesKept`;
    /// `duplicateKeyCount` counts them all). Readers disagree on which value counts, so validators report them.
    package let duplicateKeys: [Int32]
    package let duplicateKeyCount: Int
    static let maxDuplicatesKept = 20

    /// Parses a copy of `data`; for big inputs read straight into bytes, use `init(bytes:)`.
    package convenience init(_ data: Data) throws {
        try self.init(bytes: [UInt8](data))
    }

    /// Parses `bytes`, which the document keeps (no copy).
    package init(bytes: [UInt8]) throws {
        let parsed = try CompactJSONParser.parse(bytes)
        self.bytes = bytes
        starts = parsed.starts
        ends = parsed.ends
        root = parsed.root
        duplicateKeys = parsed.duplicateKeys
        duplicateKeyCount = parsed.duplicateKeyCount
    }

    private init(twinOf other: CompactJSON) {
        bytes = other.bytes
        starts = other.starts
        ends = other.ends
        root = other.root
        duplicateKeys = other.duplicateKeys
        duplicateKeyCount = other.duplicateKeyCount
    }

    /// The same document (its arrays shared, nothing copied) as an object of its own, for a thread that reads it
    /// beside others: every walk retains and releases the document it reads, and threads sharing one object spent
    /// a third of their time contending for its reference count.
    package func twin() -> CompactJSON { CompactJSON(twinOf: self) }

    // MARK: Reading values

    package func isContainer(_ node: Int32) -> Bool { node & Self.containerFlag != 0 }

    /// Whether a node is an object, or an array: its flags say, so walks ask it inline, reading no memory.
    @inlinable package func isObject(_ node: Int32) -> Bool {
        node & (Self.containerFlag | Self.objectFlag) == Self.containerFlag | Self.objectFlag
    }

    @inlinable package func isArray(_ node: Int32) -> Bool {
        node & (Self.containerFlag | Self.objectFlag) == Self.containerFlag
    }
    func containerIndex(_ node: Int32) -> Int { Int(node & ~(Self.containerFlag | Self.objectFlag)) }

    /// The node of container `index`, whose opening bracket is `bracket`.
    @inline(__always)
    static func containerNode(_ index: Int, bracket: UInt8) -> Int32 {
        Int32(index) | containerFlag | (bracket == UInt8(ascii: "{") ? objectFlag : 0)
    }

    /// The node of container `index` (in document order among all containers).
    package func containerNode(_ index: Int) -> Int32 {
        Self.containerNode(index, bracket: bytes[Int(starts[index])])
    }

    /// Where the value (or key) starts in the bytes, for messages.
    package func offset(_ node: Int32) -> Int {
        isContainer(node) ? Int(starts[containerIndex(node)]) : Int(node)
    }

    /// Inlined where walks ask it (a call for each value was 2 % of a big animation's validation).
    @inlinable package func kind(_ node: Int32) -> Kind {
        if node & Self.containerFlag != 0 { return node & Self.objectFlag != 0 ? .object : .array }
        return switch bytes[Int(node)] {
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        case UInt8(ascii: "n"): .null
        default: .number
        }
    }

    package func number(_ node: Int32) -> Double? {
        guard !isContainer(node), kind(node) == .number else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            // A lone digit (Lottie's flags, layer types, most counts) is its value: no conversion.
            let at = Int(node)
            let digit = buffer[at] &- 0x30
            if digit < 10, at + 1 < buffer.count, !CompactJSONParser.continuesNumber(buffer[at + 1]) { return Double(digit) }
            if case .value(let value, _) = CompactJSONParser.readNumber(buffer, at: at) { return value }
            return nil
        }
    }

    /// A value's number when it is one and finite. (The parser refuses numbers beyond Double's range; the check
    /// keeps every figure a report prints finite whatever reads it.)
    package func finiteNumber(_ node: Int32?) -> Double? {
        guard let node, let value = number(node), value.isFinite else { return nil }
        return value
    }

    /// The finite number at `key` of an object.
    package func finiteNumber(_ node: Int32, _ key: StaticString) -> Double? {
        finiteNumber(member(node, key))
    }

    package func bool(_ node: Int32) -> Bool? {
        guard !isContainer(node), kind(node) == .bool else { return nil }
        return bytes[Int(node)] == UInt8(ascii: "t")
    }

    /// The string value (escapes decoded), or nil for other kinds.
    package func string(_ node: Int32) -> String? {
        guard !isContainer(node), bytes[Int(node)] == UInt8(ascii: "\"") else { return nil }
        // From the bytes' pointer: copying the array to slice it retained its storage, which the threads walking
        // twins of one document all share.
        return bytes.withUnsafeBufferPointer { buffer in
            let (end, escaped) = CompactJSONParser.stringEnd(buffer, quote: Int(node))
            let raw = UnsafeBufferPointer(rebasing: buffer[Int(node) + 1..<end])
            return escaped ? CompactJSONParser.unescape(ArraySlice(raw)) : String(decoding: raw, as: UTF8.self)
        }
    }

    /// Whether a string node equals `text` (no allocation unless the string has escapes).
    package func stringEquals(_ node: Int32, _ text: StaticString) -> Bool {
        guard !isContainer(node) else { return false }
        return bytes.withUnsafeBufferPointer { stringEquals($0, node, text) }
    }

    /// `stringEquals` over the bytes' pointer, for scans that hold it. Up to the first backslash the raw bytes are
    /// the decoded ones; a string with an escape before the answer is decoded.
    @inline(__always)
    func stringEquals(_ bytes: UnsafeBufferPointer<UInt8>, _ node: Int32, _ text: StaticString) -> Bool {
        let start = Int(node)
        guard bytes[start] == UInt8(ascii: "\"") else { return false }
        let length = text.utf8CodeUnitCount
        let raw: Bool? = text.withUTF8Buffer { expected in
            for index in 0..<length {
                let byte = bytes[start &+ 1 &+ index]
                if byte == UInt8(ascii: "\\") { return nil }
                if byte != expected[index] { return false }
            }
            let next = bytes[start &+ 1 &+ length]
            return next == UInt8(ascii: "\\") ? nil : next == UInt8(ascii: "\"")
        }
        return raw ?? (string(node) == text.description)
    }

    // MARK: Children

    /// Array elements in order.
    package func elements(_ node: Int32) -> Elements {
        Elements(children: kind(node) == .array ? Children(self, node) : nil)
    }

    /// Object members in order, as (key node, value node).
    package func members(_ node: Int32) -> Members {
        Members(children: kind(node) == .object ? Children(self, node) : nil)
    }

    /// The number of elements or members (0 for scalars).
    package func count(_ node: Int32) -> Int {
        guard isContainer(node) else { return 0 }
        return withScan { scan in
            var cursor = ChildCursor(scan, container: containerIndex(node))
            var count = 0
            while cursor.next(scan) != nil { count += 1 }
            return count
        }
    }

    /// An array's first element, or nil (empty, or not an array).
    package func firstElement(_ node: Int32) -> Int32? {
        guard kind(node) == .array else { return nil }
        return withScan { scan in
            var cursor = ChildCursor(scan, container: containerIndex(node))
            return cursor.next(scan)?.value
        }
    }

    /// The value of `key` in an object (the last one wins, as in most parsers), or nil.
    package func member(_ node: Int32, _ key: StaticString) -> Int32? {
        guard kind(node) == .object else { return nil }
        // Without a repeated key anywhere in the document the first match is the only one: stop there.
        let firstWins = duplicateKeyCount == 0
        return withScan { scan in
            var cursor = ChildCursor(scan, container: containerIndex(node))
            var found: Int32?
            while let child = cursor.next(scan) {
                if stringEquals(scan.bytes, child.key, key) {
                    if firstWins { return child.value }
                    found = child.value
                }
            }
            return found
        }
    }

    /// The values of `keys` in an object (nil where absent), found in one pass over its members, the last of a
    /// repeated key winning as in `member`: for a walk that asks every object of a kind for many keys, most of them
    /// absent, where one `member` call per key scans the object again each time. Each member's key is compared only
    /// with the keys that start with its first byte, and the answer is kept inline (no allocation per object).
    package func members(_ node: Int32, _ keys: KeySet) -> KeySet.Found {
        var found = KeySet.Found()
        guard kind(node) == .object else { return found }
        withScan { scan in
            var cursor = ChildCursor(scan, container: containerIndex(node))
            while let child = cursor.next(scan) {
                let first = scan.bytes[Int(child.key) &+ 1]
                // A key spelled with an escape is compared, decoded, with every key.
                var candidates = first == UInt8(ascii: "\\") ? keys.all : keys.startingWith[Int(first)]
                guard candidates != 0 else { continue }
                // A plain key is compared packed with the short keys, and byte by byte with the long ones.
                let name = cursor.keyEscaped ? nil : Self.plainShortName(scan.bytes, quote: Int(child.key), end: cursor.keyEnd)
                while candidates != 0 {
                    let index = candidates.trailingZeroBitCount
                    candidates &= candidates &- 1
                    let packed = keys.names[index]
                    let equal =
                        cursor.keyEscaped || packed == 0 ? stringEquals(scan.bytes, child.key, keys.keys[index]) : name?.packed == packed
                    if equal { found.values[index] = child.value }
                }
            }
        }
        return found
    }

    /// Every object and array, in document order (for whole-file scans).
    package var allContainers: LazyMapSequence<Range<Int>, Int32> {
        (0..<starts.count).lazy.map(containerNode)
    }

    /// Every value in document order, the root first; object keys are not values and are not included.
    package var allValues: AllValues { AllValues(document: self) }

    /// The JSON path of a value or key (`$.layers[3].ks`), found by descending from the root: at each level the
    /// child holding the target is the last one starting at or before it.
    package func path(to node: Int32) -> String {
        let target = offset(node)
        var path = "$"
        var current = root
        while current != node, isContainer(current) {
            let isObject = kind(current) == .object
            var chosen: (key: Int32, value: Int32, position: Int)?
            var iterator = Children(self, current)
            var position = 0
            while let child = iterator.next(), (isObject ? Int(child.key) : offset(child.value)) <= target {
                chosen = (child.key, child.value, position)
                position += 1
            }
            guard let chosen else { return path }
            if isObject {
                let name = string(chosen.key) ?? "?"
                let plain =
                    !name.isEmpty
                    && name.utf8.allSatisfy {
                        ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F
                    }
                path += plain ? ".\(name)" : "[\"\(name.replacing("\"", with: "\\\""))\"]"
                if chosen.key == node { return path }
            } else {
                path += "[\(chosen.position)]"
            }
            current = chosen.value
        }
        return path
    }

    /// False when no object in the document can have `key` (a plain ASCII name) with a string value: `"key"`, a
    /// colon and a quote appear nowhere in that order (whitespace aside), and no `\u` escape could spell the key. A
    /// whole-document search (memchr for the key's first byte) that lets a check for a rare member skip visiting
    /// every object.
    package func mayHaveStringMember(_ key: StaticString) -> Bool {
        let name = key.withUTF8Buffer { Array($0) }
        let bytes = bytes
        // A big document is searched in shares on every core: the two whole-document searches were 5 ms of a 50 MB
        // animation's run with the other core idle. A share may answer true for a `\u` split across two shares,
        // which costs only the visit this spares.
        let found = ThreadShares.run(count: bytes.count, minimumShare: 8 << 20) { range in
            bytes.withUnsafeBufferPointer { Self.mayHaveStringMember(name, in: $0, startingIn: range) }
        }
        return found.contains(true)
    }

    /// `mayHaveStringMember` for the matches that start in `range` (reading past it where a match runs on).
    private static func mayHaveStringMember(_ name: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, startingIn range: Range<Int>)
        -> Bool
    {
        guard let base = buffer.baseAddress, let first = name.first else { return false }
        let count = buffer.count
        var from = range.lowerBound
        while from < range.upperBound, let hit = memchr(base + from, Int32(first), range.upperBound - from) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            from = at + 1
            guard at > 0, buffer[at - 1] == UInt8(ascii: "\""), at + name.count < count,
                (0..<name.count).allSatisfy({ buffer[at + $0] == name[$0] }),
                buffer[at + name.count] == UInt8(ascii: "\"")
            else { continue }
            var index = at + name.count + 1
            while index < count, CompactJSONParser.isWhitespace(buffer[index]) { index += 1 }
            guard index < count, buffer[index] == UInt8(ascii: ":") else { continue }
            index += 1
            while index < count, CompactJSONParser.isWhitespace(buffer[index]) { index += 1 }
            if index < count, buffer[index] == UInt8(ascii: "\"") { return true }
        }
        // No plain spelling; an escaped one needs a \u somewhere.
        var index = range.lowerBound
        let end = min(range.upperBound, count - 1)
        while index < end, let hit = memchr(base + index, Int32(UInt8(ascii: "\\")), end - index) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if buffer[at + 1] == UInt8(ascii: "u") { return true }
            index = at + 2  // skip the escaped character (it may itself be a backslash)
        }
        return false
    }

    /// 1-based line and column of a byte offset.
    package func position(of offset: Int) -> (line: Int, column: Int) {
        CompactJSONParser.position(of: offset, in: bytes)
    }
}
