import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// Revocation that cannot happen is a failure, never a silent success; a cancelled sign-in is told as such; a
/// `--min-validity` no token can meet is said, not refreshed for on every call.
@Suite("revocation failures, cancelled sign-ins, unattainable --min-validity")
struct ProviderQuirksTests {
    static let oauthServer = "\(FakeProvider.issuer)/.well-known/oauth-authorization-server"

    @Test(
        "a provider that cannot be reached: nothing revoked, the sign-in stays cached, exit 69; --local-only then forgets it without a request"
    )
    func unreachable() async throws {
        let (t, _) = try await OAuthCommandTests.signedIn()
        t.http.on(.post, FakeProvider.issuer + "/revoke") { _ in throw HTTPError.connect(host: "sso.fake.example", detail: "refused") }
        let failed = await t.run(["revoke"] + FakeProvider.flags)
        #expect(failed.status == 69, "\(failed.stderr)")
        #expect(failed.stderr.contains("the tokens were not revoked at the provider: cannot connect"), "\(failed.stderr)")
        #expect(failed.stderr.contains("the sign-in stays cached"))
        #expect(failed.stdout.isEmpty, "revoke is strict: no logout URL after a failed revocation")
        #expect(try t.cached()?.oauth.tokens?.accessToken == "at-1")

        // logout still gives the end-session URL, keeps the sign-in for a retry, and fails with the same status.
        let logout = await t.run(["logout"] + FakeProvider.flags)
        #expect(logout.status == 69, "\(logout.stderr)")
        #expect(logout.stdout.hasPrefix(FakeProvider.issuer + "/logout?client_id="), "\(logout.stdout)")
        #expect(logout.stderr.contains("the tokens were not revoked at the provider: cannot connect"), "\(logout.stderr)")
        #expect(!logout.stderr.contains("removed the cached sign-in"))
        #expect(try t.cached()?.oauth.tokens?.accessToken == "at-1")

        let sent = t.http.requests.count
        let local = await t.run(["logout", "--local-only"] + FakeProvider.flags)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(t.http.requests.count == sent, "--local-only contacts nobody")
        #expect(local.stderr.contains("warning: --local-only: nothing was revoked at the provider"))
        #expect(local.stderr.contains("removed the cached sign-in"))
        #expect(try t.cached() == nil)
    }

    @Test("no revocation endpoint in either metadata document: 78, the entry kept, the flag that fixes it named")
    func noRevocationEndpoint() async throws {
        let t = TestContext(answer: OAuthCommandTests.pasteLanding())
        _ = FakeProvider(on: t.http, metadata: ["revocation_endpoint": nil])
        #expect(await t.run(["authorize"] + FakeProvider.flags + OAuthCommandTests.landing).status == 0)
        let result = await t.run(["revoke"] + FakeProvider.flags)
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("names no revocation endpoint"))
        #expect(result.stderr.contains("--revocation-endpoint URL"))
        #expect(try t.cached()?.oauth.tokens != nil)
        #expect(t.http.requests.contains { $0.url.absoluteString == Self.oauthServer }, "the RFC 8414 document was asked too")
    }

    @Test(
        "logout against a provider with an end-session endpoint and no revocation endpoint: the URL, what stays valid, the sign-in removed (0)"
    )
    func logoutWithoutRevocation() async throws {
        let t = TestContext(answer: OAuthCommandTests.pasteLanding())
        _ = FakeProvider(on: t.http, metadata: ["revocation_endpoint": nil])
        #expect(await t.run(["authorize"] + FakeProvider.flags + OAuthCommandTests.landing).status == 0)
        let result = await t.run(["logout"] + FakeProvider.flags)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(FakeProvider.issuer + "/logout?client_id=dots-app"), "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "warning: the provider names no revocation endpoint, so nothing was revoked: the access token stays "
                    + "valid until 20"), "\(result.stderr)")
        #expect(result.stderr.contains("the refresh token stays valid at the provider until it expires, which may be never"))
        #expect(result.stderr.contains("removed the cached sign-in"))
        #expect(try t.cached() == nil)
        #expect(!t.http.requests.contains { $0.method == .post && $0.url.path.contains("revoke") })

        let json = await t.run(["logout", "--json"] + FakeProvider.flags)
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"logoutURL\""), "no sign-in left: the URL is still given")
    }

    @Test("logout --keep-sign-in only ends the browser session: no revocation, the sign-in kept; without an end-session endpoint it is 78")
    func logoutKeepingSignIn() async throws {
        let (t, _) = try await OAuthCommandTests.signedIn()
        let sent = t.http.requests.count
        let result = await t.run(["logout", "--keep-sign-in"] + FakeProvider.flags)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(FakeProvider.issuer + "/logout?"))
        #expect(result.stderr.contains("kept the cached sign-in"))
        #expect(!t.http.requests[sent...].contains { $0.method == .post })
        #expect(try t.cached()?.oauth.tokens?.accessToken == "at-1")
        let both = await t.run(["logout", "--keep-sign-in", "--local-only"] + FakeProvider.flags)
        #expect(both.status == 64)
        let bare = TestContext()
        _ = FakeProvider(on: bare.http, metadata: ["end_session_endpoint": nil])
        let none = await bare.run(["logout", "--keep-sign-in"] + FakeProvider.flags)
        #expect(none.status == 78, "\(none.stderr)")
        #expect(none.stderr.contains("names no end-session endpoint"))
    }

    @Test("revocation listed only in the RFC 8414 document is used, and the OpenID configuration still wins where both speak")
    func revocationFromRFC8414() async throws {
        let t = TestContext(answer: OAuthCommandTests.pasteLanding())
        _ = FakeProvider(on: t.http, metadata: ["revocation_endpoint": nil])
        t.http.json(
            .get, Self.oauthServer,
            .object([
                "issuer": .string(FakeProvider.issuer), "revocation_endpoint": .string("\(FakeProvider.issuer)/oauth/revoke"),
                "token_endpoint": .string("https://elsewhere.example/token"),
            ]))
        t.http.on(.post, FakeProvider.issuer + "/oauth/revoke") { _ in (200, [], Data()) }
        #expect(await t.run(["authorize"] + FakeProvider.flags + OAuthCommandTests.landing).status == 0)
        #expect(t.http.requests.filter { $0.url.host == "elsewhere.example" }.isEmpty)
        let asked = { t.http.requests.filter { $0.url.absoluteString == Self.oauthServer }.count }
        #expect(asked() == 0, "a sign-in makes only the requests its flow needs (a strict provider fails any other)")
        let refresh = await t.run(["refresh", "--force"] + FakeProvider.flags)
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(asked() == 0, "nor does a refresh")
        let result = await t.run(["revoke"] + FakeProvider.flags)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(asked() == 1, "revoke, which needs the endpoint, reads the second document")
        #expect(t.http.requests.filter { $0.url.path == "/oauth/revoke" }.count == 2)
        #expect(try t.cached() == nil)
    }

    @Test("what revoke found in the RFC 8414 document stays with a sign-in it could not end, so the retry does not ask again")
    func supplementRemembered() async throws {
        let t = TestContext(answer: OAuthCommandTests.pasteLanding())
        _ = FakeProvider(on: t.http, metadata: ["revocation_endpoint": nil])
        t.http.json(
            .get, Self.oauthServer,
            .object(["issuer": .string(FakeProvider.issuer), "revocation_endpoint": .string("\(FakeProvider.issuer)/oauth/revoke")]))
        t.http.on(.post, FakeProvider.issuer + "/oauth/revoke") { _ in throw HTTPError.connect(host: "sso.fake.example", detail: "refused")
        }
        #expect(await t.run(["authorize"] + FakeProvider.flags + OAuthCommandTests.landing).status == 0)
        #expect(await t.run(["revoke"] + FakeProvider.flags).status == 69)
        #expect(try t.cached()?.oauth.endpoints?.revocation == "\(FakeProvider.issuer)/oauth/revoke")
        #expect(try t.cached()?.oauth.endpoints?.readOAuthMetadata == true)
        t.http.on(.post, FakeProvider.issuer + "/oauth/revoke") { _ in (200, [], Data()) }
        let sent = t.http.requests.count
        let retry = await t.run(["revoke"] + FakeProvider.flags)
        #expect(retry.status == 0, "\(retry.stderr)")
        let retried = t.http.requests.dropFirst(sent).map(\.url.path)
        #expect(retried == ["/oauth/revoke", "/oauth/revoke"], "only the revocations: \(retried)")
    }

    @Test("an RFC 8414 document naming another issuer is not merged, and discover says so")
    func foreignSupplement() async throws {
        let t = TestContext()
        _ = FakeProvider(on: t.http, metadata: ["revocation_endpoint": nil])
        t.http.json(
            .get, Self.oauthServer,
            .object([
                "issuer": .string("https://attacker.example"), "revocation_endpoint": .string("https://attacker.example/revoke"),
            ]))
        let result = await t.run(["discover", "--issuer", FakeProvider.issuer])
        #expect(!result.stdout.contains("attacker.example/revoke"))
        #expect(result.stdout.contains("discover.rfc8414.issuer-mismatch"), "\(result.stdout)")
        #expect(result.stdout.contains("\"https://attacker.example\", not \(FakeProvider.issuer)"))
    }

    @Test(
        "an issuer with a path: the RFC 8414 document is sought at its §3.1 location, then appended to the issuer (as deployed), under the same issuer rule",
        arguments: [true, false])
    func appendedRFC8414(sameIssuer: Bool) async throws {
        let t = TestContext()
        let issuer = "https://sso.path.example/o"
        t.http.json(
            .get, issuer + "/.well-known/openid-configuration",
            .object([
                "issuer": .string(issuer), "authorization_endpoint": .string(issuer + "/authorize/"),
                "token_endpoint": .string(issuer + "/token/"),
                "end_session_endpoint": .string(issuer + "/logout/"), "response_types_supported": .array([.string("code")]),
                "code_challenge_methods_supported": .array([.string("S256")]),
            ]))
        t.http.json(.get, "https://sso.path.example/.well-known/oauth-authorization-server/o", status: 404, .object([:]))
        t.http.json(
            .get, issuer + "/.well-known/oauth-authorization-server",
            .object([
                "issuer": .string(sameIssuer ? issuer : "https://sso.path.example/other"),
                "revocation_endpoint": .string(issuer + "/revoke_token/"),
            ]))
        let result = await t.run(["discover", "--issuer", issuer])
        #expect(result.status == 0, "\(result.stdout)")
        let asked = t.http.requests.map(\.url.absoluteString)
        #expect(
            asked.firstIndex(of: "https://sso.path.example/.well-known/oauth-authorization-server/o")!
                < asked.firstIndex(of: issuer + "/.well-known/oauth-authorization-server")!)
        #expect(result.stdout.contains(issuer + "/revoke_token/") == sameIssuer, "\(result.stdout)")
        #expect(result.stdout.contains("discover.rfc8414.issuer-mismatch") == !sameIssuer, "\(result.stdout)")
    }

    @Test("the revocation endpoint's refusal is named as such, with its exit status (invalid_client: 78)")
    func revocationRefused() async throws {
        let (t, _) = try await OAuthCommandTests.signedIn()
        t.http.on(.post, FakeProvider.issuer + "/revoke") { _ in
            (401, [(name: "Content-Type", value: "application/json")], Data(#"{"error":"invalid_client"}"#.utf8))
        }
        let result = await t.run(["revoke"] + FakeProvider.flags)
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("the revocation endpoint refused the request (HTTP 401): invalid_client"))
        #expect(!result.stderr.contains("token endpoint"))
    }

    @Test("a cancel redirect without the promised iss: the member declined, and the provider's lapse is named (77)")
    func cancelledWithoutIss() async throws {
        let t = TestContext(answer: { stderr in
            guard let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix(FakeProvider.issuer + "/authorize?") }),
                let state = URLComponents(string: String(line))?.queryItems?.first(where: { $0.name == "state" })?.value
            else { return nil }
            return "https://app.thedots.example/sso/callback?error=access_denied&state=\(state)"
        })
        _ = FakeProvider(on: t.http, metadata: ["authorization_response_iss_parameter_supported": .bool(true)])
        let result = await t.run(["authorize"] + FakeProvider.flags + OAuthCommandTests.landing)
        #expect(result.status == 77)
        #expect(
            result.stderr.contains("the provider reported access_denied: the member declined or cancelled the sign-in"), "\(result.stderr)")
        #expect(result.stderr.contains("lacked the iss parameter its metadata promises"))
        #expect(!result.stderr.contains("mix-up"))
    }

    @Test("a forged error redirect (wrong state) is still a state mismatch, not a cancelled sign-in")
    func forgedCancel() throws {
        #expect(throws: OAuthError.stateMismatch) {
            try AuthorizationCallback.code(
                from: [("error", "access_denied"), ("state", "forged")], expectedState: "real",
                issuer: FakeProvider.issuer, issuerParameterRequired: true)
        }
    }

    @Test("--min-validity longer than the token lifetime: warned, no refresh for a fresh token, one once it is past half-life")
    func unattainableMinValidity() async throws {
        let t = TestContext(answer: OAuthCommandTests.pasteLanding())
        let provider = FakeProvider(on: t.http)
        provider.lifetime = 120
        #expect(await t.run(["authorize"] + FakeProvider.flags + OAuthCommandTests.landing).status == 0)
        let fresh = await t.run(["token", "print", "--min-validity", "12000"] + FakeProvider.flags)
        #expect(fresh.stdout == "at-1\n")
        #expect(
            fresh.stderr == "dots-sso: warning: --min-validity 12000 s is longer than the provider's access tokens live (120 s); "
                + "using one with at least 60 s left instead of refreshing on every call\n")
        #expect(provider.tokensIssued == 1)
        t.advance(70)
        let aged = await t.run(["refresh", "--min-validity", "12000"] + FakeProvider.flags)
        #expect(aged.stdout.hasPrefix("refreshed; valid until"), "\(aged.stdout)")
        #expect(provider.tokensIssued == 2)
        #expect(await t.run(["token", "print", "--min-validity", "12000"] + FakeProvider.flags).stdout == "at-2\n")
        #expect(provider.tokensIssued == 2, "the new token is as good as a refresh could make it")
        #expect(
            await t.run(["token", "print", "--min-validity", "30"] + FakeProvider.flags).stderr.isEmpty,
            "an attainable --min-validity is not warned about")
    }

    @Test(
        "a provider outage is temporary (75), another 5xx the server's failure (76), never 'network unavailable' (69)",
        arguments: [
            (503, Int32(75)), (502, Int32(75)), (500, Int32(76)),
        ])
    func serverErrors(status: Int, expected: Int32) async throws {
        let (t, _) = try await OAuthCommandTests.signedIn()
        t.http.on(.post, FakeProvider.issuer + "/token") { _ in
            (status, [(name: "Content-Type", value: "text/html")], Data("<html>down</html>".utf8))
        }
        let refresh = await t.run(["refresh", "--force"] + FakeProvider.flags)
        #expect(refresh.status == expected, "\(refresh.stderr)")
        #expect(refresh.stderr.contains("HTTP \(status)"))

        let down = TestContext()
        down.http.on(.get, FakeProvider.issuer + "/.well-known/openid-configuration") { _ in (status, [], Data()) }
        down.http.on(.get, "https://sso.fake.example/.well-known/oauth-authorization-server") { _ in (status, [], Data()) }
        let discover = await down.run(["discover", "--issuer", FakeProvider.issuer])
        #expect(discover.status == (status == 500 ? 76 : 75), "\(discover.stderr)")
    }
}
