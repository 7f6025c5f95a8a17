import Foundation

/// A provider's signing keys (`jwks_uri`), as public keys we can verify with.
public struct JWKSet: Sendable {
    public struct Key: Sendable {
        public let keyID: String?
        public let algorithm: JWSAlgorithm
        public let key: PublicKey
    }

    public let keys: [Key]

    /// Parses RSA and P-256 keys meant for signatures; other keys (encryption, unknown curves) are skipped.
    public init(document: JSONValue) throws {
        guard case .array(let entries)? = document.objectValue?["keys"] else {
            throw OAuthError.malformedToken("the JWKS document has no \"keys\" array")
        }
        var parsed: [Key] = []
        for entry in entries {
            guard let fields = entry.objectValue else { continue }
            if let use = fields["use"]?.stringValue, use != "sig" { continue }
            let kid = fields["kid"]?.stringValue
            switch fields["kty"]?.stringValue {
            case "RSA":
                guard let n = fields["n"]?.stringValue, let e = fields["e"]?.stringValue,
                      let modulus = try? Base64URL.decode(n), let exponent = try? Base64URL.decode(e) else { continue }
                parsed.append(Key(keyID: kid, algorithm: .rs256, key: try Self.partnerKey(kid) { try PublicKey.rsa(modulus: modulus, exponent: exponent) }))
            case "EC":
                guard fields["crv"]?.stringValue == "P-256", let x = fields["x"]?.stringValue, let y = fields["y"]?.stringValue,
                      let xData = try? Base64URL.decode(x), let yData = try? Base64URL.decode(y) else { continue }
                parsed.append(Key(keyID: kid, algorithm: .es256, key: try Self.partnerKey(kid) { try PublicKey.p256(x: xData, y: yData) }))
            default:
                continue
            }
        }
        keys = parsed
    }

    /// A key the partner published: OpenSSL refusing it is the partner's protocol error (76), not ours.
    private static func partnerKey(_ keyID: String?, _ make: () throws -> PublicKey) throws -> PublicKey {
        do {
            return try make()
        } catch let error as CryptoError {
            throw OAuthError.malformedJWK(keyID: keyID, detail: error.message)
        }
    }

    /// Keys that could have made a signature with this algorithm and key id (all of the algorithm when no kid).
    public func candidates(algorithm: JWSAlgorithm, keyID: String?) -> [Key] {
        keys.filter { $0.algorithm == algorithm && (keyID == nil || $0.keyID == nil || $0.keyID == keyID) }
    }
}
