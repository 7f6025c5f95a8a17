import DotsSSOBasics
import FoundationEssentials

/// The cached sign-in of one channel and account: hands out a valid access token, refreshing it at most once
/// across every concurrent dots-sso process (under the entry's lock), persisting a rotated refresh token
/// before returning, and remembering `invalid_grant` so the next command fails fast without a network call.
package struct TokenSession: Sendable {
    package let cache: TokenCache
    package let key: CacheKey
    /// How hints name the channel (what the user typed after --channel).
    package let channelName: String?
    package let tokenClient: TokenEndpointClient
    /// Token endpoint from flags or discovery, consulted only when a refresh is needed and the entry has none.
    package let tokenEndpoint: @Sendable () async throws -> URL
    /// Receives one-line warnings (a corrupt cache file) for stderr.
    package let warn: @Sendable (String) -> Void

    package init(
        cache: TokenCache, key: CacheKey, channelName: String?, tokenClient: TokenEndpointClient,
        tokenEndpoint: @escaping @Sendable () async throws -> URL, warn: @escaping @Sendable (String) -> Void
    ) {
        self.cache = cache
        self.key = key
        self.channelName = channelName
        self.tokenClient = tokenClient
        self.tokenEndpoint = tokenEndpoint
        self.warn = warn
    }

    /// A signed-in entry and its tokens.
    package struct SignedIn: Sendable {
        package var entry: CacheEntry
        package var tokens: TokenSet
        /// The key the tokens are bound to (RFC 9449), when the sign-in made one.
        package var dpop: DPoPKey?
        /// The client certificate the client shows (RFC 8705), which a token bound to it needs beside it.
        package var certificate: ClientCertificate?

        /// The access token and, when it is bound, the key or certificate that proves it.
        package var access: AccessCredential {
            AccessCredential(token: tokens.accessToken, tokenType: tokens.tokenType, key: dpop).issued(
                expiresAt: tokens.expiresAt, scope: tokens.scope
            ).presenting(certificate)
        }
    }

    /// The signed-in entry, or the error that tells the user to sign in (again).
    package func current() throws -> SignedIn {
        switch try cache.read(key) {
        case .absent:
            throw TokenCacheError.notSignedIn(channel: channelName)
        case let .corrupt(path, reason):
            warn("ignoring the unreadable cache entry \(path): \(reason)")
            throw TokenCacheError.notSignedIn(channel: channelName)
        case .found(let entry):
            return try signedIn(entry)
        }
    }

    private func signedIn(_ entry: CacheEntry?) throws -> SignedIn {
        var signedIn = try Self.signedIn(entry, channelName: channelName)
        signedIn.dpop = DPoPKey.restore(signedIn.entry.oauth.dpop, clock: cache.clock)
        signedIn.certificate = tokenClient.credentials.certificate
        return signedIn
    }

    static func signedIn(_ entry: CacheEntry?, channelName: String?) throws -> SignedIn {
        guard let entry else { throw TokenCacheError.notSignedIn(channel: channelName) }
        let oauth = entry.oauth
        if let reason = oauth.reauthenticationRequired {
            throw TokenCacheError.signInAgain(channel: channelName, reason: reason)
        }
        guard let tokens = oauth.tokens else { throw TokenCacheError.notSignedIn(channel: channelName) }
        return SignedIn(entry: entry, tokens: tokens)
    }

    /// Tokens whose access token is valid for at least `minValidity` seconds, refreshing when needed or forced.
    /// Returns whether this call refreshed.
    ///
    /// One refresh serves every process waiting on the lock: a process that finds the entry refreshed since it read
    /// it takes that token, whatever `minValidity` or `force` asked. A `minValidity` longer than the provider's
    /// tokens live is said once and treated as half their lifetime, so calls in a loop do not refresh every time.
    package func valid(minValidity: TimeInterval, force: Bool = false) async throws -> (signedIn: SignedIn, refreshed: Bool) {
        let now = cache.clock.now
        let first = try current()
        if !force, !first.tokens.expires(within: first.tokens.attainableValidity(minValidity), now: now()) {
            warnIfUnattainable(minValidity, first.tokens)
            return (first, false)
        }
        let outcome = try await updateRefreshing { entry, issued -> Result<(signedIn: SignedIn, refreshed: Bool), any Error> in
            let latest = try signedIn(entry)
            // Another process refreshed while we waited for the lock: its token is everybody's. (Unchanged tokens
            // already failed the check above, so there is nothing to re-check for them.)
            if latest.tokens != first.tokens, !latest.tokens.expires(within: 0, now: now()) {
                return .success((signedIn: latest, refreshed: false))
            }
            return await refresh(latest, in: &entry, issued: &issued).map { (signedIn: $0, refreshed: true) }
        }
        warnIfUnattainable(minValidity, outcome.signedIn.tokens)
        return outcome
    }

    private func warnIfUnattainable(_ minValidity: TimeInterval, _ tokens: TokenSet) {
        guard let lifetime = tokens.lifetime, tokens.attainableValidity(minValidity) < minValidity else { return }
        warn(
            "\(CLIFlag.minValidity) \(Self.seconds(minValidity)) is \(minValidity > lifetime ? "longer than" : "as long as") the provider's access tokens live (\(Self.seconds(lifetime))); "
                + "using one with at least \(Self.seconds(lifetime / 2)) left instead of refreshing on every call")
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : PlainNumber.fixed(value, places: 1) + " s"
    }

    /// After a resource server rejected `rejected` with 401: refresh once, unless another process already did.
    package func afterRejection(of rejected: String) async throws -> SignedIn {
        let now = cache.clock.now
        return try await updateRefreshing { entry, issued -> Result<SignedIn, any Error> in
            let latest = try signedIn(entry)
            if latest.tokens.accessToken != rejected, !latest.tokens.expires(within: 0, now: now()) {
                return .success(latest)
            }
            return await refresh(latest, in: &entry, issued: &issued)
        }
    }

    /// `cache.update` around a refresh. When the provider issued new tokens but the entry could not be written (a
    /// full disk), the error says so: the old entry is intact, but a rotated refresh token in it is spent.
    private func updateRefreshing<T: Sendable>(_ body: (inout CacheEntry?, inout Bool) async throws -> Result<T, any Error>) async throws
        -> T
    {
        var issued = false
        do {
            return try await cache.update(key) { entry in try await body(&entry, &issued) }.get()
        } catch TokenCacheError.writeFailed(let path, let reason) where issued {
            throw TokenCacheError.refreshedButNotSaved(path: path, reason: reason, channel: channelName)
        }
    }

    /// Refreshes under the caller's lock. The new tokens, or the `invalid_grant` mark, go into `entry`, which
    /// `update` writes before the result (success or the error to throw) leaves the lock.
    private func refresh(_ signedIn: SignedIn, in entry: inout CacheEntry?, issued: inout Bool) async -> Result<SignedIn, any Error> {
        guard let refreshToken = signedIn.tokens.refreshToken else {
            return .failure(
                TokenCacheError.signInAgain(
                    channel: channelName, reason: "the access token has expired and the provider issued no refresh token"))
        }
        var oauth = signedIn.entry.oauth
        do {
            let endpoint: URL
            // The sign-in remembered what the provider accepts for client assertions; the refresh signs alike.
            tokenClient.credentials.assertion?.accept(oauth.endpoints?.assertionAlgorithms)
            if let stored = oauth.endpoints?.token {
                endpoint = try URLPolicy.validate(stored)
            } else {
                endpoint = try await tokenEndpoint()
            }
            // A bound sign-in refreshes with its own key: the refresh token is bound to it too (RFC 9449 §5).
            let client = TokenEndpointClient(http: tokenClient.http, credentials: tokenClient.credentials, dpop: signedIn.dpop)
            var response = try await client.refresh(refreshToken: refreshToken, endpoint: endpoint)
            issued = true
            if let idToken = response.idToken {
                // OIDC Core §12.2: the same member from the same provider, or nothing of this answer is kept.
                if let issuer = oauth.endpoints?.issuer, let jwks = oauth.endpoints?.jwks {
                    let validator = try await SignIn.validator(
                        for: idToken, issuer: issuer, clientID: tokenClient.credentials.clientID,
                        jwks: try URLPolicy.validate(jwks), http: tokenClient.http, profile: oauth.endpoints?.securityProfile)
                    do {
                        try validator.validateRefreshed(
                            idToken, original: signedIn.tokens.idToken, subject: signedIn.entry.subject, now: cache.clock.now())
                    } catch OAuthError.invalidIDToken(let detail) {
                        throw OAuthError.invalidIDToken(
                            "the refresh returned one that is not this sign-in's: \(detail); nothing of that answer was "
                                + "kept (the cached tokens are those from before the refresh)")
                    }
                } else {
                    // A sign-in cached before the JWKS was remembered: an id_token that cannot be checked is not kept.
                    response.idToken = nil
                }
            }
            let tokens = response.tokenSet(previous: signedIn.tokens, now: cache.clock.now())
            oauth.tokens = tokens
            var updated = signedIn.entry
            updated.oauth = oauth
            entry = updated
            return .success(SignedIn(entry: updated, tokens: tokens, dpop: signedIn.dpop, certificate: signedIn.certificate))
        } catch OAuthError.tokenEndpoint(_, "invalid_grant", let description) {
            // Remembered, so the next command says "sign in again" without a network call.
            let reason = "the provider rejected the refresh token (invalid_grant\(description.map { ": \($0)" } ?? ""))"
            oauth.reauthenticationRequired = reason
            var marked = signedIn.entry
            marked.oauth = oauth
            entry = marked
            return .failure(TokenCacheError.signInAgain(channel: channelName, reason: reason))
        } catch {
            return .failure(error)
        }
    }
}
