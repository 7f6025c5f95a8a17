import DotsSSOBasics
import FoundationEssentials

/// The OAuth part of a cache entry: the tokens, the endpoints they came from, an authorization waiting for
/// `exchange`, and whether the provider has told us to sign in again.
package struct OAuthSignIn: CachePayload {
    package static let slot = "oauth"

    package var tokens: TokenSet?
    /// The endpoints used at sign-in, so refresh and revocation work without discovery.
    package var endpoints: StoredEndpoints?
    /// An authorization started with `--no-exchange`, waiting for `dots-sso exchange`.
    package var pending: PendingAuthorization?
    /// Set when the provider answered `invalid_grant`: the next command says "sign in again" without a network call.
    package var reauthenticationRequired: String?
    /// The sign-in's DPoP key (RFC 9449), which its tokens are bound to: refreshes and resource requests prove it.
    package var dpop: StoredDPoPKey?

    package init(
        tokens: TokenSet? = nil, endpoints: StoredEndpoints? = nil, pending: PendingAuthorization? = nil,
        reauthenticationRequired: String? = nil, dpop: StoredDPoPKey? = nil
    ) {
        self.tokens = tokens
        self.endpoints = endpoints
        self.pending = pending
        self.reauthenticationRequired = reauthenticationRequired
        self.dpop = dpop
    }
}

extension OAuthSignIn {
    /// The thumbprint of the DPoP key the tokens are bound to, for listings; nil for bearer tokens.
    package func boundKeyThumbprint(clock: WallClock) -> String? {
        guard tokens?.isDPoPBound == true else { return nil }
        return try? DPoPKey.restore(dpop, clock: clock)?.thumbprint()
    }
}

extension CacheEntry {
    /// The entry's OAuth payload (empty when it has none); setting an empty one removes it.
    package var oauth: OAuthSignIn {
        get { payload(OAuthSignIn.self) ?? OAuthSignIn() }
        set { setPayload(newValue == OAuthSignIn() ? nil : newValue) }
    }
}

extension CacheEntry {
    /// An entry for an OAuth sign-in holding `tokens`.
    package init(key: CacheKey, channel: String? = nil, tokens: TokenSet, subject: String? = nil, now: Date) {
        self.init(key: key, channel: channel, subject: subject, now: now)
        oauth = OAuthSignIn(tokens: tokens)
    }
}
