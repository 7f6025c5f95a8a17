import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// OpenID Connect RP-Initiated Logout 1.0 (seed 004): the logout URL brings the person back, and the id_token goes
/// only to the browser.
@Suite("logout URL: post_logout_redirect_uri, state, id_token_hint, --open")
struct LogoutTests {
    static let idToken = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1LTEifQ.c2lnbmF0dXJl"

    static func signedInWithIDToken() async throws -> TestContext {
        let (t, _) = try await OAuthCommandTests.signedIn()
        let key = CacheKey(authority: FakeProvider.issuer, clientId: FakeProvider.client)
        try await TokenCache(directory: t.cacheDirectory).update(key) { entry in
            var oauth = entry?.oauth
            oauth?.tokens?.idToken = idToken
            if let oauth { entry?.oauth = oauth }
        }
        return t
    }

    @Test(
        "logout --open: the browser gets client_id, post_logout_redirect_uri, state and id_token_hint; stdout the same URL without the token"
    )
    func openWithHint() async throws {
        let t = try await Self.signedInWithIDToken()
        let result = await t.run(
            ["logout", "--open", "--post-logout-redirect-uri", "https://app.thedots.example/signed-out"] + FakeProvider.flags)
        #expect(result.status == 0, "\(result.stderr)")
        let opened = try #require(t.browser.opened.first)
        let query = Dictionary(
            uniqueKeysWithValues: (URLComponents(url: opened, resolvingAgainstBaseURL: false)?.queryItems ?? []).map {
                ($0.name, $0.value ?? "")
            })
        #expect(opened.path == "/logout")
        #expect(query["client_id"] == FakeProvider.client)
        #expect(query["post_logout_redirect_uri"] == "https://app.thedots.example/signed-out")
        #expect(query["id_token_hint"] == Self.idToken)
        #expect((query["state"] ?? "").count >= 22)
        let printed = result.stdout.trimmingCharacters(in: .newlines)
        #expect(printed + "&id_token_hint=\(Self.idToken)" == opened.absoluteString, "the printed URL is the opened one minus the hint")
        #expect(!result.allOutput.contains(Self.idToken))
        #expect(result.stderr.contains("opened the provider's logout page in the browser"))
    }

    @Test("without --open nothing is opened; the channel's postLogoutRedirectUri is used, and each logout has its own state")
    func channelRedirect() async throws {
        let t = try await Self.signedInWithIDToken()
        try t.writeChannel(
            "acme",
            #"{"issuer":"\#(FakeProvider.issuer)","clientId":"\#(FakeProvider.client)","postLogoutRedirectUri":"thedots://signed-out"}"#)
        let result = await t.run(["logout", "--channel", "acme"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(t.browser.opened.isEmpty)
        #expect(result.stdout.contains("post_logout_redirect_uri=thedots://signed-out"), "\(result.stdout)")
        #expect(!result.stdout.contains("id_token_hint"))
        let states = Set(
            [result.stdout, await t.run(["logout", "--channel", "acme"]).stdout].compactMap {
                URLComponents(string: $0.trimmingCharacters(in: .newlines))?.queryItems?.first { $0.name == "state" }?.value
            })
        #expect(states.count == 2)
    }

    @Test("a post-logout redirect that is not an absolute URL is a usage error (64)")
    func badRedirect() async throws {
        let t = try await Self.signedInWithIDToken()
        let result = await t.run(["logout", "--local-only", "--post-logout-redirect-uri", "signed-out#x"] + FakeProvider.flags)
        #expect(result.status == 64)
        #expect(result.stderr.contains("not an absolute URL without a fragment"))
    }

    @Test("channel init stores the end-session endpoint and post-logout redirect; --client-secret-file is refused, not ignored")
    func channelInit() async throws {
        let t = TestContext()
        let made = await t.run([
            "channel", "init", "acme", "--issuer", "https://sso.acme.example", "--client-id", "dots",
            "--end-session-endpoint", "https://sso.acme.example/logout", "--post-logout-redirect-uri", "thedots://out",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let shown = await t.run(["channel", "show", "acme", "--json"])
        #expect(shown.stdout.contains("\"endSessionEndpoint\" : \"https://sso.acme.example/logout\""), "\(shown.stdout)")
        #expect(shown.stdout.contains("\"postLogoutRedirectUri\" : \"thedots://out\""))
        let secret = t.home.path("secret")
        try Data("s3cr3t-value".utf8).write(to: URL(fileURLWithPath: secret))
        let refused = await t.run([
            "channel", "init", "beta", "--issuer", "https://sso.acme.example", "--client-id", "dots", "--client-secret-file", secret,
        ])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--client-secret-env VAR"))
        #expect(!FileManager.default.fileExists(atPath: t.home.path("config/dots-sso/channels/beta.json")))
    }

    @Test("channel set changes only the given fields of an existing channel; an unknown channel is 78 and nothing is written")
    func channelSet() async throws {
        let t = TestContext()
        #expect(
            await t.run([
                "channel", "init", "acme", "--issuer", "https://sso.acme.example", "--client-id", "dots", "--flag",
                "canAccessApp=may use the app",
            ]).status == 0)
        let changed = await t.run([
            "channel", "set", "acme", "--end-session-endpoint", "https://sso.acme.example/logout", "--flag", "vip=VIP lounge",
        ])
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stderr.contains("updated "))
        let shown = await t.run(["channel", "show", "acme", "--json"])
        for text in [
            "\"issuer\" : \"https://sso.acme.example\"", "\"clientId\" : \"dots\"",
            "\"endSessionEndpoint\" : \"https://sso.acme.example/logout\"",
            "\"canAccessApp\" : \"may use the app\"", "\"vip\" : \"VIP lounge\"",
        ] {
            #expect(shown.stdout.contains(text), "\(text) in \(shown.stdout)")
        }
        let insecure = await t.run(["channel", "set", "acme", "--end-session-endpoint", "http://sso.acme.example/logout"])
        #expect(insecure.status == 64)
        let ignored = await t.run(["channel", "set", "acme", "--channel", "other", "--client-id", "x"])
        #expect(ignored.status == 64, "a flag that does nothing is an error")
        #expect(ignored.stderr.contains("--channel has no meaning here"))
        let missing = await t.run(["channel", "set", "nope", "--client-id", "x"])
        #expect(missing.status == 78)
        #expect(!FileManager.default.fileExists(atPath: t.home.path("config/dots-sso/channels/nope.json")))
    }
}
