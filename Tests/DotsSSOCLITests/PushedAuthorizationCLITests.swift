import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// Issue 42, pushed authorization requests (RFC 9126), against the sandbox run with `--par required` or `offered`.
@Suite("pushed authorization requests")
struct PushedAuthorizationCLITests {
    let cli = DotsSSOCLI()

    func sandbox(_ mode: PushedAuthorizationMode) async throws -> SandboxPartner {
        var settings = SandboxPartner.Settings.jane
        settings.pushedAuthorization = mode
        return try await SandboxPartner.start(settings: settings)
    }

    func client(_ sandbox: SandboxPartner) -> [String] {
        ["--scope", "openid", "--issuer", sandbox.issuer, "--client-id", "dots-sandbox-app"]
    }

    @Test(
        "a provider that requires PAR: authorize pushes, the browser gets only client_id and request_uri, the sign-in completes; the request_uri works once; an unpushed request is refused there; --no-par is 78 before anything"
    )
    func required() async throws {
        let sandbox = try await sandbox(.required)
        defer { sandbox.stop() }
        let process = try cli.start(["authorize", "--no-browser"] + client(sandbox))
        let url = try await process.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
        #expect(Set(Browser.query(url).keys) == ["client_id", "request_uri"], "nothing of the request in the address: \(url)")
        #expect(Browser.query(url)["request_uri"]?.hasPrefix("urn:ietf:params:oauth:request_uri:") == true)
        _ = try await Browser.get(try await Browser.redirectTarget(of: url))
        let result = await process.finish()
        #expect(result.status == 0 && result.stdout.contains("validated"), "\(result.stderr)")

        let again = try await Browser.get(url)
        #expect(again.status == 400 && again.body.contains("invalid_request_uri"), "a request_uri is used once")
        let unpushed = try await Browser.get(
            "\(sandbox.issuer)/authorize?response_type=code&client_id=dots-sandbox-app&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcallback&state=s"
        )
        #expect(unpushed.status == 400 && unpushed.body.contains("must be pushed"), "\(unpushed.body)")

        let refused = try await cli.run(["authorize", "--no-browser", "--no-par"] + client(sandbox), timeout: 20)
        #expect(refused.status == 78 && refused.stderr.contains("requires pushed authorization requests"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("/authorize?"), "no address was offered to a browser")
    }

    @Test("a push the provider refuses (a redirect URI it does not know) is 78 with its words, at once, with no browser address")
    func refusedPush() async throws {
        let sandbox = try await sandbox(.required)
        defer { sandbox.stop() }
        let result = try await cli.run(
            ["authorize", "--no-browser", "--redirect-uri", "https://elsewhere.example/callback"] + client(sandbox), timeout: 20)
        #expect(result.status == 78, "\(result.stderr)")
        #expect(
            result.stderr.contains("the pushed authorization request endpoint refused the request (HTTP 400): invalid_request"),
            "\(result.stderr)")
        #expect(result.stderr.contains("redirect"), "\(result.stderr)")
        #expect(result.duration < 10 && !result.stderr.contains("/authorize?"), "\(result.stderr)")
    }

    @Test("offered: pushed by default and with --par; --no-par sends the classic request; --par where nothing is offered is 78")
    func offered() async throws {
        let sandbox = try await sandbox(.offered)
        defer { sandbox.stop() }
        for extra in [[], ["--par"], ["--no-par"]] {
            let process = try cli.start(["authorize", "--no-browser"] + extra + client(sandbox))
            let url = try await process.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
            let pushed = Browser.query(url)["request_uri"] != nil
            #expect(pushed == (extra != ["--no-par"]), "\(extra): \(url)")
            #expect(Browser.query(url)["code_challenge"] == nil || !pushed)
            _ = try await Browser.get(try await Browser.redirectTarget(of: url))
            #expect(await process.finish().status == 0, "\(extra)")
        }
        let plain = try await self.sandbox(.off)
        defer { plain.stop() }
        let missing = try await cli.run(["authorize", "--no-browser", "--par"] + client(plain), timeout: 20)
        #expect(missing.status == 78 && missing.stderr.contains("pushed_authorization_request_endpoint"), "\(missing.stderr)")
    }

    @Test(
        "check's authorization check pushes as authorize does: accepted where the provider requires PAR, and a refused push is the check's error with the provider's words"
    )
    func checkPushes() async throws {
        let sandbox = try await sandbox(.required)
        defer { sandbox.stop() }
        let good = cli.home.path("par.json")
        try #"{"name": "par", "issuer": "\#(sandbox.issuer)", "clientId": "dots-sandbox-app"}"#.write(
            toFile: good, atomically: true, encoding: .utf8)
        let passed = try await cli.run(["check", "--channel", good, "--only", "authorization", "--json"], timeout: 30)
        #expect(passed.status == 0, "\(passed.stdout) \(passed.stderr)")
        let bad = cli.home.path("par-bad.json")
        try
            #"{"name": "par", "issuer": "\#(sandbox.issuer)", "clientId": "dots-sandbox-app", "redirectUri": "https://elsewhere.example/cb"}"#
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let failed = try await cli.run(["check", "--channel", bad, "--only", "authorization"], timeout: 30)
        #expect(failed.status == 1, "\(failed.stdout) \(failed.stderr)")
        #expect(
            failed.stdout.contains("pushed authorization request endpoint refused the request (HTTP 400): invalid_request"),
            "\(failed.stdout)")
    }
}
