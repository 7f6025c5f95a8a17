import Foundation

/// The cached sign-in of one channel and account: hands out a valid access token, refreshing it at most once
/// across every concurrent dots-sso process (under the entry's lock), persisting a rotated refresh token
/// before returning, and remembering `invalid_grant` so the next command fails fast without a network call.
public struct TokenSession: Sendable {
    public let cache: TokenCache
    public let key: CacheKey
    public let channelName: String?
    public let tokenClient: TokenEndpointClient
    /// Token endpoint from flags or discovery, consulted only when a refresh is needed and the entry has none.
    public let tokenEndpoint: @Sendable () async throws -> URL
    /// Receives one-line warnings (a corrupt cache file) for stderr.
    public let warn: @Sendable (String) -> Void

    public init(
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

    /// The signed-in entry, or the error that tells the user to sign in (again).
    public func entry() throws -> CacheEntry {
        switch try cache.read(key) {
        case .absent:
            throw TokenCacheError.notSignedIn(channel: channelName)
        case let .corrupt(path, reason):
            warn("ignoring the unreadable cache entry \(path): \(reason)")
            throw TokenCacheError.notSignedIn(channel: channelName)
        case .found(let entry):
            if let reason = entry.reauthenticationRequired {
                throw TokenCacheError.signInAgain(channel: channelName, reason: reason)
            }
            guard entry.tokens != nil else { throw TokenCacheError.notSignedIn(channel: channelName) }
            return entry
        }
    }

    /// An entry whose access token is valid for at least `minValidity` seconds, refreshing when needed or forced.
    /// Returns whether this call refreshed.
    public func validEntry(minValidity: TimeInterval, force: Bool = false) async throws -> (entry: CacheEntry, refreshed: Bool) {
        let current = try entry()
        if !force, let tokens = current.tokens, !tokens.expires(within: minValidity) {
            return (current, false)
        }
        return try await cache.withLock(key) {
            // Another process may have refreshed while we waited for the lock.
            let latest = try entry()
            if !force, let tokens = latest.tokens, !tokens.expires(within: minValidity) {
                return (latest, false)
            }
            return (try await refresh(latest), true)
        }
    }

    /// After a resource server rejected `rejected` with 401: refresh once, unless another process already did.
    public func entryAfterRejection(of rejected: String) async throws -> CacheEntry {
        try await cache.withLock(key) {
            let latest = try entry()
            if let tokens = latest.tokens, tokens.accessToken != rejected, !tokens.expires(within: 0) {
                return latest
            }
            return try await refresh(latest)
        }
    }

    /// Refreshes under the caller's lock and writes the result before returning.
    private func refresh(_ entry: CacheEntry) async throws -> CacheEntry {
        guard let tokens = entry.tokens, let refreshToken = tokens.refreshToken else {
            throw TokenCacheError.signInAgain(channel: channelName, reason: "the access token has expired and the provider issued no refresh token")
        }
        let endpoint: URL
        if let stored = entry.endpoints?.token {
            endpoint = try URLPolicy.validate(stored)
        } else {
            endpoint = try await tokenEndpoint()
        }
        do {
            let response = try await tokenClient.refresh(refreshToken: refreshToken, endpoint: endpoint)
            var updated = entry
            updated.tokens = response.tokenSet(previous: tokens)
            try cache.write(updated)
            return updated
        } catch OAuthError.tokenEndpoint(_, "invalid_grant", let description) {
            var marked = entry
            marked.reauthenticationRequired = "the provider rejected the refresh token (invalid_grant\(description.map { ": \($0)" } ?? ""))"
            try cache.write(marked)
            throw TokenCacheError.signInAgain(channel: channelName, reason: marked.reauthenticationRequired!)
        }
    }
}
