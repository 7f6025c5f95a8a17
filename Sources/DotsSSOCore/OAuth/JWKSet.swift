import Foundation

/// A provider's signing keys (`jwks_uri`), as public keys we can verify with.
public struct JWKSet: Sendable {
    public struct Key: Sendable {
        public let keyID: String?
        public let algorithm: JWSAlgorithm
        public let key: PublicKey
        /// Why the key is never used to verify (an RSA key under 2048 bits, an exponent that is even or at most 3).
        public var refusal: String? = nil
        /// What is doubtful but accepted (an RSA exponent under 65537): `discover` reports it.
        public var caution: String? = nil
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
                var key = Key(keyID: kid, algorithm: .rs256, key: try Self.partnerKey(kid) { try PublicKey.rsa(modulus: modulus, exponent: exponent) })
                (key.refusal, key.caution) = RSAKeyStrength(modulus: modulus, exponent: exponent).judgement
                parsed.append(key)
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

/// How much an RSA public key from a JWKS can prove, judged from its modulus and exponent bytes (big-endian, as
/// JWK `n` and `e` carry them). NIST SP 800-131A retired keys under 2048 bits; an exponent of 1 makes every
/// "signature" verify, and an even one is no RSA key at all.
struct RSAKeyStrength {
    /// The modulus length in bits, leading zero bytes aside.
    let bits: Int
    /// The exponent, when it fits in 64 bits (every real one does).
    let exponent: UInt64?
    let exponentIsEven: Bool

    init(modulus: Data, exponent exponentBytes: Data) {
        let significant = modulus.drop { $0 == 0 }
        bits = significant.first.map { (significant.count - 1) * 8 + (8 - $0.leadingZeroBitCount) } ?? 0
        let exponentDigits = exponentBytes.drop { $0 == 0 }
        exponent = exponentDigits.count <= 8 ? exponentDigits.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } : nil
        exponentIsEven = (exponentDigits.last ?? 0) & 1 == 0
    }

    /// (refusal, caution): the reason the key is refused, or a doubt worth reporting.
    var judgement: (String?, String?) {
        if exponentIsEven || (exponent ?? .max) <= 3 {
            return ("an RSA key with the public exponent \(exponent.map(String.init) ?? "(even)") proves nothing (anyone can make a signature it "
                + "verifies); dots-sso refuses exponents that are even or at most 3", nil)
        }
        if bits < 2048 {
            return ("a \(bits)-bit RSA key is too short to trust (dots-sso refuses RSA keys under 2048 bits)", nil)
        }
        if let exponent, exponent < 65537 {
            return (nil, "an RSA key with the small public exponent \(exponent) (65537 is the norm)")
        }
        return (nil, nil)
    }
}
