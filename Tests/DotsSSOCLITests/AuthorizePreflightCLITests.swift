import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// `authorize` checks the authorization request before the browser opens, against a provider peer that answers it
/// each way providers do: a refusal it states stops at once with the fix (78); anything else goes on, and a
/// sign-in nobody completes is temporary (75), not a network failure.
@Suite("authorize preflight against a scripted provider")
struct AuthorizePreflightCLITests {
    let cli = DotsSSOCLI()

    /// One provider for the cases that only read its answers (each case has its own dots-sso home and loopback port).
    static let provider: (peer: BackgroundProcess, port: Int) = {
        do { return try Peers.sharedHTTPPeer(pki: nil) } catch { fatalError("cannot start the provider peer: \(error)") }
    }()

    func authorize(_ port: Int, _ kind: String, _ extra: [String] = []) async throws -> ProcessResult {
        try await cli.run(
            [
                "authorize", "--issuer", "http://127.0.0.1:\(port)/authz/\(kind)", "--client-id", "dots-app", "--no-browser",
                "--timeout", "2",
            ] + extra)
    }

    @Test(
        "a refusal the provider states stops before the browser with its words and the likely fix (78)",
        arguments: [
            ("json400", ["Invalid parameter: redirect_uri", "RFC 8252 §7.3", "--port N", "the redirect URI sent was http://127.0.0.1:"]),
            ("scope400", ["invalid_scope", "the scopes sent were openid", "scopes_supported: openid profile email"]),
            ("errorredirect", ["unauthorized_client", "client not allowed", "the client id sent was dots-app"]),
            (
                "clientpage200",
                [
                    "refused the client id",
                    "(HTTP 200) says \"Error Client ID Error The client identifier (client_id) is missing or invalid.\"",
                    "the client id sent was dots-app",
                ]
            ),
            (
                "redirectpage200",
                ["refused the redirect URI", "mismatching redirection URI (redirect_uri)", "the redirect URI sent was http://127.0.0.1:"]
            ),
            ("text400", ["(HTTP 400) says \"Something went wrong: Unknown client_id\"", "the client id sent was dots-app"]),
        ])
    func refused(kind: String, expected: [String]) async throws {
        let result = try await authorize(Self.provider.port, kind)
        #expect(result.status == 78, "\(result.stderr)")
        for text in expected { #expect(result.stderr.contains(text), "\(text) in \(result.stderr)") }
        #expect(!result.stderr.contains("Open this URL"), "the browser step never started")
    }

    @Test(
        "a login page, a script-drawn one or a redirect to one goes on; an unreadable error page warns quoting it and goes on; nobody signing in is 75",
        arguments: [
            ("login200", false), ("loginredirect", false), ("script200", false), ("html400", true),
        ])
    func proceeds(kind: String, warns: Bool) async throws {
        let result = try await authorize(Self.provider.port, kind)
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains("Open this URL in a browser"))
        #expect(result.stderr.contains("nobody completed the sign-in within 2 s: the browser's redirect to http://127.0.0.1:"))
        #expect(
            result.stderr.contains(
                "warning: the provider answered the authorization request with HTTP 400 "
                    + "(\"Oops We are sorry Something went wrong.\")") == warns, "\(result.stderr)")
        #expect(!result.stderr.contains("without a sign-in form"), "\(result.stderr)")
    }

    @Test("--no-preflight skips the check: a refusing provider is not asked before the browser step")
    func skipped() async throws {
        let log = cli.home.path("peer.log")
        let (peer, port) = try await Peers.httpPeer(pki: nil, extra: ["--log", log])
        defer { peer.stop() }
        let result = try await authorize(port, "json400", ["--no-preflight"])
        #expect(result.status == 75, "\(result.stderr)")
        let requests = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(!requests.contains("/authz/json400/authorize"), "no preflight GET was sent")
    }
}
