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

    package func update(_ data: some DataProtocol) throws {
        for region in data.regions {
            let ok = region.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
            guard ok == 1 else { throw CryptoError.drain("EVP_DigestUpdate") }
        }
    }

    package func finish() throws -> [UInt8] {
        precondition(!finished, "DigestStream.finish called twice")
        finished = true
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &output, &length) == 1 else { throw CryptoError.drain("EVP_DigestFinal_ex") }
        return Array(output.prefix(Int(length)))
    }
}

extension Sequence where Element == UInt8 {
    /// Lower-case hexadecimal.
    package var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
