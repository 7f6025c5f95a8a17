import DotsSSOBasics
import FoundationEssentials

/// A client's `private_key_jwt` authentication (RFC 7523 §2.2, OIDC Core §9): instead of a shared secret, each
/// request to the token, revocation or PAR endpoint carries a fresh JWT signed with the client's private key, whose
/// public half the provider has registered. Nothing secret travels; a captured assertion is useless a minute later
/// and, by its `jti`, even within that minute at a provider that remembers them.
package struct ClientAssertion: Sendable {
    package let key: SigningKey
    /// The `kid` the provider registered the key under (`--client-key-id`), else the key's RFC 7638 thumbprint, which
    /// is what `dots-sso keys generate` prints as the JWK's `kid`.
    package let keyID: String
    /// Which audience an assertion names: one string, as strict providers require (Glewlwyd refuses a list).
    package enum Audience: String, Sendable, CaseIterable {
        /// The URL of the endpoint the assertion is sent to: the token endpoint for token requests (OIDC Core §9, RFC
        /// 7523 §3), the PAR or revocation endpoint for those (which Glewlwyd requires and RFC 9126 §2 allows).
        case endpoint
        /// The provider's issuer identifier (RFC 7523bis, FAPI 2.0 §5.3.2.1), for providers that ask for it.
        case issuer
    }

    /// The provider's issuer identifier, the audience when `audience` is `.issuer`.
    package let issuer: String?
    /// `clientAssertionAudience` / `--client-assertion-audience`.
    package let audience: Audience
    /// The algorithms the provider accepts for client assertions (its metadata's
    /// `token_endpoint_auth_signing_alg_values_supported`), once a command has read them or the cached sign-in
    /// remembers them; shared by every copy of this assertion, so the refresh a sign-in makes later signs alike.
    private let accepted = OnceBox<[String]>()
    let clock: WallClock

    /// How long an assertion is good for: RFC 7523 asks for short; providers allow up to 5 minutes.
    package static let lifetime: TimeInterval = 60
    package static let assertionType = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

    package init(key: SigningKey, keyID: String?, issuer: String?, audience: Audience = .endpoint, clock: WallClock) throws {
        self.key = key
        self.keyID = try keyID ?? key.thumbprint()
        self.issuer = issuer
        self.audience = audience
        self.clock = clock
    }

    /// Reads the key from `file` (`-` is stdin), never echoing any of it in an error.
    package static func load(file: String, keyID: String?, issuer: String?, audience: Audience = .endpoint, clock: WallClock)
        throws -> ClientAssertion
    {
        let key = try SigningKey.read(file: file)
        do {
            return try ClientAssertion(key: key, keyID: keyID, issuer: issuer, audience: audience, clock: clock)
        } catch CryptoError.openSSL(_, let detail) {
            throw InputError.malformed(source: InputFile.displayName(file), reason: detail)
        }
    }

    /// Takes the provider's list of accepted algorithms (nil or empty: it did not say, and the key's own is used).
    package func accept(_ algorithms: [String]?) {
        if let algorithms, !algorithms.isEmpty { accepted.set(algorithms) }
    }

    /// The one audience an assertion sent to `endpoint` names.
    package func audience(for endpoint: URL) -> String {
        switch audience {
        case .issuer: issuer ?? endpoint.absoluteString
        case .endpoint: endpoint.absoluteString
        }
    }

    /// The JWS algorithm the assertions are signed with: the key's own (RS256 for RSA, ES256 for P-256) unless the
    /// provider lists algorithms without it; then PS256 for an RSA key when it lists that (FAPI 2.0 providers accept
    /// only PS256 and ES256). A key the provider accepts no algorithm of is refused before anything is sent.
    package func algorithm() throws -> JWSAlgorithm {
        let own = key.algorithm
        guard let list = accepted.value, !list.contains(own.rawValue) else { return own }
        if own == .rs256 && list.contains(JWSAlgorithm.ps256.rawValue) { return .ps256 }
        throw OAuthError.assertionAlgorithmRefused(accepted: list, key: own.rawValue)
    }

    /// A fresh assertion for a request to `endpoint`. `aud` is one string (`audience(for:)`): OIDC Core §9 names the
    /// token endpoint (the endpoint receiving it), RFC 7523bis and FAPI 2.0 the issuer, and providers that check strictly (Glewlwyd) refuse a list
    /// even when it holds theirs.
    package func make(clientID: String, endpoint: URL) throws -> String {
        let now = clock.now().timeIntervalSince1970.rounded(.down)
        let claims: [String: JSONValue] = [
            "iss": .string(clientID), "sub": .string(clientID), "aud": .string(audience(for: endpoint)),
            "jti": .string(try SecureRandom.base64URLString(byteCount: 24)),
            "iat": .number(now), "exp": .number(now + Self.lifetime),
        ]
        return try key.compactJWS(header: ["typ": .string("JWT"), "kid": .string(keyID)], claims: claims, algorithm: try algorithm())
    }
}
