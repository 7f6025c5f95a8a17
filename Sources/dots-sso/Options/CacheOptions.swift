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

    // Not an ArgumentParser default: it would print "(default: default)".
    @Option(
        name: .customLong("account"),
        help: ArgumentHelp(
            "Which account's tokens to use when several people sign in to one channel (without it, the one named \"\(CacheKey.defaultAccount)\").",
            valueName: "name"))
    var accountGiven: String?

    /// The account named, else the one every sign-in uses unless told.
    var account: String { accountGiven ?? CacheKey.defaultAccount }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where a sign-in's tokens live: file (the cache file, 0600) or keyring (the Secret Service; the file keeps only what names the sign-in). Default: as the channel's tokenStore, else where they are, else file.",
            valueName: "store"))
    var tokenStore: TokenStore?
}

extension TokenStore: ExpressibleByArgument {}
