import ArgumentParser

/// `dots-sso check`: Check all deliverables of a channel in one CI run. (not available yet).
struct Check: NotYetAvailableCommand {
    static let path = "check"
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check all deliverables of a channel in one CI run. (not available yet)",
        discussion: """
        Example:
          $ dots-sso check --channel acme --junit report.xml
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso sandbox`: Run the embedded mock partner on a loopback port. (not available yet).
struct Sandbox: NotYetAvailableCommand {
    static let path = "sandbox"
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Run the embedded mock partner on a loopback port. (not available yet)",
        discussion: """
        Example:
          $ dots-sso sandbox --port 8443
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}

/// `dots-sso demo`: Run the whole onboarding against the embedded sandbox partner. (not available yet).
struct Demo: NotYetAvailableCommand {
    static let path = "demo"
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the whole onboarding against the embedded sandbox partner. (not available yet)",
        discussion: """
        Example:
          $ dots-sso demo 
        """
    )

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []
}
