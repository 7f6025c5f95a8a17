import ArgumentParser

/// `dots-sso magic-link`: email sign-in without a password (Bridge style).
struct MagicLink: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "magic-link",
        abstract: "Request and redeem email sign-in links.",
        subcommands: [MagicLinkRequest.self, MagicLinkRedeem.self]
    )
}

/// `dots-sso magic-link request`: Ask the server to email a sign-in link. (not available yet).
struct MagicLinkRequest: NotYetAvailableCommand {
    static let path = "magic-link request"
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Ask the server to email a sign-in link. (not available yet)",
        discussion: """
        Example:
          $ dots-sso magic-link request --email jane@example.com --study demo
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso magic-link redeem`: Redeem a sign-in link's token for a session. (not available yet).
struct MagicLinkRedeem: NotYetAvailableCommand {
    static let path = "magic-link redeem"
    static let configuration = CommandConfiguration(
        commandName: "redeem",
        abstract: "Redeem a sign-in link's token for a session. (not available yet)",
        discussion: """
        Example:
          $ dots-sso magic-link redeem --link 'https://…?token=…'
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso applinks`: deep-link association files.
struct Applinks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "applinks",
        abstract: "Check apple-app-site-association and assetlinks.json for magic-link deep links.",
        subcommands: [ApplinksCheck.self]
    )
}

/// `dots-sso applinks check`: Fetch and check an origin's AASA and assetlinks.json. (not available yet).
struct ApplinksCheck: NotYetAvailableCommand {
    static let path = "applinks check"
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fetch and check an origin's AASA and assetlinks.json. (not available yet)",
        discussion: """
        Example:
          $ dots-sso applinks check https://links.partner.example
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}
