import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// The login a person does: `authorize --browser-command` starts headless Chromium (driven by Selenium) on the
/// sandbox's real login page; it lands on our loopback callback page. Screenshots: .build/test-artifacts/browser/.
@Suite("a real browser through authorize (headless Chromium)", .serialized)
struct BrowserSignInTests {
    let cli = DotsSSOCLI()
    let scratch = TemporaryDirectory("browser")

    static let expectedHeaders = [
        "cache-control": "no-store",
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
        "referrer-policy": "no-referrer",
        "x-content-type-options": "nosniff",
    ]

    /// The sandbox with its login page (no auto-approval).
    func sandbox() async throws -> SandboxPartner {
        try await SandboxPartner.start(settings: SandboxPartner.Settings())
    }

    /// `authorize` with Chromium as the person at the browser (`mode`); screenshots under `name`. The helper itself
    /// must have seen every page it expected.
    func authorize(_ sandbox: SandboxPartner, _ name: String, _ mode: HeadlessChromium.Mode, timeout: Int = 60)
        async throws -> (result: ProcessResult, report: HeadlessChromium.Report, chromium: HeadlessChromium)
    {
        let chromium = HeadlessChromium(name: name, scratch: scratch)
        let result = try await cli.run(
            [
                "authorize", "--issuer", sandbox.issuer, "--client-id", "dots-sandbox-app", "--timeout", String(timeout),
                "--browser-command", chromium.command(mode),
            ], timeout: Double(timeout) + 30)
        let report = try await chromium.waitForReport()
        #expect(report.error == nil, "\(report.error ?? "")")
        return (result, report, chromium)
    }

    func cached(_ sandbox: SandboxPartner) throws -> CacheEntry? {
        try TokenCache(directory: URL(fileURLWithPath: cli.cacheDirectory)).read(
            CacheKey(authority: sandbox.issuer, clientId: "dots-sandbox-app")
        ).entry
    }

    func available() -> Bool {
        guard let reason = HeadlessChromium.unavailable else { return true }
        print("NOTICE: skipping the real-browser sign-in test: \(reason)")
        return false
    }

    /// The callback page as the browser got it: failure or success words, our headers, no script, nothing reflected.
    func expectCallbackPage(_ page: HeadlessChromium.Report.Page?, status: Int, title: String, saying words: String) {
        #expect(page?.status == status)
        #expect(page?.title == "\(title) · dots-sso")
        #expect(page?.text.contains(words) == true, "\(page?.text ?? "no page")")
        #expect(page?.scripts == 0)
        for (name, value) in Self.expectedHeaders {
            #expect(page?.headers[name] == value, "\(name): \(page?.headers[name] ?? "missing")")
        }
        #expect(page.map { FileManager.default.fileExists(atPath: $0.screenshot) } == true)
    }

    @Test("wrong password shows the login error, jane/demo lands on 'Signed in', the CLI signs in and caches jane")
    func signIn() async throws {
        guard available() else { return }
        let sandbox = try await sandbox()
        defer { sandbox.stop() }
        let (result, report, chromium) = try await authorize(sandbox, "sign-in", .login)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("id_token       validated"))

        let login = report.pages["login"]
        #expect(login?.status == 200)
        #expect(login?.title == "Sign in to the sandbox partner")
        let wrong = report.pages["wrong-password"]
        #expect(wrong?.status == 401)
        #expect(wrong?.text.contains("The username or password is not right. Try again.") == true)
        expectCallbackPage(
            report.pages["callback"], status: 200, title: "Signed in", saying: "You can close this tab and return to the terminal.")

        #expect(try cached(sandbox)?.subject == SandboxUser.builtIn[0].subject)
        // The code went through the browser; it must not come back out of the CLI or into the report.
        let codes = await sandbox.requests().filter { $0.path == "/token" }.compactMap { $0.form["code"] }
        #expect(!codes.isEmpty)
        let written = try String(contentsOf: chromium.report, encoding: .utf8)
        for code in codes {
            #expect(!result.allOutput.contains(code))
            #expect(!written.contains(code))
        }
    }

    @Test("Cancel on the login page: the callback page says it was declined, the CLI exits 77 with access_denied")
    func declined() async throws {
        guard available() else { return }
        let sandbox = try await sandbox()
        defer { sandbox.stop() }
        let (result, report, _) = try await authorize(sandbox, "declined", .deny)
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("access_denied"))
        #expect(result.stderr.contains("the member declined or cancelled the sign-in"))
        expectCallbackPage(
            report.pages["callback"], status: 200, title: "Sign-in cancelled",
            saying: "declined at the provider. The terminal has the details.")
        #expect(try cached(sandbox)?.oauth.tokens == nil)
    }

    @Test("a tampered state: the browser lands on 'Sign-in not accepted', the CLI refuses it and exits 77 naming the state")
    func tamperedState() async throws {
        guard available() else { return }
        let sandbox = try await sandbox()
        defer { sandbox.stop() }
        let (result, report, _) = try await authorize(sandbox, "tampered-state", .tamper, timeout: 12)
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("state does not match this sign-in's"))
        #expect(result.stderr.contains("the only redirect that arrived carried another state"))
        expectCallbackPage(
            report.pages["callback"], status: 400, title: "Sign-in not accepted", saying: "security check (state) does not match")
        // The provider did issue a code for the tampered request; it was never exchanged.
        #expect(await sandbox.requests().filter { $0.path == "/token" }.isEmpty)
    }

    @Test("demo --interactive: the sandbox's login page in the browser instead of auto-approval, then every step holds")
    func interactiveDemo() async throws {
        guard available() else { return }
        let chromium = HeadlessChromium(name: "demo", scratch: scratch)
        let result = try await cli.run(["demo", "--interactive", "--browser-command", chromium.command(.login)], timeout: 120)
        let report = try await chromium.waitForReport()
        #expect(report.error == nil, "\(report.error ?? "")")
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("jane signed in on the login page"))
        #expect(result.stdout.contains("All 14 steps hold"))
        // The device stage: the same browser approved the code on the sandbox's /device page, as a phone would.
        #expect(result.stdout.contains("approved on /device"), "\(result.stdout)")
        #expect(result.stderr.contains("sign in on the sandbox's login page as jane with the password demo"))
        #expect(report.pages["wrong-password"]?.status == 401)
        expectCallbackPage(report.pages["callback"], status: 200, title: "Signed in", saying: "You can close this tab")
    }
}
