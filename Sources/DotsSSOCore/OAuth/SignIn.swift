import DotsSSOBasics
import FoundationEssentials

/// Finishes a sign-in: exchanges the code, validates the id_token, and stores the token set in the cache.
package struct SignIn: Sendable {
    /// The token endpoint with the client's credentials and, when the sign-in binds its tokens, its DPoP key.
    package let tokenClient: TokenEndpointClient
    package let endpoints: ProviderEndpoints
    package let cache: TokenCache
    package let key: CacheKey
    package let channelName: String?
    package let scopes: [String]
    /// Receives one-line warnings for stderr (a provider that ignored the DPoP proof).
    package let warn: @Sendable (String) -> Void

    package init(
        tokenClient: TokenEndpointClient, endpoints: ProviderEndpoints, cache: TokenCache, key: CacheKey, channelName: String?,
        scopes: [String], warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.tokenClient = tokenClient
        self.endpoints = endpoints
        self.cache = cache
        self.key = key
        self.channelName = channelName
        self.scopes = scopes
        self.warn = warn
    }

    var http: any HTTPClient { tokenClient.http }
    var credentials: ClientCredentials { tokenClient.credentials }

    /// What a completed sign-in reports: never a token.
    package struct Result: Codable, Sendable {
        /// Who signed in, as a person reads it: the id_token's `preferred_username`, else `email`, else `name`.
        package var member: String?
        package var subject: String?
        package var scope: String?
        package var expiresAt: Date?
        package var hasRefreshToken: Bool
        package var idTokenValidated: Bool
        package var cacheFile: String
    }

    /// `maxAge`: the `max_age` the authorization request asked for, which the id_token's `auth_time` must meet.
    package func complete(code: String, verifier: String?, redirectURI: String, nonce: String?, maxAge: Int? = nil) async throws -> Result {
        let tokenURL = try endpoints.require(\.token, "token", flag: "\(CLIFlag.tokenEndpoint)")
        let response = try await tokenClient.exchange(code: code, redirectURI: redirectURI, verifier: verifier, endpoint: tokenURL)
        return try await store(response, nonce: nonce, maxAge: maxAge)
    }

    /// Validates the id_token of a token response (when one came) and caches the tokens, for every way of signing in.
    /// `nonceRequired: false` is for grants with no standard place for a nonce (RFC 8628, the password grant): a nonce
    /// in the id_token must still be the one sent, but its absence is no replay.
    package func store(_ response: TokenResponse, nonce: String?, nonceRequired: Bool = true, maxAge: Int? = nil) async throws -> Result {
        var subject: String?
        var member: String?
        var validated = false
        if let idToken = response.idToken {
            guard let issuer = endpoints.issuer else {
                throw OAuthError.invalidIDToken("no issuer is configured to validate it against (pass \(CLIFlag.issuer))")
            }
            let jwksURL = try endpoints.require(\.jwks, "JWKS", flag: "\(CLIFlag.issuer)")
            let validator = try await Self.validator(
                for: idToken, issuer: issuer, clientID: credentials.clientID, jwks: jwksURL, http: http,
                profile: endpoints.securityProfile)
            let token = try validator.validate(idToken, nonce: nonce, nonceRequired: nonceRequired, now: cache.clock.now())
            if let maxAge { try IDTokenValidator.checkAuthTime(token, maxAge: maxAge, now: cache.clock.now()) }
            subject = token.claims["sub"]?.stringValue
            member = ["preferred_username", "email", "name"].lazy.compactMap { token.claims[$0]?.stringValue }.first { !$0.isEmpty }
            validated = true
        }
        if maxAge != nil, response.idToken == nil {
            warn("max_age was asked, but the provider issued no id_token, so when the member authenticated could not be checked")
        }
        let tokens = response.tokenSet(requestedScope: scopes.isEmpty ? nil : scopes.joined(separator: " "), now: cache.clock.now())
        let dpop = try tokenClient.dpop?.stored()
        if dpop != nil, !tokens.isDPoPBound {
            warn(
                "the provider answered token_type \(tokens.tokenType ?? "Bearer"), not DPoP: it ignored the proof, and these tokens are "
                    + "not bound to a key (anyone who copies them can use them)")
        }
        let stored = endpoints.stored
        let channelName = self.channelName
        let key = self.key
        let subjectSeen = subject
        let entry = try await cache.update(key) { entry -> CacheEntry in
            var updated = entry ?? CacheEntry(key: key, channel: channelName, now: cache.clock.now())
            updated.channel = channelName ?? updated.channel
            updated.subject = subjectSeen ?? updated.subject
            updated.oauth = OAuthSignIn(tokens: tokens, endpoints: stored, dpop: dpop)
            entry = updated
            return updated
        }
        return Result(
            member: member, subject: entry.subject, scope: tokens.scope, expiresAt: tokens.expiresAt,
            hasRefreshToken: tokens.refreshToken != nil, idTokenValidated: validated,
            cacheFile: cache.url(for: key).path)
    }

    /// A validator holding the provider's keys. When none of them could have signed `idToken` (its `kid` unknown),
    /// the provider may have rotated its keys behind a cache: the JWKS is fetched once more, bypassing caches.
    /// Under a security profile (`profile`), only the algorithms it allows are accepted.
    static func validator(
        for idToken: String, issuer: String, clientID: String, jwks: URL, http: any HTTPClient, profile: SecurityProfile? = nil
    ) async throws -> IDTokenValidator {
        func fetch(fresh: Bool) async throws -> IDTokenValidator {
            let headers = fresh ? [(name: "Cache-Control", value: "no-cache")] : []
            let keys = try JWKSet(document: try await http.send(HTTPRequest(.get, jwks, headers: headers)).decodeJSON(JSONValue.self))
            var validator = IDTokenValidator(issuer: issuer, clientID: clientID, keys: keys)
            if profile == .fapi2 { validator.allowedAlgorithms = FAPI2Profile.algorithms }
            return validator
        }
        let first = try await fetch(fresh: false)
        return first.hasKey(for: idToken) ? first : try await fetch(fresh: true)
    }
}
