import Foundation

/// Validates an OIDC id_token (OIDC Core §3.1.3.7): signature from the provider's JWKS (RS256/ES256),
/// `iss`, `aud`, `exp`, `iat`, and the `nonce` we sent.
public struct IDTokenValidator: Sendable {
    public let issuer: String
    public let clientID: String
    public let keys: JWKSet
    /// Clock skew tolerated on `exp`/`iat`/`nbf`.
    public var leeway: TimeInterval = 120

    public init(issuer: String, clientID: String, keys: JWKSet) {
        self.issuer = issuer
        self.clientID = clientID
        self.keys = keys
    }

    /// Returns the verified token; throws `OAuthError.invalidIDToken` naming the failed check. `nonceRequired: false`
    /// (grants with no standard place for a nonce) still refuses another nonce, but accepts an id_token without one.
    @discardableResult
    public func validate(_ compact: String, nonce: String?, nonceRequired: Bool = true, now: Date = Date()) throws -> JWT {
        let token = try JWT(compact)
        guard let name = token.algorithm, let algorithm = JWSAlgorithm(rawValue: name) else {
            throw OAuthError.invalidIDToken("it is signed with \(token.algorithm ?? "no algorithm"); dots-sso accepts RS256 and ES256")
        }
        let candidates = keys.candidates(algorithm: algorithm, keyID: token.keyID)
        guard !candidates.isEmpty else {
            throw OAuthError.invalidIDToken("no \(name) key\(token.keyID.map { " with kid \"\($0)\"" } ?? "") in the provider's JWKS")
        }
        guard candidates.contains(where: { $0.key.verify(signature: token.signature, message: token.signingInput, algorithm: algorithm) }) else {
            throw OAuthError.invalidIDToken("the signature does not verify with the provider's keys")
        }
        guard token.claims["iss"]?.stringValue == issuer else {
            throw OAuthError.invalidIDToken("iss is \"\(token.claims["iss"]?.stringValue ?? "missing")\", expected \"\(issuer)\"")
        }
        guard token.audiences.contains(clientID) else {
            throw OAuthError.invalidIDToken("aud \(token.audiences) does not contain the client id \"\(clientID)\"")
        }
        if token.audiences.count > 1, let azp = token.claims["azp"]?.stringValue, azp != clientID {
            throw OAuthError.invalidIDToken("azp is \"\(azp)\", expected the client id \"\(clientID)\"")
        }
        guard let expiry = token.date("exp") else { throw OAuthError.invalidIDToken("it has no exp claim") }
        guard expiry.addingTimeInterval(leeway) > now else {
            throw OAuthError.invalidIDToken("it expired at \(ISOTimestamp.string(expiry))")
        }
        if let issuedAt = token.date("iat"), issuedAt.addingTimeInterval(-leeway) > now {
            throw OAuthError.invalidIDToken("it was issued in the future (iat \(ISOTimestamp.string(issuedAt)))")
        }
        if let notBefore = token.date("nbf"), notBefore.addingTimeInterval(-leeway) > now {
            throw OAuthError.invalidIDToken("it is not valid yet (nbf)")
        }
        if let nonce, token.claims["nonce"] != nil || nonceRequired, token.claims["nonce"]?.stringValue != nonce {
            throw OAuthError.invalidIDToken("its nonce does not match the one this sign-in sent (possible replay)")
        }
        return token
    }
}
