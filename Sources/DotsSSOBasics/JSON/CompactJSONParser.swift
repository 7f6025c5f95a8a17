import FoundationEssentials

/// The one validating pass behind `CompactJSON`: RFC 8259 strictly (UTF-8 checked, no trailing commas, no leading
/// zeros), nesting bounded, duplicate keys noted. It records only where containers start and end; the scalar
/// readers here are shared with `CompactJSON`, which reads values back from the bytes on demand.
package struct CompactJSONParser {
    package struct Parsed {
        package var starts: [Int32] = []
        package var ends: [Int32] = []
        package var root: Int32 = 0
        package var duplicateKeys: [Int32] = []
        package var duplicateKeyCount = 0
    }

    /// An open container: its index and (objects) where its keys begin in `keys`, so an object's keys so far are
    /// `keys[firstKey...]`.
    private struct Frame {
        var container: Int
        var isObject: Bool
        var firstKey: Int
    }

    /// A key of an open object: its quote offset, closing quote offset, whether it has escapes, and its first
    /// bytes packed with its length (two keys that differ there differ; most keys are told apart by it alone).
    private struct Key {
        var quote: Int32
        var end: Int32
        var escaped: Bool
        var prefix: UInt64
    }

    package static func parse(_ bytes: [UInt8]) throws -> Parsed {
        guard bytes.count <= CompactJSON.maxBytes else {
            throw CompactJSON.ParseError(
                message: "the document is larger than \(CompactJSON.maxBytes / 1_048_576) MiB", line: 1, column: 1, offset: 0)
        }
        return try bytes.withUnsafeBufferPointer { try run($0) }
    }

    // MARK: The pass

    /// The pass, its state in local variables: kept in a parser value, the position was written to memory and read
    /// back at every token.
    private static func run(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Parsed {
        let count = bytes.count
        var parsed = Parsed()
        var starts: [Int32] = []
        var ends: [Int32] = []
        starts.reserveCapacity(count / 24)
        ends.reserveCapacity(count / 24)
        var stack: [Frame] = []
        var keys: [Key] = []
        keys.reserveCapacity(64)
        var index = 0
        var expectingValue = true
        var expectingKey = false

        func fail(_ message: String, at offset: Int) -> CompactJSON.ParseError { Self.fail(bytes, message, at: offset) }
        /// Closes the innermost container at its bracket (`index`).
        func close() {
            let frame = stack.removeLast()
            ends[frame.container] = Int32(index)
            if frame.isObject {
                if keys.count - frame.firstKey > 1 { noteDuplicateKeys(bytes, keys[frame.firstKey...], into: &parsed) }
                keys.removeLast(keys.count - frame.firstKey)
            }
            index += 1
        }

        index = skipWhitespace(bytes, from: index)
        if index == count { throw fail("the file is empty", at: 0) }
        parsed.root =
            bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[")
            ? CompactJSON.containerNode(0, bracket: bytes[index]) : Int32(index)
        while true {
            index = skipWhitespace(bytes, from: index)
            if index >= count {
                if stack.isEmpty && !expectingValue { break }
                throw fail(
                    stack.isEmpty
                        ? "unexpected end of input"
                        : "unexpected end of input: \(stack.count) unclosed bracket\(stack.count == 1 ? "" : "s") (the file is truncated)",
                    at: count)
            }
            let byte = bytes[index]
            if !expectingValue && !expectingKey {
                guard let frame = stack.last else { throw fail("unexpected text after the JSON value", at: index) }
                switch byte {
                case UInt8(ascii: ","):
                    index += 1
                    expectingValue = true
                    expectingKey = frame.isObject
                case UInt8(ascii: "}") where frame.isObject, UInt8(ascii: "]") where !frame.isObject:
                    close()
                default:
                    throw fail("expected ',' or '\(frame.isObject ? "}" : "]")'", at: index)
                }
                continue
            }
            if expectingKey {
                guard byte == UInt8(ascii: "\"") else {
                    if byte == UInt8(ascii: "}"), let frame = stack.last, frame.isObject, keys.count == frame.firstKey {
                        close()
                        expectingKey = false
                        expectingValue = false
                        continue
                    }
                    throw fail(byte == UInt8(ascii: "}") ? "trailing comma before '}'" : "expected a string key", at: index)
                }
                let quote = index
                let (end, escaped) = try scanString(bytes, quote: quote)
                keys.append(Key(quote: Int32(quote), end: Int32(end), escaped: escaped, prefix: keyPrefix(bytes, quote: quote, end: end)))
                index = skipWhitespace(bytes, from: end + 1)
                guard index < count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after the key", at: index) }
                index += 1
                expectingKey = false
                expectingValue = true
                continue
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < CompactJSON.maxDepth else {
                    throw fail("nesting deeper than \(CompactJSON.maxDepth) levels; no animation needs that", at: index)
                }
                let isObject = byte == UInt8(ascii: "{")
                stack.append(Frame(container: starts.count, isObject: isObject, firstKey: keys.count))
                starts.append(Int32(index))
                ends.append(0)
                index = skipWhitespace(bytes, from: index + 1)
                expectingKey = isObject
                expectingValue = !isObject
                if index < count, !isObject, bytes[index] == UInt8(ascii: "]") {
                    close()
                    expectingValue = false
                }
                continue
            case UInt8(ascii: "]"):
                throw fail("trailing comma before ']'", at: index)
            case UInt8(ascii: "\""):
                index = try scanString(bytes, quote: index).end + 1
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                let literal: StaticString = byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null"
                let matches = literal.withUTF8Buffer { expected in
                    index + expected.count <= count && (0..<expected.count).allSatisfy { bytes[index + $0] == expected[$0] }
                }
                guard matches else { throw fail("unexpected '\(Character(UnicodeScalar(byte)))'", at: index) }
                index += literal.utf8CodeUnitCount
            default:
                guard byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) else {
                    throw fail(
                        "unexpected \(byte >= 0x20 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(PlainNumber.hexByte(byte))")",
                        at: index)
                }
                if let end = Self.plainNumberEnd(bytes, at: index) {
                    index = end
                } else {
                    switch Self.scanNumber(bytes, at: index) {
                    case .value(_, let end): index = end
                    case .invalid(let message, let offset): throw fail(message, at: offset)
                    }
                }
            }
            expectingValue = false
            expectingKey = false
        }
        parsed.starts = starts
        parsed.ends = ends
        return parsed
    }

    @inline(__always)
    private static func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    /// Scans the string whose opening quote is at `quote`: its closing quote, and whether it has escapes.
    @inline(__always)
    private static func scanString(_ bytes: UnsafeBufferPointer<UInt8>, quote: Int) throws -> (end: Int, escaped: Bool) {
        var index = quote + 1
        var escaped = false
        while true {
            guard index < bytes.count else { throw fail(bytes, "unterminated string", at: quote) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                guard index + 1 < bytes.count else { throw fail(bytes, "unterminated string", at: quote) }
                let next = bytes[index + 1]
                switch next {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 2
                case UInt8(ascii: "u"):
                    guard index + 5 < bytes.count, (index + 2..<index + 6).allSatisfy({ Self.hexValue(bytes[$0]) != nil }) else {
                        throw fail(bytes, "invalid \\u escape", at: index)
                    }
                    index += 6
                default:
                    throw fail(bytes, "invalid escape '\\\(Character(UnicodeScalar(next)))'", at: index)
                }
                continue
            }
            if byte < 0x20 { throw fail(bytes, "control character in a string", at: index) }
            if byte >= 0x80 {
                let length = Self.utf8SequenceLength(bytes, index)
                guard length > 0 else { throw fail(bytes, "invalid UTF-8", at: index) }
                index += length
                continue
            }
            index += 1
        }
        return (index, escaped)
    }

    /// A key's first (up to) seven bytes and its length, packed: equal for equal unescaped keys, and for most
    /// unequal ones unequal.
    @inline(__always)
    private static func keyPrefix(_ bytes: UnsafeBufferPointer<UInt8>, quote: Int, end: Int) -> UInt64 {
        let length = end - quote - 1
        var prefix = UInt64(truncatingIfNeeded: min(length, 255))
        for offset in 0..<min(length, 7) { prefix |= UInt64(bytes[quote + 1 + offset]) << (8 * (offset + 1)) }
        return prefix
    }

    /// Records keys seen earlier in the same object: pairwise comparison for the small objects animations are made
    /// of, a set for large ones; escaped keys are compared decoded.
    private static func noteDuplicateKeys(_ bytes: UnsafeBufferPointer<UInt8>, _ keys: ArraySlice<Key>, into parsed: inout Parsed) {
        func record(_ key: Key) {
            parsed.duplicateKeyCount += 1
            if parsed.duplicateKeys.count < CompactJSON.maxDuplicatesKept { parsed.duplicateKeys.append(key.quote) }
        }
        if keys.count <= 16 {
            if !keys.contains(where: \.escaped) {
                // The usual case: no escapes, so a key repeats only where its packed prefix does.
                for i in keys.indices.dropFirst() {
                    let key = keys[i]
                    var index = keys.startIndex
                    while index < i {
                        if keys[index].prefix == key.prefix && keysEqual(bytes, keys[index], key) {
                            record(key)
                            break
                        }
                        index += 1
                    }
                }
                return
            }
            for i in keys.indices.dropFirst() {
                if keys[keys.startIndex..<i].contains(where: { keysEqual(bytes, keys[i], $0) }) { record(keys[i]) }
            }
            return
        }
        var seen = Set<String>()
        for key in keys where !seen.insert(decoded(bytes, key)).inserted { record(key) }
    }

    private static func keysEqual(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Key, _ b: Key) -> Bool {
        if a.escaped || b.escaped { return decoded(bytes, a) == decoded(bytes, b) }
        guard a.end - a.quote == b.end - b.quote else { return false }
        return (1..<Int(a.end - a.quote)).allSatisfy { bytes[Int(a.quote) + $0] == bytes[Int(b.quote) + $0] }
    }

    private static func decoded(_ bytes: UnsafeBufferPointer<UInt8>, _ key: Key) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(key.quote) + 1..<Int(key.end)])
        return key.escaped ? Self.unescape(ArraySlice(raw)) : String(decoding: raw, as: UTF8.self)
    }

    private static func fail(_ bytes: UnsafeBufferPointer<UInt8>, _ message: String, at offset: Int) -> CompactJSON.ParseError {
        let (line, column) = Self.position(of: offset, in: bytes)
        return CompactJSON.ParseError(message: message, line: line, column: column, offset: offset)
    }

    // MARK: Scalars (shared with the reader)

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The closing quote of the (valid) string opening at `quote`, and whether it has escapes.
    package static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, quote: Int) -> (end: Int, escaped: Bool) {
        var index = quote + 1
        var escaped = false
        while true {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return (index, escaped) }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 2
            } else {
                index += 1
            }
        }
    }

    /// Where the (valid) scalar starting at `start` ends.
    static func scalarEnd(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        switch bytes[start] {
        case UInt8(ascii: "\""): return stringEnd(bytes, quote: start).end + 1
        case UInt8(ascii: "t"), UInt8(ascii: "n"): return start + 4
        case UInt8(ascii: "f"): return start + 5
        default:
            var index = start + 1
            while index < bytes.count {
                switch bytes[index] {
                case 0x30...0x39, UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"): index += 1
                default: return index
                }
            }
            return index
        }
    }

    /// Where the number at `start` ends when it is the plain kind animations are made of (`-12`, `0.5`: no exponent,
    /// under 300 integer digits), which is valid and finite; nil sends everything else to `scanNumber`.
    @inline(__always)
    static func plainNumberEnd(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let count = bytes.count
        var index = start
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count, bytes[index] &- 0x30 < 10 else { return nil }
        if bytes[index] == 0x30 {
            index += 1
        } else {
            let first = index
            while index < count, bytes[index] &- 0x30 < 10 { index += 1 }
            guard index - first <= 300 else { return nil }
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < count, bytes[index] &- 0x30 < 10 else { return nil }
            while index < count, bytes[index] &- 0x30 < 10 { index += 1 }
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") { return nil }
        return index
    }

    enum NumberRead {
        case value(Double, end: Int)
        case invalid(String, at: Int)
    }

    /// Checks the number at `start` without computing it (the parse only needs to know it is valid and finite): the
    /// same verdicts and messages as `readNumber`, which it asks only for numbers near the Double range's edge.
    static func scanNumber(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> NumberRead {
        let count = bytes.count
        var index = start
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func isDigit(_ index: Int) -> Bool { index < count && bytes[index] >= 0x30 && bytes[index] <= 0x39 }
        guard isDigit(index) else { return .invalid("invalid number", at: start) }
        // Digits before the point bound the magnitude: below 10^(integerDigits + exponent).
        var integerDigits = 0
        if bytes[index] == 0x30 {
            index += 1
        } else {
            while isDigit(index) { integerDigits += 1; index += 1 }
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return .invalid("invalid number: a digit must follow '.'", at: index) }
            while isDigit(index) { index += 1 }
        }
        var exponent = 0
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var negative = false
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                negative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard isDigit(index) else { return .invalid("invalid number exponent", at: index) }
            while isDigit(index) {
                exponent = min(exponent * 10 + Int(bytes[index] - 0x30), 100_000)
                index += 1
            }
            if negative { exponent = -exponent }
        }
        // Far below Double's 1.8e308; anything nearer is computed exactly as readers will.
        guard integerDigits + exponent > 300 else { return .value(0, end: index) }
        return readNumber(bytes, at: start)
    }

    /// Reads the number at `start`, correctly rounded (the Double Foundation's decoder and every strtod give): one
    /// exact multiplication or division for the usual few digits, the C library's conversion for the rest.
    static func readNumber(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> NumberRead {
        let count = bytes.count
        var index = start
        var negative = false
        if bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
        // Significant digits (leading zeros skipped) while they fit exactly, and the power of ten they are scaled by.
        var significand: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var exact = true
        func isDigit(_ index: Int) -> Bool { index < count && bytes[index] >= 0x30 && bytes[index] <= 0x39 }
        func take(_ digit: UInt64, inFraction: Bool) {
            if significand == 0 && digit == 0 {
                if inFraction { exponent -= 1 }
            } else if significantDigits < 15 {
                significand = significand * 10 + digit
                significantDigits += 1
                if inFraction { exponent -= 1 }
            } else {
                exact = false
            }
        }
        guard isDigit(index) else { return .invalid("invalid number", at: start) }
        if bytes[index] == 0x30 {
            index += 1
        } else {
            while isDigit(index) {
                take(UInt64(bytes[index] - 0x30), inFraction: false)
                index += 1
            }
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return .invalid("invalid number: a digit must follow '.'", at: index) }
            while isDigit(index) {
                take(UInt64(bytes[index] - 0x30), inFraction: true)
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
            guard isDigit(index) else { return .invalid("invalid number exponent", at: index) }
            var value = 0
            while isDigit(index) {
                value = min(value * 10 + Int(bytes[index] - 0x30), 100_000)
                index += 1
            }
            exponent += exponentNegative ? -value : value
        }
        var number: Double
        if significand == 0 || (exact && (-22...22).contains(exponent)) {
            // Both operands exact (under 2^53 and 10^22), so the one rounding is the right one.
            if significand == 0 {
                number = 0
            } else {
                let scale = exactPowersOfTen[abs(exponent)]
                number = exponent < 0 ? Double(significand) / scale : Double(significand) * scale
            }
            if negative { number = -number }
        } else {
            number = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) ?? .infinity
        }
        guard number.isFinite else { return .invalid("the number is too large to represent", at: start) }
        return .value(number, end: index)
    }

    /// 10^0 … 10^22, every one exactly representable.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14,
        1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// 1-based line and column of a byte offset.
    static func position<Bytes: RandomAccessCollection<UInt8>>(of offset: Int, in bytes: Bytes) -> (line: Int, column: Int)
    where Bytes.Index == Int {
        var line = 1, lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
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
    static func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
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
                if (0xD800...0xDBFF).contains(code), index + 5 < raw.endIndex, raw[index] == UInt8(ascii: "\\"),
                    raw[index + 1] == UInt8(ascii: "u")
                {
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
