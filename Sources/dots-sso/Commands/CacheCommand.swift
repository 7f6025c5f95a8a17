import ArgumentParser
import DotsSSOCore
import Foundation

/// `dots-sso cache`: see and remove cached sign-ins (never their tokens).
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "List or clear cached sign-ins.",
        subcommands: [CacheList.self, CacheClear.self]
    )
}

/// `dots-sso cache list`
struct CacheList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List cached sign-ins: provider, client, account, subject and expiry, never a token.",
        discussion: """
        Examples:
          $ dots-sso cache list
          $ dots-sso cache list --json | jq '.entries[] | select(.needsSignIn)'
        """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var cacheOptions: CacheOptions

    struct Output: Encodable {
        var directory: String
        var entries: [CacheListing]
    }

    func run() async throws {
        let console = Console()
        let cache = cacheOptions.cache(environment: console.environment)
        let entries = cache.list()
        if global.json {
            try console.json(Output(directory: cache.directory.path, entries: entries))
            return
        }
        guard !entries.isEmpty else {
            console.err("no cached sign-ins in \(cache.directory.path)")
            return
        }
        let style = Style(enabled: console.colorOnStdout)
        let now = Date()
        let rows = entries.map { entry -> [String] in
            let state: String
            if let problem = entry.problem {
                state = style.red(problem)
            } else if entry.needsSignIn {
                state = style.yellow("sign in again")
            } else if let expires = entry.expiresAt {
                state = expires > now ? "valid until \(ISOTimestamp.string(expires))" : style.yellow("expired\(entry.hasRefreshToken ? " (refreshable)" : "")")
            } else {
                state = entry.hasAccessToken ? "valid (no expiry given)" : "no token"
            }
            return [entry.channel ?? "-", entry.authority ?? "?", entry.clientId ?? "?", entry.account ?? "?", entry.subject ?? "-", state]
        }
        console.out(Table.render(rows, header: ["CHANNEL", "PROVIDER", "CLIENT", "ACCOUNT", "SUBJECT", "STATE"]))
    }
}

/// `dots-sso cache clear`
struct CacheClear: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Remove the channel's cached sign-in, or every one with --all.",
        discussion: """
        Examples:
          $ dots-sso cache clear --channel acme
          $ dots-sso cache clear --all
        """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var channel: ChannelOptions
    @OptionGroup var cacheOptions: CacheOptions

    @Flag(name: .long, help: "Remove every cached sign-in.")
    var all = false

    struct Output: Encodable {
        var directory: String
        var removed: Int
    }

    func run() async throws {
        let console = Console()
        let cache = cacheOptions.cache(environment: console.environment)
        let removed: Int
        if all {
            removed = try cache.clearAll()
        } else {
            let settings = try channel.resolve(environment: console.environment)
            guard let authority = settings.issuer ?? settings.tokenEndpoint else {
                throw ConfigError.missingSetting(name: "issuer or token endpoint", flag: "--issuer, --token-endpoint or --all", key: "issuer")
            }
            let clientId = try settings.require(\.clientId, "client id", flag: "--client-id", key: "clientId")
            removed = try cache.remove(CacheKey(authority: authority, clientId: clientId, account: cacheOptions.account)) ? 1 : 0
        }
        if global.json {
            try console.json(Output(directory: cache.directory.path, removed: removed))
        } else {
            console.err("removed \(removed) cached sign-in\(removed == 1 ? "" : "s") from \(cache.directory.path)")
        }
    }
}
