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
    public func expires(within minValidity: TimeInterval, now: Date = Date()) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) < minValidity
    }
}

/// One cache file: the key it belongs to, the channel that made it, the tokens and what we learnt at sign-in.
public struct CacheEntry: Codable, Sendable, Equatable {
    public static let currentVersion = 1

    public var version: Int
    public var key: CacheKey
    public var channel: String?
    public var tokens: TokenSet?
    /// The user id seen at the first sign-in; ids are immutable, so a later different one is an error.
    public var subject: String?
    public var createdAt: Date
    public var updatedAt: Date
    /// Set when the provider answered `invalid_grant`: the next command says "sign in again" without a network call.
    public var reauthenticationRequired: String?

    public init(key: CacheKey, channel: String? = nil, tokens: TokenSet? = nil, subject: String? = nil, now: Date = Date()) {
        version = Self.currentVersion
        self.key = key
        self.channel = channel
        self.tokens = tokens
        self.subject = subject
        createdAt = now
        updatedAt = now
        reauthenticationRequired = nil
    }
}

/// What `cache list` shows about an entry: never a token.
public struct CacheListing: Codable, Sendable, Equatable {
    public var file: String
    public var authority: String?
    public var clientId: String?
    public var account: String?
    public var channel: String?
    public var subject: String?
    public var hasAccessToken: Bool
    public var hasRefreshToken: Bool
    public var expiresAt: Date?
    public var updatedAt: Date?
    public var needsSignIn: Bool
    /// Why the file cannot be used (corrupt, insecure), when it cannot.
    public var problem: String?
}
