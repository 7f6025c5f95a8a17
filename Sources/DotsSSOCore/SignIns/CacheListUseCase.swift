import Foundation

/// `dots-sso cache list`: every cached sign-in (OAuth and magic-link), never a token; unusable files are listed
/// with their problem instead of stopping the listing.
public struct CacheListUseCase: Sendable {
    public var cacheDirectory: String?

    public init(cacheDirectory: String? = nil) {
        self.cacheDirectory = cacheDirectory
    }

    /// One cached sign-in as `cache list` shows it.
    public struct Listing: Codable, Sendable, Equatable {
        public var file: String
        /// `oauth` or `bridge` (a magic-link session).
        public var kind: String?
        public var authority: String?
        /// The OAuth client id (nil for a magic-link session).
        public var clientId: String?
        /// The study of a magic-link session.
        public var study: String?
        public var account: String?
        public var channel: String?
        public var subject: String?
        public var hasAccessToken: Bool
        public var hasRefreshToken: Bool
        public var expiresAt: Date?
        public var updatedAt: Date?
        public var needsSignIn: Bool
        /// Why the file cannot be used (corrupt, insecure), when it cannot.
        public var problem: String?
    }

    public struct Result: Codable, Sendable, Equatable {
        public var directory: String
        public var entries: [Listing]
    }

    public func run(_ ctx: CommandContext) throws -> Result {
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
        return Result(directory: cache.directory.path, entries: entries)
    }
}
