import DotsSSOBasics
import FoundationEssentials

/// An authorization-code request with PKCE S256, a 256-bit `state` and, for OIDC, a `nonce` (RFC 6749 §4.1.1,
/// RFC 7636, RFC 8252, OIDC Core §3.1.2.1).
package struct AuthorizationRequest: Sendable {
    package let url: URL
    package let state: String
    package let nonce: String?
    package let pkce: PKCE
    package let redirectURI: String
    package let scopes: [String]
    /// The request's parameters, for pushing them (RFC 9126) instead of putting them in the browser's URL.
    package let parameters: [(String, String)]

    package init(endpoint: URL, clientID: String, redirectURI: String, scopes: [String], extra: [(String, String)] = []) throws {
        pkce = try PKCE()
        state = try SecureRandom.base64URLString(byteCount: 32)
        nonce = scopes.contains("openid") ? try SecureRandom.base64URLString(byteCount: 32) : nil
        self.redirectURI = redirectURI
        self.scopes = scopes
        var fields: [(String, String)] = [
            ("response_type", "code"),
            ("client_id", clientID),
            ("redirect_uri", redirectURI),
            ("state", state),
            ("code_challenge", pkce.challenge),
            ("code_challenge_method", pkce.method),
        ]
        if !scopes.isEmpty { fields.append(("scope", scopes.joined(separator: " "))) }
        if let nonce { fields.append(("nonce", nonce)) }
        fields += extra
        parameters = fields
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
            throw HTTPError.invalidURL(endpoint.absoluteString)
        }
        let existing = components.percentEncodedQuery.map { $0 + "&" } ?? ""
        components.percentEncodedQuery = existing + FormEncoding.encode(fields).replacing("+", with: "%20")
        guard let url = components.url else { throw HTTPError.invalidURL(endpoint.absoluteString) }
        self.url = url
    }

    /// What must be remembered to finish this authorization later (`--no-exchange`).
    package func pending(createdAt: Date) -> PendingAuthorization {
        PendingAuthorization(
            state: state, codeVerifier: pkce.verifier, nonce: nonce, redirectUri: redirectURI, createdAt: createdAt,
            scopes: scopes)
    }
}
