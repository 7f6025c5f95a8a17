import ArgumentParser

/// `dots-sso profile`: Fetch a member's profile and check it against the channel contract. (not available yet).
struct Profile: NotYetAvailableCommand {
    static let path = "profile"
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Fetch a member's profile and check it against the channel contract. (not available yet)",
        discussion: """
        Example:
          $ dots-sso profile --channel acme
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso flags`: the feature flags of one member.
struct Flags: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flags",
        abstract: "Show a member's feature flags, their purpose and the containers they gate.",
        subcommands: [FlagsShow.self, FlagsCheck.self],
        defaultSubcommand: FlagsShow.self
    )
}

/// `dots-sso flags show`: Show every flag with its value and purpose. (not available yet).
struct FlagsShow: NotYetAvailableCommand {
    static let path = "flags show"
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show every flag with its value and purpose. (not available yet)",
        discussion: """
        Example:
          $ dots-sso flags show --channel acme
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso flags check`: Exit 0 when every named flag is true (no names: the app-launch rule, canAccessApp). (not available yet).
struct FlagsCheck: NotYetAvailableCommand {
    static let path = "flags check"
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Exit 0 when every named flag is true (no names: the app-launch rule, canAccessApp). (not available yet)",
        discussion: """
        Example:
          $ dots-sso flags check --channel acme canAccessApp
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso containers`: what the app would load for each container.
struct Containers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "containers",
        abstract: "Show each container's URL, how the token and user id travel, and whether the member may open it.",
        subcommands: [ContainersShow.self, ContainersProbe.self],
        defaultSubcommand: ContainersShow.self
    )
}

/// `dots-sso containers show`: Show the configured containers and the exact request the app would make. (not available yet).
struct ContainersShow: NotYetAvailableCommand {
    static let path = "containers show"
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the configured containers and the exact request the app would make. (not available yet)",
        discussion: """
        Example:
          $ dots-sso containers show --channel acme
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso containers probe`: Make each container's request over TLS 1.2+ and report the status. (not available yet).
struct ContainersProbe: NotYetAvailableCommand {
    static let path = "containers probe"
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Make each container's request over TLS 1.2+ and report the status. (not available yet)",
        discussion: """
        Example:
          $ dots-sso containers probe --channel acme news
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}
