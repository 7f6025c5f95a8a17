import DotsSSOBasics
import FoundationEssentials

/// The secret half of an authorization in flight (PKCE verifier, state, nonce), kept 0600 until `exchange`.
package struct PendingAuthorization: Codable, Sendable, Equatable {
    package var state: String
    package var codeVerifier: String
    package var nonce: String?
    package var redirectUri: String
    package var createdAt: Date
    /// The scopes asked for: a token response without `scope` was granted these (RFC 6749 §5.1). Absent in entries
    /// written before it was kept.
    package var scopes: [String]?
    /// The DPoP key the code is bound to (`dpop_jkt`), which the exchange must prove.
    package var dpop: StoredDPoPKey?
    /// The `max_age` asked for, which the exchanged id_token's `auth_time` must meet.
    package var maxAge: Int?

    package init(state: String, codeVerifier: String, nonce: String?, redirectUri: String, createdAt: Date, scopes: [String]? = nil) {
        self.state = state
        self.codeVerifier = codeVerifier
        self.nonce = nonce
        self.redirectUri = redirectUri
        self.createdAt = createdAt
        self.scopes = scopes
    }
}
