import DotsSSOBasics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// `dots-sso keys generate`: a new key pair for `private_key_jwt`. The private key is written 0600 (never over an
/// existing file without `force`: a key the provider has registered is not to be lost by a slip), and the public
/// half comes back as the JWK to register, its `kid` the RFC 7638 thumbprint that `--client-key-file` sends by
/// default.
package struct ClientKeyGeneration: Sendable {
    package enum KeyType: String, Sendable, CaseIterable {
        /// RSA 3072 (NIST's choice past 2030), signs RS256 or PS256.
        case rsa
        /// P-256, signs ES256: small and fast, what FAPI 2.0 names first.
        case ec
    }

    package var output: String
    package var type: KeyType
    package var force: Bool

    package init(output: String, type: KeyType = .ec, force: Bool = false) {
        self.output = output
        self.type = type
        self.force = force
    }

    /// What was made: the public JWK, and where the private key went.
    package struct Result: Encodable, Sendable {
        package let file: String
        package let keyID: String
        package let algorithm: String
        /// `kty`, its public numbers, `kid`, `use: sig` and `alg`: the object to put in the client's registered JWKS.
        package let publicJWK: JSONValue

        enum CodingKeys: String, CodingKey {
            case file, keyID = "kid", algorithm = "alg", publicJWK = "jwk"
        }
    }

    package func run(_ ctx: CommandContext) throws -> Result {
        let url = URL(fileURLWithPath: output)
        var existing = stat()
        if !force && lstat(url.path, &existing) == 0 {
            throw OutputError.cannotWrite(
                path: output, what: "the private key",
                reason:
                    "it already exists, and a key the provider has registered would be lost (choose another \(CLIFlag.output), or add \(CLIFlag.force) to replace it)"
            )
        }
        let key = type == .rsa ? try SigningKey(rsaBits: 3072) : try SigningKey()
        let jwk = try key.registrationJWK()
        try AtomicFile.saveOutput(Data(try key.privatePEM().utf8), to: output, what: "the private key", permissions: 0o600)
        return Result(file: output, keyID: try key.thumbprint(), algorithm: key.algorithm.rawValue, publicJWK: .object(jwk))
    }
}
