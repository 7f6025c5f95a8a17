import CDotsZlib
import FoundationEssentials

/// The CRC-32 that zip entries and PNG chunks carry (zlib's).
package enum CRC32 {
    package static func of(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { raw in
            UInt32(crc32(0, raw.bindMemory(to: Bytef.self).baseAddress, uInt(raw.count)))
        }
    }
}
