import DotsSSOBasics
import FoundationEssentials

/// A token endpoint's successful answer (RFC 6749 §5.1).
package struct TokenResponse: Sendable, Equatable {
    package var accessToken: String
    package var tokenType: String?
    package var expiresIn: TimeInterval?
    package var refreshToken: String?
    package var idToken: String?
    package var scope: String?

    /// Parses the JSON body; `expires_in` may arrive as a number or a numeric string.
    package init(json: [String: JSONValue]) throws {
        guard let access = json["access_token"]?.stringValue, !access.isEmpty else {
            throw OAuthError.malformedToken("the token response has no access_token")
        }
        accessToken = access
        tokenType = json["token_type"]?.stringValue
        expiresIn = try Self.lifetime(json["expires_in"])
        refreshToken = json["refresh_token"]?.stringValue
        idToken = json["id_token"]?.stringValue
        scope = json["scope"]?.stringValue
    }

    /// The longest `expires_in` taken as a lifetime: ten years. Beyond it (or negative, or not a number) the value
    /// is no lifetime at all, and arithmetic on it would overflow dates and counters.
    static let longestLifetime: TimeInterval = 315_360_000

    /// `expires_in` as seconds: a number or a numeric string (some providers quote it), checked before any use.
    static func lifetime(_ value: JSONValue?) throws -> TimeInterval? {
        let seconds: Double
        switch value {
        case nil, .null?: return nil
        case .number(let number)?: seconds = number
        case .string(let text)?:
            guard let number = Double(text.trimmingWhitespace()) else {
                throw OAuthError.malformedToken(
                    "the token response's expires_in \"\(TerminalText.oneLine(text, limit: 30))\" is not a number of seconds")
            }
            seconds = number
        case let other?:
            throw OAuthError.malformedToken("the token response's expires_in is \(other.typeDescription), not a number of seconds")
        }
        guard seconds.isFinite, (0...longestLifetime).contains(seconds) else {
            throw OAuthError.malformedToken(
                "the token response's expires_in \(seconds) is not a lifetime (0 to \(Int(longestLifetime)) seconds)")
        }
        return seconds
    }

    /// The token set to store, keeping the previous refresh token when the provider did not rotate it (RFC 6749 §6).
    package func tokenSet(previous: TokenSet? = nil, requestedScope: String? = nil, now: Date) -> TokenSet {
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
