import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso discover`: fetch the provider's metadata and lint it against what the app needs.
struct Discover: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: "Fetch and lint the provider's OIDC/OAuth metadata.",
        discussion: """
            Tries /.well-known/openid-configuration, then RFC 8414's /.well-known/oauth-authorization-server. \
            When the OpenID configuration lacks the revocation or end-session endpoint, the RFC 8414 document \
            fills the gap (the OpenID configuration wins where both speak) and each endpoint says which document \
            it came from. Checks that the issuer matches, every endpoint is https (http only on loopback), PKCE \
            S256 and the code flow are supported; missing revocation or end-session endpoints are reported as info.

            Examples:
              $ dots-sso discover --issuer https://sso.partner.example
              $ dots-sso discover --channel acme --json | jq .endpoints
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var channel: ChannelOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var report: FindingsOptions
    @OptionGroup var profile: SecurityProfileOption

    func run(_ ctx: CommandContext) async throws {
        let reporter = FindingsReporter(report, console: Console(ctx, reportPath: report.junit))
        let result = try await reporter.reportingFailure(suite: "discover", input: "provider metadata") {
            var resolved = try channel.resolve(ctx)
            resolved.securityProfile = profile.securityProfile ?? resolved.securityProfile
            return try await DiscoverUseCase(
                channel: resolved, http: network.settings(verbose: global.verbose),
                clientSecretFile: channel.clientSecretFile
            ).run(ctx)
        }
        try reporter.finish(result, json: global.json)
    }
}
