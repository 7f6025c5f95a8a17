/// `dots-sso cache clear`: removes the channel's cached sign-in (the same key every sign-in command uses), or
/// every entry, lock and leftover temporary file with `all`.
public struct CacheClearUseCase: Sendable {
    public var channel: Channel
    public var cacheDirectory: String?
    public var account: String
    public var all: Bool

    public init(channel: Channel, cacheDirectory: String? = nil, account: String = CacheKey.defaultAccount, all: Bool = false) {
        self.channel = channel
        self.cacheDirectory = cacheDirectory
        self.account = account
        self.all = all
    }

    public struct Result: Codable, Sendable, Equatable {
        public var directory: String
        public var removed: Int
    }

    public func run(_ ctx: CommandContext) async throws -> Result {
        let cache = ctx.tokenCache(directory: cacheDirectory)
        if all {
            return Result(directory: cache.directory.path, removed: try cache.clearAll())
        }
        let key: CacheKey
        do {
            key = try CacheKey(channel: channel, account: account)
        } catch ConfigError.missingSetting(let name, let flag, let key) {
            throw ConfigError.missingSetting(name: name, flag: "\(flag) (or --all)", key: key)
        }
        return Result(directory: cache.directory.path, removed: try await cache.remove(key) ? 1 : 0)
    }
}
