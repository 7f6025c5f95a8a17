import Foundation

/// The secret half of an authorization in flight (PKCE verifier, state, nonce), kept 0600 until `exchange`.
public struct PendingAuthorization: Codable, Sendable, Equatable {
    public var state: String
    public var codeVerifier: String
    public var nonce: String?
    public var redirectUri: String
    public var createdAt: Date
    /// The scopes asked for: a token response without `scope` was granted these (RFC 6749 §5.1). Absent in entries
    /// written before it was kept.
    public var scopes: [String]?

    public init(state: String, codeVerifier: String, nonce: String?, redirectUri: String, createdAt: Date, scopes: [String]? = nil) {
        self.state = state
        self.codeVerifier = codeVerifier
        self.nonce = nonce
        self.redirectUri = redirectUri
        self.createdAt = createdAt
        self.scopes = scopes
    }
}
