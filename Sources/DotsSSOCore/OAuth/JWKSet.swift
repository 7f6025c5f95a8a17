import DotsSSOBasics
import FoundationEssentials

/// A provider's signing keys (`jwks_uri`), as public keys we can verify with.
package struct JWKSet: Sendable {
    package struct Key: Sendable {
        package let keyID: String?
        /// The JWK's own `alg`, when it names one: the key then signs with that algorithm only (RFC 7517 §4.4).
        package let declaredAlgorithm: String?
        package let key: PublicKey
        /// Why the key is never used to verify (an RSA key under 2048 bits, an exponent that is even or at most 3).
        package var refusal: String? = nil
        /// What is doubtful but accepted (an RSA exponent under 65537): `discover` reports it.
        package var caution: String? = nil
    }

    /// A key of a type dots-sso reads that cannot be used: a member missing, or values OpenSSL refuses.
    package struct Unusable: Sendable {
        package let keyID: String?
        package let reason: String
    }

    package let keys: [Key]
    /// RFC 7517 §5: keys that cannot be used are ignored, not fatal (a provider adding a new kind of key must not
    /// break its clients); kept to name when an id_token points at one.
    package let unusable: [Unusable]

    /// Parses RSA, EC (P-256, P-384, P-521) and Ed25519 keys meant for signatures; other keys (encryption, other
    /// curves, types dots-sso does not know) are skipped, and keys of a known type that cannot be read are set aside.
    package init(document: JSONValue) throws {
        guard case .array(let entries)? = document.objectValue?["keys"] else {
            throw OAuthError.malformedToken("the JWKS document has no \"keys\" array")
        }
        var parsed: [Key] = []
        var unusable: [Unusable] = []
        for entry in entries {
            guard let fields = entry.objectValue else { continue }
            if let use = fields["use"]?.stringValue, use != "sig" { continue }
            let kid = fields["kid"]?.stringValue
            let alg = fields["alg"]?.stringValue
            func coordinate(_ name: String) -> Data? { fields[name]?.stringValue.flatMap { try? Base64URL.decode($0) } }
            func setAside(_ reason: String) { unusable.append(Unusable(keyID: kid, reason: reason)) }
            do {
                switch fields["kty"]?.stringValue {
                case "RSA":
                    guard let modulus = coordinate("n"), let exponent = coordinate("e") else {
                        setAside("an RSA key without a readable n and e")
                        continue
                    }
                    var key = Key(keyID: kid, declaredAlgorithm: alg, key: try PublicKey.rsa(modulus: modulus, exponent: exponent))
                    (key.refusal, key.caution) = RSAKeyStrength(modulus: modulus, exponent: exponent).judgement
                    parsed.append(key)
                case "EC":
                    guard let curve = fields["crv"]?.stringValue.flatMap(JWKKeyType.ECCurve.init(rawValue:)) else { continue }
                    guard let x = coordinate("x"), let y = coordinate("y") else {
                        setAside("an EC key without a readable x and y")
                        continue
                    }
                    parsed.append(Key(keyID: kid, declaredAlgorithm: alg, key: try PublicKey.ec(curve, x: x, y: y)))
                case "OKP":
                    guard fields["crv"]?.stringValue == "Ed25519" else { continue }
                    guard let x = coordinate("x") else {
                        setAside("an Ed25519 key without a readable x")
                        continue
                    }
                    parsed.append(Key(keyID: kid, declaredAlgorithm: alg, key: try PublicKey.ed25519(x: x)))
                default:
                    continue
                }
            } catch let error as CryptoError {
                // A key the partner published that OpenSSL refuses: the partner's protocol error when it is used.
                setAside(error.message)
            }
        }
        keys = parsed
        self.unusable = unusable
    }

    /// The error for a token whose key is one of the unusable ones (nil when none matches `keyID`).
    package func unusableKeyError(keyID: String?) -> OAuthError? {
        guard let match = unusable.first(where: { keyID == nil || $0.keyID == nil || $0.keyID == keyID }) else { return nil }
        return OAuthError.malformedJWK(keyID: match.keyID, detail: match.reason)
    }

    /// Whether a key of this set that is not refused made `token`'s signature with `algorithm`. A key too weak to mean
    /// anything (e = 1 verifies a signature anyone can make) is never tried.
    package func verifies(_ token: JWT, algorithm: JWSAlgorithm) -> Bool {
        candidates(algorithm: algorithm, keyID: token.keyID).contains {
            $0.refusal == nil && $0.key.verify(signature: token.signature, message: token.signingInput, algorithm: algorithm)
        }
    }

    /// Keys that could have made a signature with this algorithm and key id (all of the algorithm when no kid): of
    /// the algorithm's kind, and not declared for another algorithm.
    package func candidates(algorithm: JWSAlgorithm, keyID: String?) -> [Key] {
        keys.filter {
            $0.key.type == algorithm.keyType && ($0.declaredAlgorithm == nil || $0.declaredAlgorithm == algorithm.rawValue)
                && (keyID == nil || $0.keyID == nil || $0.keyID == keyID)
        }
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
            return (
                "an RSA key with the public exponent \(exponent.map(String.init) ?? "(even)") proves nothing (anyone can make a signature it "
                    + "verifies); dots-sso refuses exponents that are even or at most 3", nil
            )
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
