import ArgumentParser

/// `dots-sso token`: print or decode the cached token for scripts.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print or decode the cached token (for scripts).",
        subcommands: [TokenPrint.self, TokenShow.self]
    )
}

/// `dots-sso token print`: Print exactly one token and a newline, refreshing first when needed. (not available yet).
struct TokenPrint: NotYetAvailableCommand {
    static let path = "token print"
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print exactly one token and a newline, refreshing first when needed. (not available yet)",
        discussion: """
        Example:
          $ dots-sso token print --channel acme
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso token show`: Decode the cached JWT header and claims and show its expiry, never the raw token. (not available yet).
struct TokenShow: NotYetAvailableCommand {
    static let path = "token show"
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Decode the cached JWT header and claims and show its expiry, never the raw token. (not available yet)",
        discussion: """
        Example:
          $ dots-sso token show --channel acme
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso revoke`: Revoke the refresh token (RFC 7009), remove the cache entry and print the provider's logout URL. (not available yet).
struct Revoke: NotYetAvailableCommand {
    static let path = "revoke"
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke the refresh token (RFC 7009), remove the cache entry and print the provider's logout URL. (not available yet)",
        discussion: """
        Example:
          $ dots-sso revoke --channel acme
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso logout`: Log out: the same as revoke. (not available yet).
struct Logout: NotYetAvailableCommand {
    static let path = "logout"
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log out: the same as revoke. (not available yet)",
        discussion: """
        Example:
          $ dots-sso logout --channel acme
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}
