extension CompactJSON {
    /// A name of at most 8 bytes (a Lottie key or type code: "ty", "gr", "refId") packed into an integer, its first
    /// byte lowest and the rest zero. Two such names are equal exactly when their packed forms are (a name holds no
    /// zero byte: JSON allows none raw, and a string that decodes to one has no short name), so a walk compares a
    /// string of the document with a set of names without making a String: a shape's type, made a String and
    /// looked up in a Set<String>, was about a tenth of a big animation's walk.
    public struct ShortName: Hashable, Sendable {
        package static let maxBytes = 8
        @usableFromInline package let packed: UInt64

        @inlinable public static func == (left: ShortName, right: ShortName) -> Bool { left.packed == right.packed }

        /// A name spelled in the source; longer than 8 bytes (or a zero byte) is a mistake there.
        package init(_ text: StaticString) {
            let packed = text.withUTF8Buffer { Self.pack($0) }
            guard let packed else { preconditionFailure("a short name has at most \(Self.maxBytes) bytes") }
            self.packed = packed
        }

        /// The name of a decoded string, or nil when it is longer than 8 bytes or holds a zero byte.
        package init?(_ text: String) {
            var text = text
            guard let packed = text.withUTF8({ Self.pack($0) }) else { return nil }
            self.packed = packed
        }

        init(packed: UInt64) { self.packed = packed }

        static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
            guard bytes.count <= maxBytes else { return nil }
            var packed: UInt64 = 0
            for (offset, byte) in bytes.enumerated() {
                guard byte != 0 else { return nil }
                packed |= UInt64(byte) << (8 &* offset)
            }
            return packed
        }
    }

    /// The short name a string node holds (escapes decoded), or nil: not a string, longer than 8 bytes, or holding an
    /// escaped zero byte.
    package func shortName(_ node: Int32) -> ShortName? {
        guard !isContainer(node), bytes[Int(node)] == UInt8(ascii: "\"") else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            let (end, escaped) = CompactJSONParser.stringEnd(buffer, quote: Int(node))
            if escaped { return string(node).flatMap(ShortName.init) }
            return Self.plainShortName(buffer, quote: Int(node), end: end)
        }
    }

    /// The short name of the plain (unescaped) string between `quote` and its closing quote `end`, or nil when it is
    /// longer than 8 bytes. (A plain string holds no zero byte: the parser refuses control characters.)
    @inline(__always)
    static func plainShortName(_ bytes: UnsafeBufferPointer<UInt8>, quote: Int, end: Int) -> ShortName? {
        let length = end &- quote &- 1
        guard length <= ShortName.maxBytes else { return nil }
        return ShortName(packed: CompactJSONParser.packedBytes(bytes, at: quote + 1, count: length))
    }
}
