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
    /// A Bridge session from `magic-link redeem`.
    public var session: BridgeSession?
    /// The profile id seen the first time this sign-in's profile was fetched; ids are immutable.
    public var profileId: String?
    /// The endpoints used at sign-in, so refresh and revocation work without discovery.
    public var endpoints: StoredEndpoints?
    /// An authorization started with `--no-exchange`, waiting for `dots-sso exchange`.
    public var pending: PendingAuthorization?

    public init(key: CacheKey, channel: String? = nil, tokens: TokenSet? = nil, subject: String? = nil, now: Date = Date()) {
        version = Self.currentVersion
        self.key = key
        self.channel = channel
        self.tokens = tokens
        self.subject = subject
        createdAt = now
        updatedAt = now
        reauthenticationRequired = nil
        endpoints = nil
        pending = nil
        profileId = nil
        session = nil
    }
}

/// The provider endpoints remembered with a sign-in.
public struct StoredEndpoints: Codable, Sendable, Equatable {
    public var issuer: String?
    public var token: String?
    public var revocation: String?
    public var endSession: String?
    public var userinfo: String?

    public init(issuer: String? = nil, token: String? = nil, revocation: String? = nil, endSession: String? = nil, userinfo: String? = nil) {
        self.issuer = issuer
        self.token = token
        self.revocation = revocation
        self.endSession = endSession
        self.userinfo = userinfo
    }
}

/// The secret half of an authorization in flight (PKCE verifier, state, nonce), kept 0600 until `exchange`.
public struct PendingAuthorization: Codable, Sendable, Equatable {
    public var state: String
    public var codeVerifier: String
    public var nonce: String?
    public var redirectUri: String
    public var createdAt: Date

    public init(state: String, codeVerifier: String, nonce: String?, redirectUri: String, createdAt: Date = Date()) {
        self.state = state
        self.codeVerifier = codeVerifier
        self.nonce = nonce
        self.redirectUri = redirectUri
        self.createdAt = createdAt
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
