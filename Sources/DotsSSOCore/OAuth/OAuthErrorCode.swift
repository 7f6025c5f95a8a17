/// An OAuth error code as a provider sends it (RFC 6749 §5.2 and §4.1.2.1, RFC 7009, RFC 9126, RFC 9449), with what
/// each kind means for the person running dots-sso: stated once here, not in each switch that reads a refusal.
package struct OAuthErrorCode: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }
    package init(_ rawValue: String) { self.rawValue = rawValue }
    package init(stringLiteral value: String) { rawValue = value }

    package static let invalidGrant: OAuthErrorCode = "invalid_grant"
    package static let invalidClient: OAuthErrorCode = "invalid_client"
    package static let unauthorizedClient: OAuthErrorCode = "unauthorized_client"
    package static let accessDenied: OAuthErrorCode = "access_denied"
    package static let temporarilyUnavailable: OAuthErrorCode = "temporarily_unavailable"
    package static let slowDown: OAuthErrorCode = "slow_down"
    package static let serverError: OAuthErrorCode = "server_error"
    package static let invalidRedirectURI: OAuthErrorCode = "invalid_redirect_uri"
    package static let unsupportedGrantType: OAuthErrorCode = "unsupported_grant_type"

    /// The provider does not accept this client (its id, secret, key or registration): a configuration to fix.
    package var refusesClient: Bool { self == .invalidClient || self == .unauthorizedClient }
    /// The provider asks to try again later.
    package var isTemporary: Bool { self == .temporarilyUnavailable || self == .slowDown }
    /// The grant (a code, a refresh token) is spent, expired or revoked: the member signs in again.
    package var spentGrant: Bool { self == .invalidGrant }
}
