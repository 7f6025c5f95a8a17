import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso profile`: what The Dots app sees of one member, checked against the contract.
struct Profile: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Fetch a member's profile and check the contract.",
        discussion: """
            Fetches the profile endpoint (or the provider's userinfo) with the cached sign-in, refreshing once on \
            expiry or a 401, or checks a saved profile offline. Shows the profile, the Dots view (id, e-mail, names, \
            biography, flags), what the first signup would import, and findings: the id must be a string and never \
            an e-mail address, flags must be JSON booleans, names at most 100 bytes, e-mail valid and at most 150 \
            bytes, the biography plain text.

            Examples:
              $ dots-sso profile --channel acme
              $ dots-sso profile --channel acme --access-token-file token.txt --json
              $ dots-sso profile --channel acme --profile-file saved.json --strict
            """
    )

    @OptionGroup var options: MemberOptions
    @OptionGroup var report: FindingsOptions

    func run(_ ctx: CommandContext) async throws {
        let reporter = FindingsReporter(report, console: Console(ctx, reportPath: report.junit))
        let checked = try await reporter.reportingFailure(suite: "profile", input: "profile") {
            try await ProfileUseCase(member: try options.settings(ctx)).run(ctx)
        }
        try reporter.finish(checked, json: options.global.json)
    }
}
