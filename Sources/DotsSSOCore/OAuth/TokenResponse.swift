import Foundation

/// A token endpoint's successful answer (RFC 6749 §5.1).
public struct TokenResponse: Sendable, Equatable {
    public var accessToken: String
    public var tokenType: String?
    public var expiresIn: TimeInterval?
    public var refreshToken: String?
    public var idToken: String?
    public var scope: String?

    /// Parses the JSON body; `expires_in` may arrive as a number or a numeric string.
    public init(json: [String: JSONValue]) throws {
        guard let access = json["access_token"]?.stringValue, !access.isEmpty else {
            throw OAuthError.malformedToken("the token response has no access_token")
        }
        accessToken = access
        tokenType = json["token_type"]?.stringValue
        switch json["expires_in"] {
        case .number(let seconds)?: expiresIn = seconds
        case .string(let text)?: expiresIn = TimeInterval(text)
        default: expiresIn = nil
        }
        refreshToken = json["refresh_token"]?.stringValue
        idToken = json["id_token"]?.stringValue
        scope = json["scope"]?.stringValue
    }

    /// The token set to store, keeping the previous refresh token when the provider did not rotate it (RFC 6749 §6).
    public func tokenSet(previous: TokenSet? = nil, requestedScope: String? = nil, now: Date = Date()) -> TokenSet {
        TokenSet(
            accessToken: accessToken,
            tokenType: tokenType ?? "Bearer",
            refreshToken: refreshToken ?? previous?.refreshToken,
            idToken: idToken ?? previous?.idToken,
            scope: scope ?? previous?.scope ?? requestedScope,
            expiresAt: expiresIn.map { now.addingTimeInterval($0) },
            lifetime: expiresIn
        )
    }
}
