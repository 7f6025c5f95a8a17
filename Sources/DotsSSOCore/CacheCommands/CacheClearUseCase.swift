import DotsSSOBasics

/// `dots-sso cache clear`: removes the channel's cached sign-in (the same key every sign-in command uses), or
/// every entry, lock and leftover temporary file with `all`.
package struct CacheClearUseCase: Sendable {
    package var channel: Channel
    package var cacheDirectory: String?
    package var account: String
    package var all: Bool

    package init(channel: Channel, cacheDirectory: String? = nil, account: String = CacheKey.defaultAccount, all: Bool = false) {
        self.channel = channel
        self.cacheDirectory = cacheDirectory
        self.account = account
        self.all = all
    }

    package struct Result: Codable, Sendable, Equatable {
        package var directory: String
        package var removed: Int
    }

    package func run(_ ctx: CommandContext) async throws -> Result {
        let cache = ctx.tokenCache(directory: cacheDirectory)
        if all {
            guard let scope = try? CacheKey(channel: channel, account: account) else {
                return Result(directory: cache.directory.path, removed: try cache.clearAll())
            }
            // Every account of this channel: entries of the same issuer and client, or saved under its name.
            var removed = 0
            for case (_, .success(.found(let entry))) in try cache.entries()
            where (entry.key.authority == scope.authority && entry.key.client == scope.client)
                || (channel.name != nil && entry.channel == channel.name)
            {
                if try await cache.remove(entry.key) { removed += 1 }
            }
            return Result(directory: cache.directory.path, removed: removed)
        }
        let key: CacheKey
        do {
            key = try CacheKey(channel: channel, account: account)
        } catch ConfigError.missingSetting(let name, let flag, let key) {
            // With no channel at all, ask for what a user has (a channel), not for the issuer inside one.
            if channel.name == nil && channel.selector == nil { throw ConfigError.noSignInNamed }
            throw ConfigError.missingSetting(name: name, flag: "\(flag) (or \(CLIFlag.all))", key: key)
        }
        return Result(directory: cache.directory.path, removed: try await cache.remove(key) ? 1 : 0)
    }
}
