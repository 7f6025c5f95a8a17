import DotsSSOBasics
import FoundationEssentials

/// A PKCE pair (RFC 7636): a high-entropy verifier and its S256 challenge.
package struct PKCE: Sendable, Equatable {
    package let verifier: String
    package let challenge: String
    package let method = "S256"

    /// 48 random bytes → a 64-character base64url verifier (RFC 7636 §4.1 asks for 43–128 characters).
    package init() throws {
        try self.init(verifier: SecureRandom.base64URLString(byteCount: 48))
    }

    package init(verifier: String) throws {
        self.verifier = verifier
        challenge = try Self.challenge(for: verifier)
    }

    /// `BASE64URL(SHA256(ASCII(verifier)))` (RFC 7636 §4.2).
    package static func challenge(for verifier: String) throws -> String {
        Base64URL.encode(try DigestAlgorithm.sha256.digest(Data(verifier.utf8)))
    }
}
