/// Percent-encoding (RFC 3986 §2.1) of URL parts, form fields and OAuth 1 parameters, by UTF-8 byte. Ours because
/// FoundationEssentials has no `addingPercentEncoding` or `removingPercentEncoding`.
package enum PercentEncoding {
    /// RFC 3986 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~".
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
    }

    /// What a path may carry as is: Foundation's `.urlPathAllowed` (RFC 3986 pchar and "/", but ":" and ";"
    /// escaped, so a relative path's first segment never reads as a scheme or a parameter).
    package static func isPathAllowed(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || "!$&'()*+,=@/".utf8.contains(byte)
    }

    /// `text` with every UTF-8 byte that `keep` refuses written as %XX (upper-case hex).
    package static func encode(_ text: some StringProtocol, keeping keep: (UInt8) -> Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keep(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + PlainNumber.hexByte(byte)
            }
        }
        return result
    }

    /// `text` with each %XX replaced by its byte; nil when a % is not followed by two hex digits or the bytes are
    /// not UTF-8 (as Foundation's `removingPercentEncoding`).
    package static func decode(_ text: some StringProtocol) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(HexDigit.value), let low = iterator.next().flatMap(HexDigit.value) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
