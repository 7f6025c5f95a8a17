import DotsSSOBasics

/// Byte-level helpers for the text of HTTP headers, which is ASCII framing around opaque values.
enum HTTPBytes {
    /// `bytes` without leading and trailing CR and LF, and also spaces and tabs unless `newlinesOnly`
    /// (a header's optional whitespace is only ever SP or HTAB, RFC 9110 §5.6.3).
    static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, newlinesOnly: Bool) -> Slice<UnsafeBufferPointer<UInt8>> {
        func isTrimmed(_ byte: UInt8) -> Bool {
            byte == 0x0D || byte == 0x0A || (!newlinesOnly && (byte == 0x20 || byte == 0x09))
        }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isTrimmed(bytes[start]) { start += 1 }
        while end > start, isTrimmed(bytes[end - 1]) { end -= 1 }
        return bytes[start..<end]
    }
}
