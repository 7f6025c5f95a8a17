import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// Sign-in commands run in-process against a scripted provider: no process, no port, no waiting.
@Suite("OAuth commands in-process")
struct OAuthCommandTests {
    /// Plays the person at the browser: reads the authorization URL from stderr and pastes back the landing URL.
    static func pasteLanding(code: String = "good-code") -> @Sendable (String) -> String? {
        { stderr in
            guard let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix(FakeProvider.issuer + "/authorize?") }),
                let query = URLComponents(string: String(line))?.queryItems,
                let state = query.first(where: { $0.name == "state" })?.value
            else { return nil }
            return "https://app.thedots.example/sso/callback?code=\(code)&state=\(state)"
        }
    }

    static let landing = ["--redirect-uri", "https://app.thedots.example/sso/callback", "--no-browser"]

    /// A context with a completed sign-in (tokens at-1/rt-1 cached).
    static func signedIn() async throws -> (TestContext, FakeProvider) {
        let t = TestContext(answer: pasteLanding())
        let provider = FakeProvider(on: t.http)
        let result = await t.run(["authorize"] + FakeProvider.flags + landing)
        try #require(result.status == 0, "\(result.stderr)")
        return (t, provider)
    }

    @Test("authorize: PKCE S256 request, pasted landing URL, tokens cached 0600, never printed")
    func authorize() async throws {
        let (t, _) = try await Self.signedIn()
        let sent = t.http.requests.first { $0.url.path == "/token" }
        let form = String(decoding: sent?.body ?? Data(), as: UTF8.self)
        #expect(form.contains("code_verifier="))
        #expect(form.contains("redirect_uri=https%3A%2F%2Fapp.thedots.example%2Fsso%2Fcallback"))
        #expect(t.stderr.text.contains("code_challenge_method=S256"))
        #expect(try t.cached()?.oauth.tokens?.accessToken == "at-1")
        #expect(!t.stdout.text.contains("at-1") && !t.stderr.text.contains("rt-1"))
        #expect(t.stdout.text.contains("cached in"))
    }

    @Test("paste-back: a landing URL with another state, an error, no code, or no URL at all is refused with one line and no token request")
    func pastedLandingRefusals() async throws {
        /// The landing URL the person pastes, built from the request's real state (`STATE` in `template`).
        func pasting(_ template: String) -> @Sendable (String) -> String? {
            { stderr in
                guard let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix(FakeProvider.issuer + "/authorize?") }),
                    let state = URLComponents(string: String(line))?.queryItems?.first(where: { $0.name == "state" })?.value
                else { return nil }
                return template.replacingOccurrences(of: "STATE", with: state)
            }
        }
        let landing = "https://app.thedots.example/sso/callback"
        let cases: [(pasted: String, status: Int32, says: String)] = [
            ("\(landing)?code=good-code&state=someone-elses", 77, "state does not match"),
            ("\(landing)?error=access_denied&error_description=no%20thanks&state=STATE", 77, "access_denied (no thanks)"),
            ("\(landing)?state=STATE", 76, "neither code nor error in the redirect"),
            ("app.thedots.example/sso/callback code=good-code", 64, "is not the URL the browser landed on"),
            ("", 64, "no redirect URL was pasted"),
        ]
        for (pasted, status, says) in cases {
            let t = TestContext(answer: pasting(pasted))
            _ = FakeProvider(on: t.http)
            let result = await t.run(["authorize"] + FakeProvider.flags + Self.landing)
            #expect(result.status == status, "\(pasted): \(result.stderr)")
            let lastLine = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
            #expect(lastLine.hasPrefix("dots-sso: ") && lastLine.contains(says), "\(pasted): \(lastLine)")
            #expect(!t.http.requests.contains { $0.url.path == "/token" }, "\(pasted) reached the token endpoint")
            #expect(try t.cached()?.oauth.tokens == nil)
        }
    }

    @Test("authorize --no-exchange keeps the verifier; exchange refuses another state (77) and completes with the right one")
    func pendingThenExchange() async throws {
        let t = TestContext(answer: Self.pasteLanding())
        _ = FakeProvider(on: t.http)
        let started = await t.run(["authorize", "--no-exchange"] + FakeProvider.flags + Self.landing)
        #expect(started.status == 0, "\(started.stderr)")
        let pending = try JSONDecoder().decode([String: String].self, from: Data(started.stdout.utf8))
        #expect(pending["code"] == "good-code")
        #expect(try t.cached()?.oauth.pending?.state == pending["state"])

        let forged = await t.run(["exchange", "--code=good-code", "--state=forged"] + FakeProvider.flags)
        #expect(forged.status == 77)
        #expect(forged.stderr.contains("state does not match"))

        let done = await t.run(["exchange", "--code=good-code", "--state=\(pending["state"]!)", "--json"] + FakeProvider.flags)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(try t.cached()?.oauth.pending == nil)
        #expect(try t.cached()?.oauth.tokens?.accessToken == "at-1")
    }

    @Test("an expired token is refreshed once by token print, using the injected clock instead of waiting")
    func refreshOnExpiry() async throws {
        let (t, provider) = try await Self.signedIn()
        #expect(await t.run(["token", "print"] + FakeProvider.flags).stdout == "at-1\n")
        t.advance(3_601)
        let printed = await t.run(["token", "print"] + FakeProvider.flags)
        #expect(printed.stdout == "at-2\n", "\(printed.stderr)")
        #expect(provider.tokensIssued == 2)
        #expect(try t.cached()?.oauth.tokens?.refreshToken == "rt-2", "the rotated refresh token is saved")
        #expect(await t.run(["token", "print"] + FakeProvider.flags).stdout == "at-2\n")
        #expect(provider.tokensIssued == 2, "a fresh token is not refreshed again")
    }

    @Test("refresh reports what it did; token show decodes without printing a token")
    func refreshAndShow() async throws {
        let (t, _) = try await Self.signedIn()
        let idle = await t.run(["refresh"] + FakeProvider.flags)
        #expect(idle.stdout.hasPrefix("still valid until"))
        let forced = await t.run(["refresh", "--force", "--json"] + FakeProvider.flags)
        #expect(forced.status == 0)
        #expect(forced.stdout.contains("\"refreshed\" : true"))
        let shown = await t.run(["token", "show"] + FakeProvider.flags)
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("opaque"))
        #expect(!shown.allOutput.contains("at-2"))
    }

    @Test("invalid_grant on refresh marks the entry; later commands say sign in again without a request")
    func invalidGrant() async throws {
        let (t, _) = try await Self.signedIn()
        t.http.on(.post, FakeProvider.issuer + "/token") { _ in (400, [], Data(#"{"error":"invalid_grant"}"#.utf8)) }
        let refused = await t.run(["refresh", "--force"] + FakeProvider.flags)
        #expect(refused.status == 77)
        let before = t.http.requests.count
        let again = await t.run(["token", "print"] + FakeProvider.flags)
        #expect(again.status == 77)
        #expect(again.stderr.contains("sign in again"))
        #expect(t.http.requests.count == before)
    }

    @Test("revoke: refresh token first, then access token; entry removed; logout URL alone on stdout")
    func revoke() async throws {
        let (t, _) = try await Self.signedIn()
        let result = await t.run(["revoke"] + FakeProvider.flags)
        #expect(result.status == 0, "\(result.stderr)")
        let hints = t.http.requests.filter { $0.url.path == "/revoke" }.map { request in
            FormEncoding.decode(String(decoding: request.body ?? Data(), as: UTF8.self)).first { $0.0 == "token_type_hint" }?.1
        }
        #expect(hints == ["refresh_token", "access_token"])
        #expect(result.stdout == "\(FakeProvider.issuer)/logout?client_id=\(FakeProvider.client)\n")
        #expect(try t.cached() == nil)
        #expect(await t.run(["logout"] + FakeProvider.flags).stderr.contains("no cached sign-in to remove"))
    }

    @Test("logout removes a corrupt cache entry too, and says it did")
    func logoutCorrupt() async throws {
        let t = TestContext()
        _ = FakeProvider(on: t.http)
        let cache = TokenCache(directory: t.cacheDirectory)
        try cache.prepareDirectory()
        let url = cache.url(for: CacheKey(authority: FakeProvider.issuer, clientId: FakeProvider.client))
        _ = FileManager.default.createFile(atPath: url.path, contents: Data("{broken".utf8), attributes: [.posixPermissions: 0o600])
        let result = await t.run(["logout"] + FakeProvider.flags)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("removed the cached sign-in"))
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("an id_token signed by a malformed key of the provider's JWKS is a protocol error (76) naming its kid")
    func malformedJWK() async throws {
        let t = TestContext(answer: Self.pasteLanding())
        _ = FakeProvider(on: t.http, jwks: true)
        // RFC 7517 §5: the malformed key alone does not fail the JWKS; an id_token that names it does.
        let header = Base64URL.encode(Data(#"{"alg":"ES256","kid":"broken-key"}"#.utf8))
        let idToken = "\(header).\(Base64URL.encode(Data("{}".utf8))).\(Base64URL.encode(Data(repeating: 7, count: 64)))"
        t.http.on(.post, FakeProvider.issuer + "/token") { _ in
            (
                200, [(name: "Content-Type", value: "application/json")],
                Data(#"{"access_token":"a","token_type":"Bearer","id_token":"\#(idToken)"}"#.utf8)
            )
        }
        t.http.json(
            .get, FakeProvider.issuer + "/jwks",
            .object([
                "keys": .array([
                    .object([
                        "kty": .string("EC"), "crv": .string("P-256"), "kid": .string("broken-key"),
                        "x": .string(Base64URL.encode(Data(repeating: 1, count: 32))),
                        "y": .string(Base64URL.encode(Data(repeating: 2, count: 32))),
                    ])
                ])
            ]))
        let result = await t.run(["authorize"] + FakeProvider.flags + Self.landing)
        #expect(result.status == 76, "\(result.stderr)")
        #expect(result.stderr.contains("\"broken-key\""))
    }

    @Test("discover shows endpoints and findings from the metadata; --strict fails on warnings")
    func discover() async throws {
        let t = TestContext()
        _ = FakeProvider(on: t.http)
        let result = await t.run(["discover", "--issuer", FakeProvider.issuer])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("token_endpoint"))
        let json = await t.run(["discover", "--issuer", FakeProvider.issuer, "--json"])
        #expect(json.stdout.contains("\"passed\" : true"))
    }

    @Test("commands resolve --channel from the context's config directory, and --timeout reaches the HTTP client")
    func channelAndSettings() async throws {
        let t = TestContext()
        _ = FakeProvider(on: t.http)
        try t.writeChannel("acme", #"{"issuer":"\#(FakeProvider.issuer)","clientId":"\#(FakeProvider.client)"}"#)
        let result = await t.run(["discover", "--channel", "acme", "--timeout", "7"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(t.http.options.last?.timeout == 7)
        let missing = await t.run(["discover", "--channel", "nope"])
        #expect(missing.status == 78)
        #expect(missing.stderr.contains("unknown channel 'nope'"))
    }
}

/// `authorize`'s preflight and `discover`'s public-client finding in-process.
@Suite("authorize preflight in-process")
struct AuthorizePreflightTests {
    @Test("the preflight is one GET without redirects or cookies, with its own state, before the browser step")
    func oneGet() async throws {
        let t = TestContext(answer: OAuthCommandTests.pasteLanding())
        _ = FakeProvider(on: t.http)
        let result = await t.run(["authorize"] + FakeProvider.flags + OAuthCommandTests.landing)
        #expect(result.status == 0, "\(result.stderr)")
        let probes = t.http.requests.filter { $0.url.path == "/authorize" }
        #expect(probes.count == 1)
        let probe = try #require(probes.first)
        #expect(!probe.followsRedirects)
        #expect(probe.header("Cookie") == nil)
        let shown = result.stderr.split(separator: "\n").first { $0.hasPrefix(FakeProvider.issuer + "/authorize?") }
        let state = { (url: String) in URLComponents(string: url)?.queryItems?.first { $0.name == "state" }?.value }
        #expect(state(probe.url.absoluteString) != nil && state(probe.url.absoluteString) != state(String(shown ?? "")))
    }

    @Test("a provider outage at the preflight is temporary (75); --no-preflight goes straight to the browser step")
    func outage() async {
        let t = TestContext(answer: OAuthCommandTests.pasteLanding())
        _ = FakeProvider(on: t.http)
        t.http.json(.get, FakeProvider.issuer + "/authorize", status: 503, .object(["error": .string("temporarily_unavailable")]))
        let down = await t.run(["authorize"] + FakeProvider.flags + OAuthCommandTests.landing)
        #expect(down.status == 75)
        #expect(down.stderr.contains("temporarily_unavailable"))
        let skipped = await t.run(["authorize", "--no-preflight"] + FakeProvider.flags + OAuthCommandTests.landing)
        #expect(skipped.status == 0, "\(skipped.stderr)")
    }

    @Test("discover warns when a public client meets a provider that lists no `none` client authentication")
    func publicClient() async throws {
        let t = TestContext()
        let issuer = "https://confidential.fake.example"
        t.http.json(
            .get, "\(issuer)/.well-known/openid-configuration",
            .object([
                "issuer": .string(issuer), "authorization_endpoint": .string("\(issuer)/authorize"),
                "token_endpoint": .string("\(issuer)/token"),
                "response_types_supported": .array([.string("code")]), "code_challenge_methods_supported": .array([.string("S256")]),
                "token_endpoint_auth_methods_supported": .array([.string("client_secret_basic")]),
            ]))
        let publicClient = await t.run(["discover", "--issuer", issuer, "--client-id", "dots-app"])
        #expect(publicClient.stdout.contains("discover.client-auth.none-missing"), "\(publicClient.stdout)")
        let secret = t.home.path("secret")
        try Data("s3cret-value".utf8).write(to: URL(fileURLWithPath: secret))
        let confidential = await t.run(["discover", "--issuer", issuer, "--client-id", "dots-app", "--client-secret-file", secret])
        #expect(!confidential.stdout.contains("discover.client-auth.none-missing"))
        let unknown = await t.run(["discover", "--issuer", issuer])
        #expect(!unknown.stdout.contains("discover.client-auth.none-missing"))
    }
}
