/// One hexadecimal digit's value, for every reader of hex in the project: %XX escapes, `\uXXXX` in JSON, and digests
/// compared with the hex a file lists.
package enum HexDigit {
    /// 0–15 for `0`–`9`, `a`–`f` and `A`–`F`; nil for any other byte.
    @inline(__always)
    package static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
