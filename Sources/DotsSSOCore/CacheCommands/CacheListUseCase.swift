import DotsSSOBasics
import FoundationEssentials

/// `dots-sso cache list`: every cached sign-in (OAuth and magic-link), never a token; unusable files are listed
/// with their problem instead of stopping the listing.
package struct CacheListUseCase: Sendable {
    package var cacheDirectory: String?

    package init(cacheDirectory: String? = nil) {
        self.cacheDirectory = cacheDirectory
    }

    /// One cached sign-in as `cache list` shows it.
    package struct Listing: Codable, Sendable, Equatable {
        package var file: String
        /// `oauth` or `bridge` (a magic-link session).
        package var kind: String?
        package var authority: String?
        /// The OAuth client id (nil for a magic-link session).
        package var clientId: String?
        /// The study of a magic-link session.
        package var study: String?
        package var account: String?
        package var channel: String?
        package var subject: String?
        package var hasAccessToken: Bool
        package var hasRefreshToken: Bool
        package var expiresAt: Date?
        package var updatedAt: Date?
        package var needsSignIn: Bool
        /// The thumbprint of the DPoP key the tokens are bound to (RFC 9449); nil for bearer tokens.
        package var dpopKey: String?
        /// Where the sign-in's tokens live: `file` (the cache file) or `keyring`.
        package var tokensIn: TokenStore?
        /// Why the file cannot be used (corrupt, insecure), when it cannot.
        package var problem: String?
    }

    package struct Result: Encodable, Sendable, Equatable {
        package var directory: String
        package var entries: [Listing]
        /// When the cache was read: whether a token is still valid is said relative to it.
        package var listedAt: Date

        enum CodingKeys: String, CodingKey { case directory, entries }
    }

    package func run(_ ctx: CommandContext) throws -> Result {
        let cache = ctx.tokenCache(directory: cacheDirectory)
        let entries = try cache.entries().map { file, lookup in
            var listing = Listing(file: file, hasAccessToken: false, hasRefreshToken: false, needsSignIn: false)
            switch lookup {
            case .success(.found(let entry)):
                listing.kind = entry.key.kind.rawValue
                listing.authority = entry.key.authority
                listing.clientId = entry.key.clientId
                listing.study = entry.key.kind == .bridge ? entry.key.client : nil
                listing.account = entry.key.account
                listing.channel = entry.channel
                listing.subject = entry.subject
                let oauth = entry.oauth
                let session = entry.payload(BridgeSession.self)
                listing.hasAccessToken = oauth.tokens != nil || session != nil
                listing.hasRefreshToken = oauth.tokens?.refreshToken != nil
                listing.expiresAt = oauth.tokens?.expiresAt
                listing.updatedAt = entry.updatedAt
                listing.needsSignIn = oauth.reauthenticationRequired != nil
                listing.dpopKey = oauth.boundKeyThumbprint(clock: ctx.clock)
                listing.tokensIn = entry.tokenStore ?? .file
            case .success(.corrupt(_, let reason)):
                listing.problem = "corrupt: \(reason)"
            case .success(.absent):
                listing.problem = "vanished while listing"
            case .failure(let error as UserFacingError):
                listing.problem = error.message
            case .failure(let error):
                listing.problem = "\(error)"
            }
            return listing
        }
        return Result(directory: cache.directory.path, entries: entries, listedAt: ctx.clock.now())
    }
}
