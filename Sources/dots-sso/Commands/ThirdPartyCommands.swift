import ArgumentParser

/// `dots-sso openweb`: the OpenWeb SSO handshake.
struct OpenWeb: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openweb",
        abstract: "Play the partner backend's part of the OpenWeb SSO handshake.",
        subcommands: [OpenWebRegister.self]
    )
}

/// `dots-sso openweb register`: Exchange an SDK codeA for a codeB via /sso/v1/register-user. (not available yet).
struct OpenWebRegister: NotYetAvailableCommand {
    static let path = "openweb register"
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Exchange an SDK codeA for a codeB via /sso/v1/register-user. (not available yet)",
        discussion: """
        Example:
          $ dots-sso openweb register --code-a CODE --primary-key 42 --user-name jane
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso echo`: OAuth Echo (Digits) verification.
struct Echo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "echo",
        abstract: "Verify OAuth Echo credentials.",
        subcommands: [EchoVerify.self]
    )
}

/// `dots-sso echo verify`: Check X-Auth-Service-Provider and X-Verify-Credentials-Authorization, then call the provider. (not available yet).
struct EchoVerify: NotYetAvailableCommand {
    static let path = "echo verify"
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check X-Auth-Service-Provider and X-Verify-Credentials-Authorization, then call the provider. (not available yet)",
        discussion: """
        Example:
          $ dots-sso echo verify --provider URL --authorization 'OAuth …'
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso members`: The Dots Channels API calls a partner makes when it revokes a member.
struct Members: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "members",
        abstract: "Log out or remove a member by SSO id through The Dots Channels API.",
        subcommands: [MembersLogOut.self, MembersRemove.self]
    )
}

/// `dots-sso members log-out`: Log a member out of the channel (members.log-out-by-sso-id). (not available yet).
struct MembersLogOut: NotYetAvailableCommand {
    static let path = "members log-out"
    static let configuration = CommandConfiguration(
        commandName: "log-out",
        abstract: "Log a member out of the channel (members.log-out-by-sso-id). (not available yet)",
        discussion: """
        Example:
          $ dots-sso members log-out --sso-id 3d6479fe
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso members remove`: Remove a member from the channel (members.remove-by-sso-id). (not available yet).
struct MembersRemove: NotYetAvailableCommand {
    static let path = "members remove"
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a member from the channel (members.remove-by-sso-id). (not available yet)",
        discussion: """
        Example:
          $ dots-sso members remove --sso-id 3d6479fe
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}
