import DotsSSOBasics
import FoundationEssentials

/// `dots-sso token show`: the cached tokens' JWT headers and claims and their expiry; never a raw token or
/// signature, and claims that look secret are redacted.
package struct TokenShowUseCase: Sendable {
    package var channel: Channel
    package var cacheDirectory: String?
    package var account: String

    package init(channel: Channel, cacheDirectory: String? = nil, account: String = CacheKey.defaultAccount) {
        self.channel = channel
        self.cacheDirectory = cacheDirectory
        self.account = account
    }

    /// One token, decoded: `jwt` with its header and claims, or `opaque`.
    package struct Decoded: Codable, Sendable, Equatable {
        package var format: String
        package var header: [String: JSONValue]?
        package var claims: [String: JSONValue]?

        static func decode(_ token: String) -> Decoded {
            guard let jwt = try? JWT(token) else { return Decoded(format: "opaque") }
            let redact = { (object: [String: JSONValue]) in JSONValue.object(object).redactingSecrets().objectValue }
            return Decoded(format: "jwt", header: redact(jwt.header), claims: redact(jwt.claims))
        }
    }

    package struct Result: Codable, Sendable, Equatable {
        package var subject: String?
        package var scope: String?
        package var expiresAt: Date?
        package var expired: Bool
        package var hasRefreshToken: Bool
        package var needsSignIn: String?
        /// The RFC 7638 thumbprint of the DPoP key the tokens are bound to (RFC 9449); nil for bearer tokens.
        package var dpopKey: String?
        package var accessToken: Decoded
        package var idToken: Decoded?
    }

    package func run(_ ctx: CommandContext) throws -> Result {
        let cache = ctx.tokenCache(directory: cacheDirectory)
        let key = try CacheKey(channel: channel, account: account)
        guard let entry = try cache.read(key).entry else { throw TokenCacheError.notSignedIn(channel: channel.hintSelector) }
        let oauth = entry.oauth
        guard let tokens = oauth.tokens else {
            throw TokenCacheError.notSignedIn(channel: channel.hintSelector)
        }
        return Result(
            subject: entry.subject, scope: tokens.scope, expiresAt: tokens.expiresAt,
            expired: tokens.expires(within: 0, now: ctx.clock.now()),
            hasRefreshToken: tokens.refreshToken != nil, needsSignIn: oauth.reauthenticationRequired,
            dpopKey: oauth.boundKeyThumbprint(clock: ctx.clock), accessToken: Decoded.decode(tokens.accessToken),
            idToken: tokens.idToken.map(Decoded.decode)
        )
    }
}
