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
