import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

extension SandboxRoutes {
    /// A client authenticated by `private_key_jwt` (RFC 7523 §3, OIDC Core §9): the assertion is signed by a key of the
    /// client's registered JWKS (picked by `kid`), `iss` and `sub` are its id (and `client_id`, when sent, too), `aud`
    /// names this issuer, the token endpoint (which RFC 9126 §2 has the PAR endpoint accept too) or the endpoint it was
    /// sent to, it expires within five minutes, and its `jti` is new.
    func client(asserting form: [String: String], endpoint: String) async -> SandboxClient? {
        guard form["client_assertion_type"] == ClientAssertion.assertionType, let assertion = form["client_assertion"],
            let token = try? JWT(assertion), case .string(let subject)? = token.claims["sub"], token.claims["iss"] == .string(subject),
            form["client_id"].map({ $0 == subject }) ?? true,
            let client = settings.clients.first(where: { $0.id == subject }), let registered = client.jwks,
            let keys = try? JWKSet(document: registered),
            let algorithm = token.algorithm.flatMap(JWSAlgorithm.init(rawValue:))
        else { return nil }
        // FAPI 2.0 (§5.3.2.1, §5.4.1): the issuer as the one audience, a string; PS256, ES256 or EdDSA only.
        if settings.fapi2 {
            guard token.claims["aud"] == .string(issuer), FAPI2Profile.algorithms.contains(algorithm) else { return nil }
        }
        let verified = keys.verifies(token, algorithm: algorithm)
        let audiences: [String] =
            switch token.claims["aud"] {
            case .string(let one)?: [one]
            case .array(let many)?: many.compactMap(\.stringValue)
            default: []
            }
        let now = settings.now().timeIntervalSince1970
        guard verified, audiences.contains(where: { $0 == issuer || $0 == "\(issuer)/token" || $0 == endpoint }),
            case .number(let expiry)? = token.claims["exp"], expiry > now, expiry <= now + 300,
            case .string(let jti)? = token.claims["jti"], await state.firstUse(ofAssertion: jti, until: expiry)
        else { return nil }
        return client
    }
}
