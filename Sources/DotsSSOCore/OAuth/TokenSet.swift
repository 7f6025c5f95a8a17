import DotsSSOBasics
import FoundationEssentials

/// The tokens of one sign-in, as stored. Never printed unless the user asks (`token print`).
package struct TokenSet: Codable, Sendable, Equatable {
    package var accessToken: String
    package var tokenType: String?
    package var refreshToken: String?
    package var idToken: String?
    package var scope: String?
    package var expiresAt: Date?
    /// The access token's whole lifetime as the provider gave it (`expires_in`), so a `--min-validity` it can never
    /// meet is recognised without a refresh.
    package var lifetime: TimeInterval?

    package init(
        accessToken: String, tokenType: String? = "Bearer", refreshToken: String? = nil, idToken: String? = nil, scope: String? = nil,
        expiresAt: Date? = nil, lifetime: TimeInterval? = nil
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.refreshToken = refreshToken
        self.idToken = idToken
        self.scope = scope
        self.expiresAt = expiresAt
        self.lifetime = lifetime
    }

    /// Whether the access token is bound to the sign-in's DPoP key (RFC 9449 §5): it is then sent as `Authorization:
    /// DPoP` with a proof, never as a bearer token.
    package var isDPoPBound: Bool { DPoPKey.binds(tokenType: tokenType) }

    /// Whether the access token is expired or will be within `minValidity` seconds.
    package func expires(within minValidity: TimeInterval, now: Date) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) < minValidity
    }

    /// The validity a refresh can actually deliver: `minValidity`, or half the provider's lifetime when it issues
    /// tokens that live no longer than `minValidity` (a refresh could never meet it, so every call would refresh: a
    /// token of exactly 60 s has less than 60 s left the moment it arrives).
    package func attainableValidity(_ minValidity: TimeInterval) -> TimeInterval {
        guard let lifetime, lifetime > 0, lifetime <= minValidity else { return minValidity }
        return lifetime / 2
    }
}
