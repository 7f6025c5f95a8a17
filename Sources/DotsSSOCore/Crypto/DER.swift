/// A strict reader of DER elements in a byte array: definite, minimal lengths only. Anything else (BER's
/// indefinite or padded lengths, multi-byte tags) reads as nil, and the caller hands the whole structure to
/// OpenSSL instead, so a shortcut taken on our reading never accepts what OpenSSL's would refuse.
enum DER {
    /// One element: its tag, where its header starts, where its contents start, and where it ends.
    struct Element {
        let tag: UInt8
        let start: Int
        let contents: Int
        let end: Int
    }

    /// The element at `offset`, which must end by `limit`.
    static func element(_ der: [UInt8], at offset: Int, limit: Int) -> Element? {
        guard offset >= 0, limit <= der.count, offset + 2 <= limit else { return nil }
        let tag = der[offset]
        // A tag number of 31 continues in further bytes; no structure read here uses one.
        guard tag & 0x1F != 0x1F else { return nil }
        let first = Int(der[offset + 1])
        var length = 0, contents = offset + 2
        if first < 0x80 {
            length = first
        } else {
            let count = first & 0x7F
            guard count >= 1, count <= 4, offset + 2 + count <= limit, der[offset + 2] != 0 else { return nil }
            for byte in der[(offset + 2)..<(offset + 2 + count)] { length = length << 8 | Int(byte) }
            // DER writes a length under 128 in the short form.
            guard length >= 0x80 else { return nil }
            contents += count
        }
        guard length <= limit - contents else { return nil }
        return Element(tag: tag, start: offset, contents: contents, end: contents + length)
    }

    /// The children of a constructed element, each read strictly; nil when any is not.
    static func children(_ der: [UInt8], of parent: Element) -> [Element]? {
        var children: [Element] = []
        var offset = parent.contents
        while offset < parent.end {
            guard let child = element(der, at: offset, limit: parent.end) else { return nil }
            children.append(child)
            offset = child.end
        }
        return children
    }

    /// A header for `length` bytes of contents under `tag`.
    static func header(_ tag: UInt8, length: Int) -> [UInt8] {
        if length < 0x80 { return [tag, UInt8(length)] }
        var bytes: [UInt8] = []
        var rest = length
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [tag, 0x80 | UInt8(bytes.count)] + bytes
    }
}

extension DER.Element {
    /// The contents' bytes.
    func contents(of der: [UInt8]) -> ArraySlice<UInt8> { der[contents..<end] }
    /// The whole element, header included.
    func bytes(of der: [UInt8]) -> ArraySlice<UInt8> { der[start..<end] }
}
