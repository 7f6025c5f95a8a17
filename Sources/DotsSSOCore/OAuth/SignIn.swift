import Foundation

/// Finishes a sign-in: exchanges the code, validates the id_token, and stores the token set in the cache.
public struct SignIn: Sendable {
    public let http: any HTTPClient
    public let endpoints: ProviderEndpoints
    public let credentials: ClientCredentials
    public let cache: TokenCache
    public let key: CacheKey
    public let channelName: String?
    public let scopes: [String]

    public init(http: any HTTPClient, endpoints: ProviderEndpoints, credentials: ClientCredentials, cache: TokenCache,
                key: CacheKey, channelName: String?, scopes: [String]) {
        self.http = http
        self.endpoints = endpoints
        self.credentials = credentials
        self.cache = cache
        self.key = key
        self.channelName = channelName
        self.scopes = scopes
    }

    /// What a completed sign-in reports: never a token.
    public struct Result: Codable, Sendable {
        public var subject: String?
        public var scope: String?
        public var expiresAt: Date?
        public var hasRefreshToken: Bool
        public var idTokenValidated: Bool
        public var cacheFile: String
    }

    public func complete(code: String, verifier: String?, redirectURI: String, nonce: String?) async throws -> Result {
        let tokenURL = try endpoints.require(\.token, "token", flag: "--token-endpoint")
        let client = TokenEndpointClient(http: http, credentials: credentials)
        let response = try await client.exchange(code: code, redirectURI: redirectURI, verifier: verifier, endpoint: tokenURL)
        var subject: String?
        var validated = false
        if let idToken = response.idToken {
            guard let issuer = endpoints.issuer else {
                throw OAuthError.invalidIDToken("no issuer is configured to validate it against (pass --issuer)")
            }
            let jwksURL = try endpoints.require(\.jwks, "JWKS", flag: "--issuer")
            let keys = try JWKSet(document: try await http.send(HTTPRequest(.get, jwksURL)).decodeJSON(JSONValue.self))
            let token = try IDTokenValidator(issuer: issuer, clientID: credentials.clientID, keys: keys).validate(idToken, nonce: nonce)
            subject = token.claims["sub"]?.stringValue
            validated = true
        }
        let tokens = response.tokenSet(requestedScope: scopes.isEmpty ? nil : scopes.joined(separator: " "))
        return try await cache.withLock(key) {
            var entry: CacheEntry
            if case .found(let existing) = try cache.read(key) {
                entry = existing
            } else {
                entry = CacheEntry(key: key, channel: channelName)
            }
            entry.channel = channelName ?? entry.channel
            entry.tokens = tokens
            entry.subject = subject ?? entry.subject
            entry.reauthenticationRequired = nil
            entry.pending = nil
            entry.endpoints = endpoints.stored
            try cache.write(entry)
            return Result(subject: entry.subject, scope: tokens.scope, expiresAt: tokens.expiresAt,
                          hasRefreshToken: tokens.refreshToken != nil, idTokenValidated: validated,
                          cacheFile: cache.url(for: key).path)
        }
    }
}
