import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// Message digests over OpenSSL's EVP interface (SHA-1 for pkpass manifests, SHA-256 for PKCE and cache names).
package enum DigestAlgorithm: String, Sendable {
    case sha1
    case sha256

    /// Fetched once: OpenSSL 3 otherwise looks the implementation up (under a lock) on every digest, which
    /// dominated hashing the small files of a pass.
    var evp: OpaquePointer? {
        switch self {
        case .sha1: FetchedDigests.shared.sha1
        case .sha256: FetchedDigests.shared.sha256
        }
    }

    /// The digest of `data` in one call.
    package func digest(_ data: some DataProtocol) throws -> [UInt8] {
        let hasher = try DigestStream(self)
        try hasher.update(data)
        return try hasher.finish()
    }

    /// Lower-case hex of the digest of `data`.
    package func hex(_ data: some DataProtocol) throws -> String {
        try digest(data).hexString
    }
}

/// The digest implementations, fetched from the default provider once per process (never freed: they live as
/// long as the process, and OpenSSL's `EVP_MD` objects are immutable and safe to share between threads).
struct FetchedDigests: @unchecked Sendable {
    // @unchecked: EVP_MD objects are immutable and shared between threads by design.
    let sha1: OpaquePointer?
    let sha256: OpaquePointer?

    static let shared = FetchedDigests(
        sha1: EVP_MD_fetch(nil, "SHA1", nil) ?? EVP_sha1(), sha256: EVP_MD_fetch(nil, "SHA256", nil) ?? EVP_sha256())

    /// Starts OpenSSL and fetches the digests on a thread of its own when `command` (the first argument) hashes on
    /// every run: about a millisecond of OpenSSL's start then overlaps the argument parsing, on the core that would
    /// otherwise wait, instead of delaying the first pass. The main thread waits for it only if it gets there first.
    package static func fetchAhead(forCommand command: String) {
        guard ["pkpass", "passes"].contains(command) else { return }
        DetachedThread.start { _ = FetchedDigests.shared }
    }
}

/// A streaming digest that owns its `EVP_MD_CTX` (freed in `deinit`), for files too large to hold at once.
package final class DigestStream {
    private let context: OpaquePointer
    private var finished = false

    package init(_ algorithm: DigestAlgorithm) throws {
        guard let context = EVP_MD_CTX_new() else { throw CryptoError.drain("EVP_MD_CTX_new") }
        self.context = context
        guard EVP_DigestInit_ex(context, algorithm.evp, nil) == 1 else { throw CryptoError.drain("EVP_DigestInit_ex") }
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Contiguous bytes (`Data`, an array) in one call, where they lie; other collections region by region. Stepping
    /// through the regions of contiguous bytes looked up the metadata of their one-region collection on every call,
    /// where this generic code is not specialised (a pass hashes five files and its signed attributes).
    package func update(_ data: some DataProtocol) throws {
        let contiguous = data.withContiguousStorageIfAvailable { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        if let contiguous {
            guard contiguous == 1 else { throw CryptoError.drain("EVP_DigestUpdate") }
            return
        }
        for region in data.regions {
            let ok = region.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
            guard ok == 1 else { throw CryptoError.drain("EVP_DigestUpdate") }
        }
    }

    package func finish() throws -> [UInt8] {
        precondition(!finished, "DigestStream.finish called twice")
        finished = true
        var ok = false
        // Written in place and cut to the digest's length: one array, where a zeroed one and its prefix were two.
        let output = [UInt8](unsafeUninitializedCapacity: Int(EVP_MAX_MD_SIZE)) { buffer, initialized in
            var length: UInt32 = 0
            ok = EVP_DigestFinal_ex(context, buffer.baseAddress, &length) == 1
            initialized = ok ? min(Int(length), buffer.count) : 0
        }
        guard ok else { throw CryptoError.drain("EVP_DigestFinal_ex") }
        return output
    }
}

extension Sequence where Element == UInt8 {
    /// Lower-case hexadecimal.
    package var hexString: String {
        var text = [UInt8]()
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

private let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

extension [UInt8] {
    /// Whether `text` spells these bytes in hexadecimal, two digits a byte, in either case: a digest compared with
    /// the one a file lists, without spelling the digest out (a thousand passes list five each).
    package func isSpelled(byHex text: String) -> Bool {
        var text = text
        return text.withUTF8 { digits in
            guard digits.count == count * 2 else { return false }
            for (index, byte) in enumerated() {
                guard let high = HexDigit.value(digits[2 * index]), let low = HexDigit.value(digits[2 * index + 1]), high << 4 | low == byte
                else {
                    return false
                }
            }
            return true
        }
    }
}
