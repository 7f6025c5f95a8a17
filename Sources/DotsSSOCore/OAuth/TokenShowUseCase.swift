import Foundation

/// `dots-sso token show`: the cached tokens' JWT headers and claims and their expiry; never a raw token or
/// signature, and claims that look secret are redacted.
public struct TokenShowUseCase: Sendable {
    public var channel: Channel
    public var cacheDirectory: String?
    public var account: String

    public init(channel: Channel, cacheDirectory: String? = nil, account: String = CacheKey.defaultAccount) {
        self.channel = channel
        self.cacheDirectory = cacheDirectory
        self.account = account
    }

    /// One token, decoded: `jwt` with its header and claims, or `opaque`.
    public struct Decoded: Codable, Sendable, Equatable {
        public var format: String
        public var header: [String: JSONValue]?
        public var claims: [String: JSONValue]?

        static func decode(_ token: String) -> Decoded {
            guard let jwt = try? JWT(token) else { return Decoded(format: "opaque") }
            let redact = { (object: [String: JSONValue]) in JSONValue.object(object).redactingSecrets().objectValue }
            return Decoded(format: "jwt", header: redact(jwt.header), claims: redact(jwt.claims))
        }
    }

    public struct Result: Codable, Sendable, Equatable {
        public var subject: String?
        public var scope: String?
        public var expiresAt: Date?
        public var expired: Bool
        public var hasRefreshToken: Bool
        public var needsSignIn: String?
        public var accessToken: Decoded
        public var idToken: Decoded?
    }

    public func run(_ ctx: CommandContext) throws -> Result {
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
            accessToken: Decoded.decode(tokens.accessToken), idToken: tokens.idToken.map(Decoded.decode)
        )
    }
}
