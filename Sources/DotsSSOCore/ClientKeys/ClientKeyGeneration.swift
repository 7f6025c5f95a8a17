import Foundation

/// `dots-sso keys generate`: a new key pair for `private_key_jwt`. The private key is written 0600 (never over an
/// existing file without `force`: a key the provider has registered is not to be lost by a slip), and the public
/// half comes back as the JWK to register, its `kid` the RFC 7638 thumbprint that `--client-key-file` sends by
/// default.
public struct ClientKeyGeneration: Sendable {
    public enum KeyType: String, Sendable, CaseIterable {
        /// RSA 3072 (NIST's choice past 2030), signs RS256 or PS256.
        case rsa
        /// P-256, signs ES256: small and fast, what FAPI 2.0 names first.
        case ec
    }

    public var output: String
    public var type: KeyType
    public var force: Bool

    public init(output: String, type: KeyType = .ec, force: Bool = false) {
        self.output = output
        self.type = type
        self.force = force
    }

    /// What was made: the public JWK, and where the private key went.
    public struct Result: Encodable, Sendable {
        public let file: String
        public let keyID: String
        public let algorithm: String
        /// `kty`, its public numbers, `kid`, `use: sig` and `alg`: the object to put in the client's registered JWKS.
        public let publicJWK: JSONValue

        enum CodingKeys: String, CodingKey {
            case file, keyID = "kid", algorithm = "alg", publicJWK = "jwk"
        }
    }

    public func run(_ ctx: CommandContext) throws -> Result {
        let url = URL(fileURLWithPath: output)
        var existing = stat()
        if !force && lstat(url.path, &existing) == 0 {
            throw OutputError.cannotWrite(
                path: output, what: "the private key",
                reason:
                    "it already exists, and a key the provider has registered would be lost (choose another --out, or add --force to replace it)"
            )
        }
        let key = type == .rsa ? try SigningKey(rsaBits: 3072) : try SigningKey()
        let keyID = try key.thumbprint()
        try AtomicFile.saveOutput(Data(try key.privatePEM().utf8), to: output, what: "the private key", permissions: 0o600)
        var jwk = key.publicJWK
        jwk["kid"] = .string(keyID)
        jwk["use"] = .string("sig")
        jwk["alg"] = .string(key.algorithm.rawValue)
        return Result(file: output, keyID: keyID, algorithm: key.algorithm.rawValue, publicJWK: .object(jwk))
    }
}
