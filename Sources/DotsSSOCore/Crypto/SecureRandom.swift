import COpenSSL
import DotsSSOBasics

/// Bytes from OpenSSL's CSPRNG (`RAND_bytes`), for PKCE verifiers, `state`, nonces and passwords.
package enum SecureRandom {
    package static func bytes(_ count: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        guard count == 0 || RAND_bytes(&buffer, Int32(count)) == 1 else { throw CryptoError.drain("RAND_bytes") }
        return buffer
    }

    /// `byteCount` random bytes as unpadded base64url (32 bytes → 43 characters).
    package static func base64URLString(byteCount: Int) throws -> String {
        Base64URL.encode(try bytes(byteCount))
    }
}
