import DotsSSOBasics
import FoundationEssentials

/// Validates an OIDC id_token (OIDC Core §3.1.3.7): signature from the provider's JWKS (any `JWSAlgorithm`, keys strong
/// enough to mean something), no unknown `crit`, `iss`, `sub`, `aud` (and `azp` when there are several), `exp`,
/// `iat`, and the `nonce` we sent.
package struct IDTokenValidator: Sendable {
    package let issuer: String
    package let clientID: String
    package let keys: JWKSet
    /// Clock skew tolerated on `exp`/`iat`/`nbf`.
    package var leeway: TimeInterval = 120
    /// The only algorithms accepted (a security profile's, FAPI 2.0 §5.4.1); nil: every `JWSAlgorithm`.
    package var allowedAlgorithms: [JWSAlgorithm]?

    package init(issuer: String, clientID: String, keys: JWKSet) {
        self.issuer = issuer
        self.clientID = clientID
        self.keys = keys
    }

    /// Returns the verified token; throws `OAuthError.invalidIDToken` naming the failed check. `nonceRequired: false`
    /// (grants with no standard place for a nonce) still refuses another nonce, but accepts an id_token without one.
    @discardableResult
    package func validate(_ compact: String, nonce: String?, nonceRequired: Bool = true, now: Date) throws -> JWT {
        let token = try JWT(compact)
        let algorithm = try Self.algorithm(of: token)
        if let allowed = allowedAlgorithms, !allowed.contains(algorithm) {
            // Refused before its signature is even looked at: a valid RS256 signature by a listed key is still refused.
            throw OAuthError.invalidIDToken(
                "it is signed with \(algorithm.rawValue), which the FAPI 2.0 Security Profile does not allow "
                    + "(§5.4.1: \(FAPI2Profile.algorithmList) only)")
        }
        if let critical = token.criticalParameters {
            throw OAuthError.invalidIDToken(
                "its header marks \(critical.map { "\"\(TerminalText.oneLine($0, limit: 40))\"" }.joined(separator: ", ")) "
                    + "as critical (crit), and dots-sso understands none of them (RFC 7515 §4.1.11: such a token must be refused)")
        }
        try verifySignature(token, algorithm: algorithm)
        guard token.claims["iss"]?.stringValue == issuer else {
            throw OAuthError.invalidIDToken("iss is \"\(token.claims["iss"]?.stringValue ?? "missing")\", expected \"\(issuer)\"")
        }
        guard let subject = token.claims["sub"]?.stringValue, !subject.isEmpty else {
            throw OAuthError.invalidIDToken("it has no sub claim (OIDC Core §2: every id_token names its subject)")
        }
        guard token.claims["aud"] != nil else { throw OAuthError.invalidIDToken("it has no aud claim") }
        guard token.audiences.contains(clientID) else {
            throw OAuthError.invalidIDToken("aud \(token.audiences) does not contain the client id \"\(clientID)\"")
        }
        if token.audiences.count > 1 {
            // OIDC Core §3.1.3.7 (4, 5): several audiences need an azp, and it must be us.
            guard let azp = token.claims["azp"]?.stringValue else {
                throw OAuthError.invalidIDToken(
                    "it names several audiences \(token.audiences) and no azp (authorized party), so it may have been issued to another client"
                )
            }
            guard azp == clientID else { throw OAuthError.invalidIDToken("azp is \"\(azp)\", expected the client id \"\(clientID)\"") }
        } else if let azp = token.claims["azp"]?.stringValue, azp != clientID {
            throw OAuthError.invalidIDToken("azp is \"\(azp)\", expected the client id \"\(clientID)\"")
        }
        guard let expiry = try token.date("exp") else { throw OAuthError.invalidIDToken("it has no exp claim") }
        guard expiry.addingTimeInterval(leeway) > now else {
            throw OAuthError.invalidIDToken("it expired at \(ISOTimestamp.string(expiry))")
        }
        guard let issuedAt = try token.date("iat") else {
            throw OAuthError.invalidIDToken("it has no iat claim (OIDC Core §2: the time it was issued is required)")
        }
        if issuedAt.addingTimeInterval(-leeway) > now {
            throw OAuthError.invalidIDToken("it was issued in the future (iat \(ISOTimestamp.string(issuedAt)))")
        }
        if let notBefore = try token.date("nbf"), notBefore.addingTimeInterval(-leeway) > now {
            throw OAuthError.invalidIDToken("it is not valid yet (nbf)")
        }
        if let nonce, token.claims["nonce"] != nil || nonceRequired, token.claims["nonce"]?.stringValue != nonce {
            throw OAuthError.invalidIDToken("its nonce does not match the one this sign-in sent (possible replay)")
        }
        return token
    }

    /// OIDC Core §3.1.2.1 and §3.1.3.7 (13): with `max_age` asked, the id_token must say when the member
    /// authenticated (`auth_time`), and not longer ago than `max_age` (with the usual minute of clock skew). A
    /// provider that ignores `max_age` and lets an old session through is refused, not trusted.
    package static func checkAuthTime(_ token: JWT, maxAge: Int, now: Date, skew: TimeInterval = 60) throws {
        guard let authTime = token.claims["auth_time"]?.numberValue, authTime.isFinite, abs(authTime) < 253_402_300_800 else {
            throw OAuthError.invalidIDToken(
                "max_age was asked, but it has no auth_time claim saying when the member authenticated (OIDC Core §3.1.2.1)")
        }
        let age = now.timeIntervalSince1970 - authTime
        guard age <= Double(maxAge) + skew else {
            throw OAuthError.invalidIDToken(
                "the member authenticated \(Int(clamping: age, to: 0...Int(Int32.max))) s ago (auth_time), more than the max_age of \(maxAge) s this sign-in asked: the provider did not make them sign in again"
            )
        }
    }

    /// The id_token a refresh returned (OIDC Core §12.2): validated as at sign-in without a nonce, and its `iss` and
    /// `sub` must be the signed-in member's, its `aud` and `azp` those of the sign-in's id_token (`original`, verified
    /// when it was received), or it was issued for someone or something else.
    @discardableResult
    package func validateRefreshed(_ compact: String, original: String?, subject: String?, now: Date) throws -> JWT {
        let token = try validate(compact, nonce: nil, nonceRequired: false, now: now)
        if let subject, token.claims["sub"]?.stringValue != subject {
            throw OAuthError.invalidIDToken(
                "the refreshed id_token names another subject (\"\(TerminalText.oneLine(token.claims["sub"]?.stringValue ?? "", limit: 60))\", "
                    + "signed in as \"\(subject)\"); OIDC Core §12.2 requires the same")
        }
        guard let original = original.flatMap({ try? JWT($0) }) else { return token }
        if Set(token.audiences) != Set(original.audiences) {
            throw OAuthError.invalidIDToken(
                "the refreshed id_token's aud \(Self.quoted(token.audiences)) is not the sign-in's \(Self.quoted(original.audiences)); "
                    + "OIDC Core §12.2 requires the same")
        }
        let azp = token.claims["azp"]?.stringValue
        let originalAZP = original.claims["azp"]?.stringValue
        if azp != originalAZP {
            throw OAuthError.invalidIDToken(
                "the refreshed id_token's azp is \(azp.map { "\"\(TerminalText.oneLine($0, limit: 60))\"" } ?? "missing"), the sign-in's "
                    + "\(originalAZP.map { "\"\($0)\"" } ?? "had none"); OIDC Core §12.2 requires the same")
        }
        return token
    }

    private static func quoted(_ values: [String]) -> String {
        "[" + values.map { "\"\(TerminalText.oneLine($0, limit: 60))\"" }.joined(separator: ", ") + "]"
    }

    /// The signing algorithm, refused with the reason when it is not one we verify with the provider's keys.
    static func algorithm(of token: JWT) throws -> JWSAlgorithm {
        let name = token.algorithm ?? "no algorithm"
        if let algorithm = JWSAlgorithm(rawValue: name) { return algorithm }
        if name.lowercased() == "none" {
            throw OAuthError.invalidIDToken(
                "it is unsigned (alg none); dots-sso accepts only id_tokens signed with the provider's keys "
                    + "(\(JWSAlgorithm.acceptedList))")
        }
        if name.hasPrefix("HS") {
            throw OAuthError.invalidIDToken(
                "it is signed with \(name), a key shared with the client (the client secret), which cannot prove the "
                    + "provider made it; dots-sso accepts \(JWSAlgorithm.acceptedList) signed with the provider's published keys")
        }
        throw OAuthError.invalidIDToken(
            "it is signed with \(TerminalText.oneLine(name, limit: 20)); dots-sso accepts \(JWSAlgorithm.acceptedList)")
    }

    /// Whether the JWKS has a key that could have signed `compact`: when it has not, the provider may have rotated
    /// its keys since the JWKS was fetched, and one fresh fetch is worth it.
    package func hasKey(for compact: String) -> Bool {
        guard let token = try? JWT(compact), let algorithm = try? Self.algorithm(of: token) else { return true }
        return !keys.candidates(algorithm: algorithm, keyID: token.keyID).isEmpty
    }

    private func verifySignature(_ token: JWT, algorithm: JWSAlgorithm) throws {
        let candidates = keys.candidates(algorithm: algorithm, keyID: token.keyID)
        guard !candidates.isEmpty else {
            if let error = keys.unusableKeyError(keyID: token.keyID) { throw error }
            throw OAuthError.invalidIDToken(
                "no \(algorithm.rawValue) key\(token.keyID.map { " with kid \"\(TerminalText.oneLine($0, limit: 60))\"" } ?? "") in the provider's JWKS"
            )
        }
        // When every candidate is refused, the refusal is the reason, not a failed signature.
        if candidates.allSatisfy({ $0.refusal != nil }), let refusal = candidates[0].refusal {
            throw OAuthError.malformedJWK(keyID: candidates[0].keyID, detail: refusal)
        }
        guard keys.verifies(token, algorithm: algorithm) else {
            throw OAuthError.invalidIDToken("the signature does not verify with the provider's keys")
        }
    }
}
