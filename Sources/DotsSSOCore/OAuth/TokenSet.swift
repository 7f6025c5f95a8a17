import Foundation

/// The tokens of one sign-in, as stored. Never printed unless the user asks (`token print`).
public struct TokenSet: Codable, Sendable, Equatable {
    public var accessToken: String
    public var tokenType: String?
    public var refreshToken: String?
    public var idToken: String?
    public var scope: String?
    public var expiresAt: Date?

    public init(accessToken: String, tokenType: String? = "Bearer", refreshToken: String? = nil, idToken: String? = nil, scope: String? = nil, expiresAt: Date? = nil) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.refreshToken = refreshToken
        self.idToken = idToken
        self.scope = scope
        self.expiresAt = expiresAt
    }

    /// Whether the access token is expired or will be within `minValidity` seconds.
    public func expires(within minValidity: TimeInterval, now: Date) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) < minValidity
    }
}
