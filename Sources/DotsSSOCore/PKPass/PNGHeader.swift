import DotsSSOBasics
import FoundationEssentials

/// The pixel size of a PNG, read from its signature and IHDR chunk without decoding the image.
package struct PNGHeader: Sendable, Equatable {
    package let width: Int
    package let height: Int

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// nil when `data` is not a PNG (wrong signature, or the first chunk is not a complete IHDR).
    package init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, Array(bytes[0..<8]) == Self.signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func big(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = big(16)
        height = big(20)
        guard width > 0, height > 0 else { return nil }
    }

    /// What a non-PNG file named .png actually is, for the message.
    package static func describe(_ data: Data) -> String {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return "a JPEG" }
        if data.starts(with: Array("GIF8".utf8)) { return "a GIF" }
        if data.count >= 12, data.starts(with: Array("RIFF".utf8)),
            Array(data[data.startIndex + 8..<data.startIndex + 12]) == Array("WEBP".utf8)
        {
            return "a WebP"
        }
        if data.starts(with: signature) { return "a PNG with a damaged header" }
        return data.isEmpty ? "empty" : "not an image Wallet reads"
    }
}
