import Foundation

/// A whole JSON document parsed once into flat arrays: no recursion (so hostile nesting cannot overflow the
/// stack), no per-value allocation, strings decoded only when asked for. Made for validating large files fast.
public final class CompactJSON: @unchecked Sendable {
    // @unchecked: the arrays are filled in `init` and only read afterwards.
    public enum Kind: UInt8, Sendable { case null, bool, number, string, array, object }

    /// One value. Strings: `start` = byte offset inside the quotes, `length` = byte length. Containers: `start` =
    /// first slot in `children`, `length` = element or member count (objects use two slots per member: key, value).
    struct Node {
        var kind: Kind
        var flag: Bool  // bool value, or "string has escapes"
        var start: Int32
        var length: Int32
        var number: Double
        var offset: Int32  // where the value starts, for messages
    }

    /// A parse failure with the 1-based line and column of the offending byte.
    public struct ParseError: Error, Sendable, Equatable {
        public let message: String
        public let line: Int
        public let column: Int
        public let offset: Int
    }

    public static let maxDepth = 512

    let bytes: [UInt8]
    private(set) var nodes: [Node] = []
    private(set) var children: [Int32] = []

    public var root: Int32 { 0 }

    /// Keys that appear more than once in one object, each as its later key node (at most `maxDuplicatesKept`;
    /// `duplicateKeyCount` counts them all). Readers disagree on which value counts, so validators report them.
    public private(set) var duplicateKeys: [Int32] = []
    public private(set) var duplicateKeyCount = 0
    static let maxDuplicatesKept = 20

    /// Every value in document order (for whole-file scans).
    public var allNodes: Range<Int32> { 0..<Int32(nodes.count) }

    public init(_ data: Data) throws {
        bytes = [UInt8](data)
        try parse()
    }

    // MARK: Reading

    public func kind(_ node: Int32) -> Kind { nodes[Int(node)].kind }
    public func number(_ node: Int32) -> Double? { kind(node) == .number ? nodes[Int(node)].number : nil }
    public func bool(_ node: Int32) -> Bool? { kind(node) == .bool ? nodes[Int(node)].flag : nil }
    public func count(_ node: Int32) -> Int { kind(node) == .array || kind(node) == .object ? Int(nodes[Int(node)].length) : 0 }
    public func offset(_ node: Int32) -> Int { Int(nodes[Int(node)].offset) }

    /// The string value (escapes decoded), or nil for other kinds.
    public func string(_ node: Int32) -> String? {
        let value = nodes[Int(node)]
        guard value.kind == .string else { return nil }
        let start = Int(value.start), end = start + Int(value.length)
        if !value.flag { return String(decoding: bytes[start..<end], as: UTF8.self) }
        return Self.unescape(bytes[start..<end])
    }

    /// Whether a string node equals `text` (no allocation for plain strings).
    public func stringEquals(_ node: Int32, _ text: StaticString) -> Bool {
        let value = nodes[Int(node)]
        guard value.kind == .string else { return false }
        if value.flag { return string(node) == text.description }
        guard Int(value.length) == text.utf8CodeUnitCount else { return false }
        let start = Int(value.start)
        return text.withUTF8Buffer { buffer in
            for index in 0..<buffer.count where bytes[start + index] != buffer[index] { return false }
            return true
        }
    }

    /// Array elements in order.
    public func elements(_ node: Int32) -> ArraySlice<Int32> {
        let value = nodes[Int(node)]
        guard value.kind == .array else { return [] }
        return children[Int(value.start)..<Int(value.start + value.length)]
    }

    /// Object members in order, as (key node, value node).
    public func members(_ node: Int32) -> [(key: Int32, value: Int32)] {
        let value = nodes[Int(node)]
        guard value.kind == .object else { return [] }
        var result: [(key: Int32, value: Int32)] = []
        result.reserveCapacity(Int(value.length))
        var slot = Int(value.start)
        for _ in 0..<Int(value.length) {
            result.append((children[slot], children[slot + 1]))
            slot += 2
        }
        return result
    }

    /// The value of `key` in an object (the last one wins, as in most parsers), or nil.
    public func member(_ node: Int32, _ key: StaticString) -> Int32? {
        let value = nodes[Int(node)]
        guard value.kind == .object else { return nil }
        var found: Int32?
        var slot = Int(value.start)
        for _ in 0..<Int(value.length) {
            if stringEquals(children[slot], key) { found = children[slot + 1] }
            slot += 2
        }
        return found
    }

    /// The JSON path of a value or key (`$.layers[3].ks`), found by descending from the root: nodes are numbered in
    /// document order, so the child holding `node` is the last one numbered at or below it.
    public func path(to node: Int32) -> String {
        var path = "$"
        var current = root
        while current != node {
            let value = nodes[Int(current)]
            switch value.kind {
            case .array:
                guard let (position, element) = elements(current).enumerated().last(where: { $0.element <= node }) else { return path }
                path += "[\(position)]"
                current = element
            case .object:
                guard let member = members(current).last(where: { $0.key <= node }) else { return path }
                let name = string(member.key) ?? "?"
                let plain = !name.isEmpty && name.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }
                path += plain ? ".\(name)" : "[\"\(name.replacingOccurrences(of: "\"", with: "\\\""))\"]"
                if member.key == node { return path }
                current = member.value
            default:
                return path
            }
        }
        return path
    }

    /// Records keys seen earlier in the same object: pairwise byte comparison for the small objects animations are
    /// made of, a set for large ones; escaped keys are compared decoded.
    private func noteDuplicateKeys(from start: Int, count: Int) {
        func record(_ key: Int32) {
            duplicateKeyCount += 1
            if duplicateKeys.count < Self.maxDuplicatesKept { duplicateKeys.append(key) }
        }
        if count <= 16 {
            for i in 1..<count {
                let key = children[start + 2 * i]
                for j in 0..<i where keysEqual(key, children[start + 2 * j]) {
                    record(key)
                    break
                }
            }
            return
        }
        var seen = Set<String>()
        for i in 0..<count {
            let key = children[start + 2 * i]
            if !seen.insert(string(key) ?? "").inserted { record(key) }
        }
    }

    private func keysEqual(_ a: Int32, _ b: Int32) -> Bool {
        let left = nodes[Int(a)], right = nodes[Int(b)]
        if left.flag || right.flag { return string(a) == string(b) }
        guard left.length == right.length else { return false }
        return bytes[Int(left.start)..<Int(left.start + left.length)].elementsEqual(bytes[Int(right.start)..<Int(right.start + right.length)])
    }

    /// 1-based line and column of a byte offset.
    public func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    // MARK: Parsing

    private func fail(_ message: String, at offset: Int) -> ParseError {
        let (line, column) = position(of: offset)
        return ParseError(message: message, line: line, column: column, offset: offset)
    }

    private func parse() throws {
        nodes.reserveCapacity(bytes.count / 6)
        children.reserveCapacity(bytes.count / 5)
        // Open containers: node index, scratch start, expecting a key next (objects), after a comma.
        var stack: [(node: Int32, scratch: Int, isObject: Bool)] = []
        var scratch: [Int32] = []
        var index = 0
        let count = bytes.count
        var expectingValue = true
        var expectingKey = false

        func skipWhitespace() {
            while index < count {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 } else { break }
            }
        }

        func close(_ isObject: Bool) throws {
            guard let frame = stack.last, frame.isObject == isObject else {
                throw fail("unexpected '\(isObject ? "}" : "]")'", at: index)
            }
            stack.removeLast()
            let start = children.count
            children.append(contentsOf: scratch[frame.scratch...])
            scratch.removeSubrange(frame.scratch...)
            let items = (children.count - start) / (isObject ? 2 : 1)
            nodes[Int(frame.node)].start = Int32(start)
            nodes[Int(frame.node)].length = Int32(items)
            if isObject && items > 1 { noteDuplicateKeys(from: start, count: items) }
            index += 1
            finishValue(frame.node)
        }

        func finishValue(_ node: Int32) {
            if !stack.isEmpty { scratch.append(node) }
            expectingValue = false
            expectingKey = false
        }

        skipWhitespace()
        if index == count { throw fail("the file is empty", at: 0) }
        while true {
            skipWhitespace()
            if index >= count {
                if stack.isEmpty && !expectingValue { return }
                throw fail(stack.isEmpty ? "unexpected end of input" : "unexpected end of input: \(stack.count) unclosed bracket\(stack.count == 1 ? "" : "s") (the file is truncated)", at: count)
            }
            let byte = bytes[index]
            if !expectingValue && !expectingKey {
                if stack.isEmpty { throw fail("unexpected text after the JSON value", at: index) }
                let frame = stack.last!
                switch byte {
                case UInt8(ascii: ","):
                    index += 1
                    expectingValue = true
                    expectingKey = frame.isObject
                    continue
                case UInt8(ascii: "}") where frame.isObject:
                    try close(true)
                    continue
                case UInt8(ascii: "]") where !frame.isObject:
                    try close(false)
                    continue
                default:
                    throw fail("expected ',' or '\(frame.isObject ? "}" : "]")'", at: index)
                }
            }
            if expectingKey {
                guard byte == UInt8(ascii: "\"") else {
                    if byte == UInt8(ascii: "}"), let frame = stack.last, frame.isObject, scratch.count == frame.scratch {
                        try close(true)
                        continue
                    }
                    throw fail(byte == UInt8(ascii: "}") ? "trailing comma before '}'" : "expected a string key", at: index)
                }
                let key = try parseString()
                scratch.append(key)
                skipWhitespace()
                guard index < count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after the key", at: index) }
                index += 1
                expectingKey = false
                expectingValue = true
                continue
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < Self.maxDepth else {
                    throw fail("nesting deeper than \(Self.maxDepth) levels; no animation needs that", at: index)
                }
                let isObject = byte == UInt8(ascii: "{")
                let node = Int32(nodes.count)
                nodes.append(Node(kind: isObject ? .object : .array, flag: false, start: 0, length: 0, number: 0, offset: Int32(index)))
                stack.append((node, scratch.count, isObject))
                index += 1
                expectingKey = isObject
                expectingValue = !isObject
                skipWhitespace()
                if index < count, !isObject, bytes[index] == UInt8(ascii: "]") { try close(false) }
            case UInt8(ascii: "]"):
                if let frame = stack.last, !frame.isObject, scratch.count == frame.scratch {
                    try close(false)
                } else {
                    throw fail("trailing comma before ']'", at: index)
                }
            case UInt8(ascii: "\""):
                finishValue(try parseString())
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                let start = index
                for (literal, kind, flag) in [("true", Kind.bool, true), ("false", Kind.bool, false), ("null", Kind.null, false)] {
                    let utf8 = Array(literal.utf8)
                    if index + utf8.count <= count && Array(bytes[index..<index + utf8.count]) == utf8 {
                        nodes.append(Node(kind: kind, flag: flag, start: 0, length: 0, number: 0, offset: Int32(start)))
                        index += utf8.count
                        finishValue(Int32(nodes.count - 1))
                        break
                    }
                }
                if index == start { throw fail("unexpected '\(Character(UnicodeScalar(byte)))'", at: index) }
            default:
                if byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) {
                    finishValue(try parseNumber())
                } else {
                    throw fail("unexpected \(byte >= 0x20 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : String(format: "byte 0x%02X", byte))", at: index)
                }
            }
        }

        func parseString() throws -> Int32 {
            let quote = index
            index += 1
            let start = index
            var escaped = false
            while true {
                guard index < count else { throw fail("unterminated string", at: quote) }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    guard index + 1 < count else { throw fail("unterminated string", at: quote) }
                    let next = bytes[index + 1]
                    switch next {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                         UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        index += 2
                    case UInt8(ascii: "u"):
                        guard index + 5 < count, bytes[index + 2..<index + 6].allSatisfy({ Self.hexValue($0) != nil }) else {
                            throw fail("invalid \\u escape", at: index)
                        }
                        index += 6
                    default:
                        throw fail("invalid escape '\\\(Character(UnicodeScalar(next)))'", at: index)
                    }
                    continue
                }
                if byte < 0x20 { throw fail("control character in a string", at: index) }
                if byte >= 0x80 {
                    let length = Self.utf8SequenceLength(bytes, index)
                    guard length > 0 else { throw fail("invalid UTF-8", at: index) }
                    index += length
                    continue
                }
                index += 1
            }
            nodes.append(Node(kind: .string, flag: escaped, start: Int32(start), length: Int32(index - start), number: 0, offset: Int32(quote)))
            index += 1
            return Int32(nodes.count - 1)
        }

        func parseNumber() throws -> Int32 {
            let start = index
            var negative = false
            if bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
            var mantissa: Double = 0
            var digits = 0
            var exponent = 0
            guard index < count, bytes[index] >= 0x30 && bytes[index] <= 0x39 else { throw fail("invalid number", at: start) }
            if bytes[index] == 0x30 {
                index += 1
            } else {
                while index < count, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
                    if digits < 19 { mantissa = mantissa * 10 + Double(bytes[index] - 0x30); digits += 1 } else { exponent += 1 }
                    index += 1
                }
            }
            if index < count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard index < count, bytes[index] >= 0x30 && bytes[index] <= 0x39 else { throw fail("invalid number: a digit must follow '.'", at: index) }
                while index < count, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
                    if digits < 19 { mantissa = mantissa * 10 + Double(bytes[index] - 0x30); digits += 1; exponent -= 1 }
                    index += 1
                }
            }
            if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                var exponentNegative = false
                if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    exponentNegative = bytes[index] == UInt8(ascii: "-")
                    index += 1
                }
                guard index < count, bytes[index] >= 0x30 && bytes[index] <= 0x39 else { throw fail("invalid number exponent", at: index) }
                var value = 0
                while index < count, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
                    value = min(value * 10 + Int(bytes[index] - 0x30), 100_000)
                    index += 1
                }
                exponent += exponentNegative ? -value : value
            }
            var number = mantissa == 0 ? 0 : mantissa * pow(10, Double(exponent))
            if negative { number = -number }
            guard number.isFinite else { throw fail("the number is too large to represent", at: start) }
            nodes.append(Node(kind: .number, flag: false, start: 0, length: 0, number: number, offset: Int32(start)))
            return Int32(nodes.count - 1)
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    /// The length of a well-formed UTF-8 sequence starting at `index`, or 0 when it is invalid.
    static func utf8SequenceLength(_ bytes: [UInt8], _ index: Int) -> Int {
        let first = bytes[index]
        let length: Int
        var minimum: UInt32
        var scalar: UInt32
        switch first {
        case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(first & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(first & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(first & 0x07)
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return 0 }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return 0 }
        return length
    }

    static func unescape(_ raw: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        var index = raw.startIndex
        func flush() {
            if !utf8.isEmpty {
                scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
                utf8.removeAll(keepingCapacity: true)
            }
        }
        while index < raw.endIndex {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                index += 1
                continue
            }
            flush()
            let next = raw[index + 1]
            switch next {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "u"):
                var code: UInt32 = 0
                for offset in 2..<6 { code = code << 4 | (hexValue(raw[index + offset]) ?? 0) }
                index += 6
                if (0xD800...0xDBFF).contains(code), index + 5 < raw.endIndex, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u") {
                    var low: UInt32 = 0
                    for offset in 2..<6 { low = low << 4 | (hexValue(raw[index + offset]) ?? 0) }
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                scalars.append(UnicodeScalar(code) ?? "\u{FFFD}")
                continue
            default: scalars.append(UnicodeScalar(next))
            }
            index += 2
        }
        flush()
        return String(scalars)
    }
}
