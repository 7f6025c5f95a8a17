import FoundationEssentials

/// The one validating pass behind `CompactJSON`: RFC 8259 strictly (UTF-8 checked, no trailing commas, no leading
/// zeros), nesting bounded, duplicate keys noted. It records only where containers start and end; the scalar
/// readers here are shared with `CompactJSON`, which reads values back from the bytes on demand.
package struct CompactJSONParser {
    package struct Parsed: Equatable, Sendable {
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
        try parse(bytes, splitAt: nil).parsed
    }

    /// The parse, in two halves at once when that works out (`halved`): at `split`, or when nil near the middle of a
    /// document of `splitFromBytes` or more on a machine of two cores or more; a split at 0 or at the end is one
    /// pass. Tests and the fuzzer split small documents anywhere and compare with one pass (`SplitParseCheck`).
    package static func parse(_ bytes: [UInt8], splitAt split: Int?) throws -> (parsed: Parsed, halved: Bool) {
        guard bytes.count <= CompactJSON.maxBytes else {
            throw CompactJSON.ParseError(
                message: "the document is larger than \(CompactJSON.maxBytes / 1_048_576) MiB", line: 1, column: 1, offset: 0)
        }
        return try bytes.withUnsafeBufferPointer { buffer in
            let chosen =
                split
                ?? (buffer.count >= splitFromBytes && ProcessorCount.available > 1 ? splitPoint(buffer) : nil)
            if let chosen, chosen > 0, chosen < buffer.count, let parsed = parseInTwo(buffer, at: chosen) {
                return (parsed, true)
            }
            return (try parseWhole(buffer), false)
        }
    }

    /// From this size a document is parsed in two halves at once. Commands that read many files read smaller ones
    /// one per core at once (`bodymovin validate` below 16 MiB), where a second thread would only compete; larger
    /// ones come one at a time, with a core to spare.
    static let splitFromBytes = 16 << 20

    private static func parseWhole(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Parsed {
        let part = try pass(bytes, from: 0, to: bytes.count, second: false)
        return Parsed(
            starts: part.starts, ends: part.ends, root: part.root, duplicateKeys: part.duplicateKeys,
            duplicateKeyCount: part.duplicateKeyCount)
    }

    // MARK: Two halves at once

    /// Where a second half may start: just after a comma near the middle that is followed by an object or an array
    /// (between two layers of an animation, say). It is a guess (the comma may be inside a string), which
    /// `parseInTwo` checks.
    static func splitPoint(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = bytes.count / 2
        let limit = min(bytes.count - 1, index + (1 << 20))
        while index < limit {
            if bytes[index] == UInt8(ascii: ","), case let next = skipWhitespace(bytes, from: index + 1), next < bytes.count,
                bytes[next] == UInt8(ascii: "{") || bytes[next] == UInt8(ascii: "[")
            {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// The document's bytes for the two threads of `parseInTwo`, which only read them, and only while the caller
    /// waits for both.
    private struct SharedBytes: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
    }

    /// Parses `[0, split)` on this thread and `[split, end)` on another, then joins them: the same `Parsed` as one
    /// pass. Nil (parse the whole instead) when anything is not plain: the split was inside a string or a token, the
    /// halves disagree on a container, either half fails (the whole pass then gives the one error message), or a key
    /// repeats (the whole pass then lists repeats in its order). In one pass, a 50 MB animation's parse was a third
    /// of its validation's CPU, while the second core waited for the walk.
    static func parseInTwo(_ bytes: UnsafeBufferPointer<UInt8>, at split: Int) -> Parsed? {
        let shared = SharedBytes(bytes: bytes)
        var parts = ThreadShares.run(count: 2, minimumShare: 1) { range in
            range.map { half in
                try? pass(shared.bytes, from: half == 0 ? 0 : split, to: half == 0 ? split : shared.bytes.count, second: half == 1)
            }
        }.flatMap { $0 }
        guard parts.count == 2, var first = parts[0], let second = parts[1] else { return nil }
        // Held once, the first half's arrays take the second's in place (copied, both halves' were 20 MB more).
        parts = []
        return join(bytes, &first, second)
    }

    private static func join(_ bytes: UnsafeBufferPointer<UInt8>, _ first: inout Part, _ second: Part) -> Parsed? {
        // The first half stopped between two values of an open container, which the second half closes; the second
        // half ended with the document and opened nothing it did not close; its depth stays within the limit.
        let open = first.stack
        guard first.betweenValues, !open.isEmpty, second.stack.isEmpty, !second.expectingValue,
            second.outside.count == open.count, open.count + second.deepestBeyondStart <= CompactJSON.maxDepth,
            first.duplicateKeyCount == 0, second.duplicateKeyCount == 0
        else { return nil }
        for level in 0..<open.count {
            let frame = open[open.count - 1 - level]
            let outside = second.outside[level]
            guard outside.isObject == frame.isObject, outside.guessedObject ?? frame.isObject == frame.isObject else { return nil }
            first.ends[frame.container] = outside.closedAt
            if frame.isObject {
                // The object's keys from both halves: no key may repeat across them either.
                let next = level == 0 ? first.keys.count : open[open.count - level].firstKey
                let keys = Array(first.keys[frame.firstKey..<next]) + outside.keys
                var repeated: [Int32] = []
                var repeats = 0
                if keys.count > 1 { noteDuplicateKeys(bytes, keys[...], into: &repeated, count: &repeats) }
                guard repeats == 0 else { return nil }
            }
        }
        // The second half numbered its containers from 0: they follow the first half's, in document order. The two
        // lists grow on two cores at once: the room they grow into is fresh memory, and the kernel zeroing it was
        // nearly all of the join's time, with the other core idle.
        let starts = HandedList(first.starts)
        let ends = HandedList(first.ends)
        first.starts = []
        first.ends = []
        let (moreStarts, moreEnds) = (second.starts, second.ends)
        _ = ThreadShares.run(count: 2, minimumShare: 1) { range in
            for list in range {
                if list == 0 { starts.list += moreStarts } else { ends.list += moreEnds }
            }
        }
        return Parsed(starts: starts.take(), ends: ends.take(), root: first.root, duplicateKeys: [], duplicateKeyCount: 0)
    }

    /// A list handed to the thread that appends to it while the caller waits, and taken back: the box holds the only
    /// reference, so the append grows the list in place instead of copying it.
    private final class HandedList: @unchecked Sendable {
        var list: [Int32]

        init(_ list: [Int32]) { self.list = list }

        func take() -> [Int32] {
            defer { list = [] }
            return list
        }
    }

    // MARK: The pass

    /// What a pass over `[from, to)` found. A second half (`second`) starts inside containers the first opened:
    /// what it sees of them (their closing brackets, their keys, what a comma in them is followed by) is in
    /// `outside`, innermost first.
    private struct Part: Sendable {
        var starts: [Int32] = []
        var ends: [Int32] = []
        var root: Int32 = 0
        var duplicateKeys: [Int32] = []
        var duplicateKeyCount = 0
        /// Containers opened and still open where the pass stopped.
        var stack: [Frame] = []
        var keys: [Key] = []
        var expectingValue = true
        /// The first half stopped just after a comma, expecting the container's next value (or key).
        var betweenValues = false
        var outside: [Outside] = []
        /// The most containers open at once beyond those open where the second half started.
        var deepestBeyondStart = 0
    }

    /// A container the first half opened, as the second half sees it.
    private struct Outside: Sendable {
        var closedAt: Int32 = 0
        var isObject = false
        /// An object if a comma in it is followed by a key, an array if by a value.
        var guessedObject: Bool?
        var keys: [Key] = []
    }

    /// The pass, its state in local variables: kept in a parser value, the position was written to memory and read
    /// back at every token. The whole document is one pass from 0 to its end.
    ///
    /// Its lists are written through pointers: as arrays, every container and key changed one, and each change
    /// checked the array was not shared, a call into the runtime (with the bounds checks, about a tenth of the
    /// pass). The container lists get room for every container the range could hold (each takes two bytes, one
    /// while still open where the range ends, and at most `maxDepth` are), so they never grow; a first half's room
    /// is the whole document's, as it takes the second half's lists afterwards. Room not written to costs address
    /// space only (four times the document's size, reserved; resident is what is written). Reserving room for a
    /// container every 6 bytes instead, and parsing again with more where that ran out, measured 3 ms slower on the
    /// 50 MB animation, with 500 more page faults a run (lists under 32 MiB come from malloc's arenas, not
    /// mappings of their own).
    private static func pass(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int, second: Bool) throws -> Part {
        var part = Part()
        let room = (second ? end - from : bytes.count) / 2 + CompactJSON.maxDepth + 1
        var containers = 0
        var ends: [Int32] = []
        let starts = try [Int32](unsafeUninitializedCapacity: room) { startsRoom, startsWritten in
            ends = try [Int32](unsafeUninitializedCapacity: room) { endsRoom, endsWritten in
                defer { (startsWritten, endsWritten) = (containers, containers) }
                try pass(
                    bytes, from: from, to: end, second: second, into: &part, starts: startsRoom.baseAddress!,
                    ends: endsRoom.baseAddress!, containers: &containers, room: room)
            }
        }
        part.starts = starts
        part.ends = ends
        return part
    }

    /// The pass proper, writing container `i`'s brackets to `starts[i]` and `ends[i]` (room for `room` of them).
    @inline(__always)
    private static func pass(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int, second: Bool, into part: inout Part,
        starts: UnsafeMutablePointer<Int32>, ends: UnsafeMutablePointer<Int32>, containers: inout Int, room: Int
    ) throws {
        // Read all over by every walk (a child's end, the next container): huge pages spare the TLB, and the faults.
        HugePages.advise(UnsafeMutableRawBufferPointer(start: starts, count: room * MemoryLayout<Int32>.stride))
        HugePages.advise(UnsafeMutableRawBufferPointer(start: ends, count: room * MemoryLayout<Int32>.stride))
        // The open containers (at most `maxDepth`), and the keys of the open objects so far.
        let stack = UnsafeMutablePointer<Frame>.allocate(capacity: CompactJSON.maxDepth + 1)
        defer { stack.deallocate() }
        var depth = 0
        // Whether the innermost open container is an object, kept beside the stack: read at every comma and bracket,
        // a load from the stack there was a wait at each.
        var inObject = false
        var keys = KeyList()
        defer { keys.deallocate() }
        var outside: [Outside] = []
        var duplicateKeys: [Int32] = []
        var duplicateKeyCount = 0
        var index = from
        var expectingValue = true
        var expectingKey = false

        func fail(_ message: String, at offset: Int) -> CompactJSON.ParseError { Self.fail(bytes, message, at: offset) }
        /// Closes the innermost container at its bracket (`index`).
        func close() {
            depth -= 1
            let frame = stack[depth]
            inObject = depth > 0 && stack[depth - 1].isObject
            ends[frame.container] = Int32(index)
            if frame.isObject {
                if keys.count - frame.firstKey > 1, mayRepeat(keys.all, from: frame.firstKey) {
                    noteDuplicateKeys(bytes, keys.all[frame.firstKey...], into: &duplicateKeys, count: &duplicateKeyCount)
                }
                keys.count = frame.firstKey
            }
            index += 1
        }
        /// In a second half, whether what follows a comma (at `after`) is a key: a string, then a colon.
        func keyFollows(_ after: Int) throws -> Bool {
            let at = skipWhitespace(bytes, from: after)
            guard at < end, bytes[at] == UInt8(ascii: "\"") else { return false }
            let colon = skipWhitespace(bytes, from: try scanString(bytes, quote: at).end + 1)
            return colon < end && bytes[colon] == UInt8(ascii: ":")
        }

        if second {
            outside.append(Outside(guessedObject: try keyFollows(index)))
            expectingKey = outside[0].guessedObject!
        } else {
            index = skipWhitespace(bytes, from: index)
            if index == end { throw fail("the file is empty", at: 0) }
            part.root =
                bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[")
                ? CompactJSON.containerNode(0, bracket: bytes[index]) : Int32(index)
        }
        while true {
            index = skipWhitespace(bytes, from: index)
            if index >= end {
                if end < bytes.count {
                    // A first half ends at the split, which must fall between two values of an open container.
                    part.betweenValues = index == end && expectingValue && depth > 0 && stack[depth - 1].isObject == expectingKey
                    break
                }
                if depth == 0 && !expectingValue { break }
                throw fail(
                    depth == 0
                        ? "unexpected end of input"
                        : "unexpected end of input: \(depth) unclosed bracket\(depth == 1 ? "" : "s") (the file is truncated)",
                    at: end)
            }
            let byte = bytes[index]
            if !expectingValue && !expectingKey {
                guard depth > 0 else {
                    guard second, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") else {
                        throw fail("unexpected text after the JSON value", at: index)
                    }
                    // A second half, between values of a container the first half opened.
                    let level = outside.count - 1
                    if byte == UInt8(ascii: ",") {
                        let isKey = try keyFollows(index + 1)
                        guard outside[level].guessedObject ?? isKey == isKey else { throw fail("mixed container", at: index) }
                        outside[level].guessedObject = isKey
                        index += 1
                        expectingValue = true
                        expectingKey = isKey
                    } else {
                        outside[level].closedAt = Int32(index)
                        outside[level].isObject = byte == UInt8(ascii: "}")
                        outside.append(Outside())
                        index += 1
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: ","):
                    index += 1
                    expectingValue = true
                    expectingKey = inObject
                case UInt8(ascii: "}") where inObject, UInt8(ascii: "]") where !inObject:
                    close()
                default:
                    throw fail("expected ',' or '\(inObject ? "}" : "]")'", at: index)
                }
                continue
            }
            if expectingKey {
                guard byte == UInt8(ascii: "\"") else {
                    if byte == UInt8(ascii: "}"), depth > 0, inObject, keys.count == stack[depth - 1].firstKey {
                        close()
                        expectingKey = false
                        expectingValue = false
                        continue
                    }
                    throw fail(byte == UInt8(ascii: "}") ? "trailing comma before '}'" : "expected a string key", at: index)
                }
                let quote = index
                let (keyEnd, escaped) = try scanString(bytes, quote: quote)
                let key = Key(
                    quote: Int32(quote), end: Int32(keyEnd), escaped: escaped, prefix: keyPrefix(bytes, quote: quote, end: keyEnd))
                if depth == 0 && second { outside[outside.count - 1].keys.append(key) } else { keys.append(key) }
                index = skipWhitespace(bytes, from: keyEnd + 1)
                guard index < end, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after the key", at: index) }
                index += 1
                expectingKey = false
                expectingValue = true
                continue
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth < CompactJSON.maxDepth else {
                    throw fail("nesting deeper than \(CompactJSON.maxDepth) levels; no animation needs that", at: index)
                }
                // Never so by the room's bound; checked all the same, as the lists are written through pointers.
                guard containers < room else { throw fail("more containers than the document has bytes for", at: index) }
                let isObject = byte == UInt8(ascii: "{")
                (stack + depth).initialize(to: Frame(container: containers, isObject: isObject, firstKey: keys.count))
                depth += 1
                inObject = isObject
                if second { part.deepestBeyondStart = max(part.deepestBeyondStart, depth - (outside.count - 1)) }
                starts[containers] = Int32(index)
                ends[containers] = 0
                containers += 1
                index = skipWhitespace(bytes, from: index + 1)
                expectingKey = isObject
                expectingValue = !isObject
                if index < end, !isObject, bytes[index] == UInt8(ascii: "]") {
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
                    index + expected.count <= end && (0..<expected.count).allSatisfy { bytes[index + $0] == expected[$0] }
                }
                guard matches else { throw fail("unexpected '\(Character(UnicodeScalar(byte)))'", at: index) }
                index += literal.utf8CodeUnitCount
            default:
                guard byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) else {
                    throw fail(
                        "unexpected \(byte >= 0x20 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(PlainNumber.hexByte(byte))")",
                        at: index)
                }
                if let numberEnd = Self.plainNumberEnd(bytes, at: index) {
                    index = numberEnd
                } else {
                    switch Self.scanNumber(bytes, at: index) {
                    case .value(_, let numberEnd): index = numberEnd
                    case .invalid(let message, let offset): throw fail(message, at: offset)
                    }
                }
            }
            expectingValue = false
            expectingKey = false
        }
        part.duplicateKeys = duplicateKeys
        part.duplicateKeyCount = duplicateKeyCount
        part.stack = Array(UnsafeBufferPointer(start: stack, count: depth))
        part.keys = Array(keys.all)
        part.expectingValue = expectingValue
        if second { outside.removeLast() }  // the level past the last bracket it closed
        part.outside = outside
    }

    /// The keys of the open objects, in a buffer that grows by doubling: the pass adds one at every key and drops an
    /// object's at its end.
    private struct KeyList {
        private var base = UnsafeMutablePointer<Key>.allocate(capacity: 64)
        private var capacity = 64
        var count = 0

        var all: UnsafeBufferPointer<Key> { UnsafeBufferPointer(start: base, count: count) }

        @inline(__always)
        mutating func append(_ key: Key) {
            if count == capacity {
                let grown = UnsafeMutablePointer<Key>.allocate(capacity: capacity * 2)
                grown.moveInitialize(from: base, count: count)
                base.deallocate()
                base = grown
                capacity *= 2
            }
            (base + count).initialize(to: key)
            count += 1
        }

        func deallocate() { base.deallocate() }
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
                    guard index + 5 < bytes.count, (index + 2..<index + 6).allSatisfy({ HexDigit.value(bytes[$0]) != nil }) else {
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
        return packedBytes(bytes, at: quote + 1, count: min(length, 7)) << 8 | UInt64(truncatingIfNeeded: min(length, 255))
    }

    /// The `count` (at most 8) bytes at `start` packed into an integer, the first lowest and the rest zero: one load,
    /// or one byte at a time within 8 bytes of the end. Keys' prefixes here, `CompactJSON.ShortName` in the reader.
    @inline(__always)
    static func packedBytes(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, count: Int) -> UInt64 {
        if start + 8 <= bytes.count, let base = bytes.baseAddress {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            return count == 8 ? word : word & ((1 << (8 * UInt64(count))) &- 1)
        }
        var packed: UInt64 = 0
        for offset in 0..<count { packed |= UInt64(bytes[start + offset]) << (8 * offset) }
        return packed
    }

    /// Whether an object's keys (`keys[first...]`) may hold a repeat: false when there are at most 16, none escaped,
    /// and no two share a packed prefix, compared in place (nearly always, so `noteDuplicateKeys` is not called); true
    /// otherwise. Every object of a document goes through it when it closes.
    @inline(__always)
    private static func mayRepeat(_ keys: UnsafeBufferPointer<Key>, from first: Int) -> Bool {
        guard keys.count - first <= 16 else { return true }
        for i in (first + 1)..<keys.count {
            let key = keys[i]
            for j in first..<i where key.escaped || keys[j].escaped || keys[j].prefix == key.prefix { return true }
        }
        return false
    }

    /// Records keys seen earlier in the same object: pairwise comparison for the small objects animations are made
    /// of, a set for large ones; escaped keys are compared decoded.
    private static func noteDuplicateKeys<Keys: RandomAccessCollection<Key>>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ keys: Keys, into found: inout [Int32], count: inout Int
    ) where Keys.Index == Int {
        func record(_ key: Key) {
            count += 1
            if found.count < CompactJSON.maxDuplicatesKept { found.append(key.quote) }
        }
        if keys.count <= 16 {
            for i in keys.indices.dropFirst() {
                let key = keys[i]
                // Two unescaped keys can be equal only where their packed prefixes are.
                let repeated = keys[keys.startIndex..<i].contains {
                    ($0.escaped || key.escaped || $0.prefix == key.prefix) && keysEqual(bytes, key, $0)
                }
                if repeated { record(key) }
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
    @inline(__always)
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

    /// Whether `byte` may continue a number after a digit: a digit, a point or an exponent's "e".
    @inline(__always)
    static func continuesNumber(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
    }

    /// Where the (valid) scalar starting at `start` ends.
    @inline(__always)
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
                for offset in 2..<6 { code = code << 4 | UInt32(HexDigit.value(raw[index + offset]) ?? 0) }
                index += 6
                if (0xD800...0xDBFF).contains(code), index + 5 < raw.endIndex, raw[index] == UInt8(ascii: "\\"),
                    raw[index + 1] == UInt8(ascii: "u")
                {
                    var low: UInt32 = 0
                    for offset in 2..<6 { low = low << 4 | UInt32(HexDigit.value(raw[index + offset]) ?? 0) }
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
