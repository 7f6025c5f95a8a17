import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// The sandbox's id_token signing keys: RS256, which OpenID Discovery 1.0 §3 says every provider MUST support and
/// which the sandbox signs with by default, and ES256 for clients that ask for it; both in the JWKS, each with a
/// `kid` of its own (a hash of its public numbers).
struct SandboxKeys: Sendable {
    let rs256: SigningKey
    let es256: SigningKey

    init() throws {
        rs256 = try SigningKey(rsaBits: 2048)
        es256 = try SigningKey()
    }

    func key(for algorithm: JWSAlgorithm) -> SigningKey { algorithm == .rs256 ? rs256 : es256 }

    func keyID(_ key: SigningKey) -> String {
        let numbers = key.algorithm == .rs256 ? key.modulus + key.exponent : key.x + key.y
        return ((try? DigestAlgorithm.sha256.hex(numbers)) ?? "sandbox").prefix(16) + "-" + key.algorithm.rawValue.lowercased()
    }

    /// The JWKS document `/jwks` serves.
    var document: JSONValue {
        .object([
            "keys": .array(
                [rs256, es256].map { key in
                    var jwk = key.publicJWK
                    jwk["use"] = .string("sig")
                    jwk["alg"] = .string(key.algorithm.rawValue)
                    jwk["kid"] = .string(keyID(key))
                    return .object(jwk)
                })
        ])
    }
}
