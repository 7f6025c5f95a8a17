import ArgumentParser

/// `dots-sso authorize`: Sign in with the partner's authorization-code flow (PKCE, loopback redirect) and cache the tokens. (not available yet).
struct Authorize: NotYetAvailableCommand {
    static let path = "authorize"
    static let configuration = CommandConfiguration(
        commandName: "authorize",
        abstract: "Sign in with the partner's authorization-code flow (PKCE, loopback redirect) and cache the tokens. (not available yet)",
        discussion: """
        Example:
          $ dots-sso authorize --channel acme
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso exchange`: Exchange an authorization code for tokens. (not available yet).
struct Exchange: NotYetAvailableCommand {
    static let path = "exchange"
    static let configuration = CommandConfiguration(
        commandName: "exchange",
        abstract: "Exchange an authorization code for tokens. (not available yet)",
        discussion: """
        Example:
          $ dots-sso exchange --channel acme --code CODE
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso refresh`: Refresh the cached access token when it is expired or about to expire. (not available yet).
struct Refresh: NotYetAvailableCommand {
    static let path = "refresh"
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Refresh the cached access token when it is expired or about to expire. (not available yet)",
        discussion: """
        Example:
          $ dots-sso refresh --channel acme --force
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}
