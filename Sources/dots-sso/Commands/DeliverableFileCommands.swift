import ArgumentParser

/// `dots-sso passes`: the passes a member can add to Apple Wallet.
struct Passes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passes",
        abstract: "Fetch a member's passes from the passes endpoint or the profile.",
        subcommands: [PassesFetch.self]
    )
}

/// `dots-sso passes fetch`: Download every pass of a member and inspect each one. (not available yet).
struct PassesFetch: NotYetAvailableCommand {
    static let path = "passes fetch"
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download every pass of a member and inspect each one. (not available yet)",
        discussion: """
        Example:
          $ dots-sso passes fetch --channel acme --output passes/
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}
