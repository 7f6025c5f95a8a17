import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// Where the token cache lives and which account's entry to use.
struct CacheOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Token cache directory (env DOTS_SSO_CACHE_DIR; default $XDG_CACHE_HOME/dots-sso).", valueName: "dir"))
    var cacheDir: String?

    @Option(name: .long, help: ArgumentHelp("Which account's tokens to use when several people sign in to one channel.", valueName: "name"))
    var account: String = CacheKey.defaultAccount

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where a sign-in's tokens live: file (the cache file, 0600) or keyring (the Secret Service; the file keeps only what names the sign-in). Default: as the channel's tokenStore, else where they are, else file.",
            valueName: "store"))
    var tokenStore: TokenStore?
}

extension TokenStore: ExpressibleByArgument {}
