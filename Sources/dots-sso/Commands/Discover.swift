import ArgumentParser
import DotsSSOCore
import Foundation

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

    /// The `--json` document.
    struct Output: Encodable {
        var issuer: String
        var source: String
        var kind: String
        var endpoints: [String: String]
        /// The document each endpoint came from (the RFC 8414 one when it filled a gap).
        var endpointSources: [String: String]
        var metadata: [String: JSONValue]
        var findings: [Finding]
        var summary: FindingSummary
        var passed: Bool
    }

    func run(_ ctx: CommandContext) async throws {
        let console = Console(ctx, reportPath: report.junit)
        let reporter = FindingsReporter(report, console: console)
        let result = try await reporter.reportingFailure(suite: "discover", input: "provider metadata") {
            try await DiscoverUseCase(
                channel: try channel.resolve(ctx), http: network.settings(verbose: global.verbose),
                clientSecretFile: channel.clientSecretFile
            ).run(ctx)
        }
        let metadata = result.metadata
        let findings = reporter.judged(result.findings)
        let failed = try reporter.report([(result.issuer, findings)], suite: "discover \(result.issuer)")
        if global.json {
            try console.json(
                Output(
                    issuer: result.issuer, source: metadata.source, kind: metadata.kind,
                    endpoints: Dictionary(uniqueKeysWithValues: metadata.endpoints.map { ($0.key, $0.url) }),
                    endpointSources: Dictionary(uniqueKeysWithValues: metadata.endpoints.map { ($0.key, metadata.source(of: $0.key)) }),
                    metadata: JSONValue.object(metadata.document).redactingSecrets().objectValue ?? [:], findings: findings,
                    summary: FindingSummary(findings), passed: !failed
                ), exitStatus: failed ? checkFailed.rawValue : 0)
        } else {
            let safe = TerminalText.safe
            var rows = [["issuer", metadata.issuer.map(safe) ?? "(missing)"], ["metadata", metadata.source]]
            if let consulted = metadata.consulted, !metadata.supplied.isEmpty { rows.append(["also read", consulted]) }
            rows += metadata.endpoints.map {
                [$0.key, safe($0.url) + (metadata.supplied[$0.key] != nil ? "  (from the RFC 8414 document)" : "")]
            }
            if let methods = metadata.document["code_challenge_methods_supported"]?.stringArray {
                rows.append(["pkce methods", safe(methods.joined(separator: " "))])
            }
            if let scopes = metadata.document["scopes_supported"]?.stringArray {
                rows.append(["scopes", safe(scopes.joined(separator: " "))])
            }
            console.out(Table.render(rows))
            console.out("")
            console.out(FindingsText.render(findings, style: console.style))
        }
        if failed { throw checkFailed }
    }
}
