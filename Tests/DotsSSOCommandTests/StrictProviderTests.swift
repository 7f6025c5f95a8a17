import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// What a deployed provider that checks strictly does to a client (issue 51, Glewlwyd's ways): one string as the
/// client assertion's audience, refusals without an error body, a refused authorization page, a loopback redirect
/// URI on `localhost`. Each is read the way the provider meant it.
@Suite("strict providers: one assertion audience, bare refusals, localhost redirects")
struct StrictProviderTests {
    /// A context with a private_key_jwt key file made by `keys generate`.
    static func withKey() async throws -> (TestContext, String) {
        let t = TestContext(answer: OAuthCommandTests.pasteLanding())
        let key = t.home.path("client.pem")
        let generated = await t.run(["keys", "generate", "--output", key])
        try #require(generated.status == 0, "\(generated.stderr)")
        return (t, key)
    }

    /// The `aud` of every client assertion the provider received, as sent (a string or a list).
    static func audiences(_ t: TestContext) -> [JSONValue] {
        t.http.requests.compactMap { request in
            let form = FormEncoding.decode(String(decoding: request.body ?? Data(), as: UTF8.self))
            guard let assertion = form.first(where: { $0.0 == "client_assertion" })?.1, let token = try? JWT(assertion) else { return nil }
            return token.claims["aud"]
        }
    }

    @Test(
        "a client assertion names one audience: the endpoint it is sent to by default (the token endpoint for token requests, the revocation endpoint for revocations); the issuer when the channel or flag says so"
    )
    func oneAudience() async throws {
        let (t, key) = try await Self.withKey()
        _ = FakeProvider(on: t.http)
        let signIn = await t.run(["authorize", "--client-key-file", key] + FakeProvider.flags + OAuthCommandTests.landing)
        #expect(signIn.status == 0, "\(signIn.stderr)")
        #expect(await t.run(["refresh", "--force", "--client-key-file", key] + FakeProvider.flags).status == 0)
        #expect(await t.run(["revoke", "--client-key-file", key] + FakeProvider.flags).status == 0)
        let tokenEndpoint = JSONValue.string(FakeProvider.issuer + "/token")
        let revocation = JSONValue.string(FakeProvider.issuer + "/revoke")
        // Exchange, refresh, then the refresh and access token revocations, each one string.
        #expect(Self.audiences(t) == [tokenEndpoint, tokenEndpoint, revocation, revocation], "\(Self.audiences(t))")

        let (u, key2) = try await Self.withKey()
        _ = FakeProvider(on: u.http)
        try u.writeChannel(
            "fapi",
            #"{"name": "fapi", "issuer": "\#(FakeProvider.issuer)", "clientId": "dots-app", "clientKeyFile": "\#(key2)", "clientAssertionAudience": "issuer"}"#
        )
        let viaChannel = await u.run(["authorize", "--channel", "fapi"] + OAuthCommandTests.landing)
        #expect(viaChannel.status == 0, "\(viaChannel.stderr)")
        let viaFlag = await u.run(["refresh", "--force", "--channel", "fapi", "--client-assertion-audience", "endpoint"])
        #expect(viaFlag.status == 0, "\(viaFlag.stderr)")
        #expect(Self.audiences(u) == [.string(FakeProvider.issuer), tokenEndpoint], "the flag wins over the channel: \(Self.audiences(u))")

        try u.writeChannel(
            "typo",
            #"{"name": "typo", "issuer": "\#(FakeProvider.issuer)", "clientId": "dots-app", "clientKeyFile": "\#(key2)", "clientAssertionAudience": "both"}"#
        )
        let typo = await u.run(["refresh", "--channel", "typo"])
        #expect(typo.status == 78, "\(typo.stderr)")
        #expect(typo.stderr.contains("clientAssertionAudience is \"both\"; it is endpoint or issuer"), "\(typo.stderr)")
    }

    @Test(
        "a refused assertion (invalid_client, or a bare 401) ends 78 naming the audience it sent and how to choose the other",
        arguments: [(401, ""), (400, #"{"error":"invalid_client"}"#)])
    func assertionRefused(status: Int, body: String) async throws {
        let (t, key) = try await Self.withKey()
        _ = FakeProvider(on: t.http)
        t.http.on(.post, FakeProvider.issuer + "/token") { _ in (status, [], Data(body.utf8)) }
        let result = await t.run(["authorize", "--client-key-file", key] + FakeProvider.flags + OAuthCommandTests.landing)
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("refused the client's private_key_jwt assertion (HTTP \(status))"), "\(result.stderr)")
        #expect(result.stderr.contains("the assertion named the audience \"\(FakeProvider.issuer)/token\" (the endpoint it was sent to)"))
        #expect(result.stderr.contains("set clientAssertionAudience issuer in the channel or pass --client-assertion-audience issuer"))
        #expect(!result.stderr.contains("PRIVATE KEY"))
    }

    @Test(
        "a bare 401 or 403 from the token endpoint is the client's authentication refused (78), with what to check", arguments: [401, 403])
    func bareClientRefusal(status: Int) async throws {
        let t = TestContext(answer: OAuthCommandTests.pasteLanding())
        _ = FakeProvider(on: t.http)
        t.http.on(.post, FakeProvider.issuer + "/token") { _ in (status, [(name: "Content-Type", value: "text/html")], Data()) }
        let secret = t.home.path("secret")
        try Data("wrong\n".utf8).write(to: URL(fileURLWithPath: secret))
        let result = await t.run(["authorize", "--client-secret-file", secret] + FakeProvider.flags + OAuthCommandTests.landing)
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("the provider gave no reason (HTTP \(status) with an empty body)"), "\(result.stderr)")
        #expect(result.stderr.contains("read as the client's authentication refused"))
        #expect(result.stderr.contains("check --client-id and the client secret or key"))
        #expect(!result.stderr.contains("wrong"), "the secret never shows")
    }

    @Test("a bare 400 to a refresh is the refresh token refused: 77 with the sentence to sign in again, remembered without another request")
    func bareRefreshRefusal() async throws {
        let (t, _) = try await OAuthCommandTests.signedIn()
        t.http.on(.post, FakeProvider.issuer + "/token") { _ in (400, [], Data()) }
        let result = await t.run(["refresh", "--force"] + FakeProvider.flags)
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("read as the refresh token refused (used already, rotated away, or revoked)"), "\(result.stderr)")
        #expect(result.stderr.contains("dots-sso authorize"), "\(result.stderr)")
        let sent = t.http.requests.count
        let again = await t.run(["token", "print"] + FakeProvider.flags + ["--min-validity", "99999"])
        #expect(again.status == 77, "\(again.stderr)")
        #expect(t.http.requests.count == sent, "the next command says so without a request")
    }

    @Test("a bare 400 from the PAR endpoint is the pushed request refused (78), naming the client id and the redirect URI to register")
    func barePushRefusal() async throws {
        let t = TestContext(answer: OAuthCommandTests.pasteLanding())
        _ = FakeProvider(on: t.http, metadata: ["pushed_authorization_request_endpoint": .string(FakeProvider.issuer + "/par")])
        t.http.on(.post, FakeProvider.issuer + "/par") { _ in (400, [], Data()) }
        let result = await t.run(["authorize"] + FakeProvider.flags + OAuthCommandTests.landing)
        #expect(result.status == 78, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "the provider refused the pushed request of client \"dots-app\" with the redirect URI \"https://app.thedots.example/sso/callback\"; register that redirect URI"
            ), "\(result.stderr)")
    }

    @Test("check: a 403 from the PAR endpoint is a refusal with the authorize hint, not 'cannot be reached'")
    func checkPushRefused() async throws {
        let t = TestContext()
        _ = FakeProvider(on: t.http, metadata: ["pushed_authorization_request_endpoint": .string(FakeProvider.issuer + "/par")])
        t.http.on(.post, FakeProvider.issuer + "/par") { _ in (403, [], Data()) }
        try t.writeChannel("acme", #"{"name": "acme", "issuer": "\#(FakeProvider.issuer)", "clientId": "dots-app"}"#)
        let result = await t.run(["check", "--channel", "acme", "--only", "authorization"])
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("refused the request (HTTP 403)"), "\(result.stdout)")
        #expect(!result.stdout.contains("cannot be reached"), "\(result.stdout)")
    }

    @Test("a refused authorization page without a readable reason ends at once (78) naming client and redirect URI, not after --timeout")
    func refusedPageEndsAtOnce() async throws {
        let t = TestContext()
        _ = FakeProvider(on: t.http)
        t.http.on(.get, FakeProvider.issuer + "/authorize") { _ in (403, [], Data()) }
        let started = Date()
        let result = await t.run(["authorize", "--no-browser", "--timeout", "300"] + FakeProvider.flags)
        #expect(result.status == 78, "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 30, "no wait for a redirect that cannot come")
        #expect(
            result.stderr.contains("refused the authorization request before anyone could sign in (HTTP 403, an empty body)"),
            "\(result.stderr)")
        #expect(
            result.stderr.contains("client id dots-app is registered there with the redirect URI http://127.0.0.1:"), "\(result.stderr)")
    }

    @Test("discover shows every endpoint and capability a sign-in may use: PAR and whether it is required, DPoP and assertion algorithms")
    func discoverShowsCapabilities() async throws {
        let t = TestContext()
        _ = FakeProvider(
            on: t.http,
            metadata: [
                "pushed_authorization_request_endpoint": .string(FakeProvider.issuer + "/par"),
                "require_pushed_authorization_requests": .bool(true),
                "dpop_signing_alg_values_supported": .array([.string("ES256"), .string("PS256")]),
                "token_endpoint_auth_signing_alg_values_supported": .array([.string("PS256")]),
            ])
        let result = await t.run(["discover", "--issuer", FakeProvider.issuer])
        for line in [
            "pushed_authorization_request_endpoint  \(FakeProvider.issuer)/par", "requires PAR", "yes", "dpop algs", "ES256 PS256",
            "assertion algs", "grant types",
        ] {
            #expect(result.stdout.contains(line), "\(line) in \(result.stdout)")
        }
        let json = await t.run(["discover", "--issuer", FakeProvider.issuer, "--json"])
        #expect(json.stdout.contains("\"pushed_authorization_request_endpoint\" : \"\(FakeProvider.issuer)/par\""), "\(json.stdout)")
    }

    @Test("--redirect-uri http://localhost:PORT/callback is sent as given, and the listener answers there")
    func localhostRedirectSentAsGiven() async throws {
        let port = try freeLoopbackPort()
        let t = TestContext(answer: { _ in nil })
        _ = FakeProvider(on: t.http)
        let task = Task {
            await t.run(
                ["authorize", "--no-browser", "--timeout", "20", "--redirect-uri", "http://localhost:\(port)/callback"] + FakeProvider.flags
            )
        }
        var url: URLComponents?
        for _ in 0..<200 where url == nil {
            try await Task.sleep(for: .milliseconds(50))
            url = t.stderr.text.split(separator: "\n").first { $0.hasPrefix(FakeProvider.issuer + "/authorize?") }.flatMap {
                URLComponents(string: String($0))
            }
        }
        let query = try #require(url?.queryItems)
        #expect(query.first { $0.name == "redirect_uri" }?.value == "http://localhost:\(port)/callback", "sent as the user gave it")
        let state = try #require(query.first { $0.name == "state" }?.value)
        let page = try await Browser.get("http://localhost:\(port)/callback?code=good-code&state=\(state)")
        #expect(page.status == 200, "\(page.body)")
        let result = await task.value
        #expect(result.status == 0, "\(result.stderr)")
        let exchanged = t.http.requests.first { $0.url.path == "/token" }
        let form = FormEncoding.decode(String(decoding: exchanged?.body ?? Data(), as: UTF8.self))
        #expect(form.first { $0.0 == "redirect_uri" }?.1 == "http://localhost:\(port)/callback", "the exchange repeats it as sent")
    }
}
