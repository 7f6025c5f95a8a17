import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// Two things deployed providers showed (issue 37, items 2 and 3): the scope a token response leaves out, and tokens
/// that live exactly `--min-validity`.
@Suite("granted scope and token lifetime in-process")
struct GrantedScopeTests {
    @Test("exchange after authorize --no-exchange records the scopes asked for when the token response omits scope (RFC 6749 §5.1)")
    func exchangeKeepsRequestedScope() async throws {
        let t = TestContext(answer: OAuthCommandTests.pasteLanding())
        _ = FakeProvider(on: t.http)
        t.http.on(.post, FakeProvider.issuer + "/token") { _ in
            (
                200, [(name: "Content-Type", value: "application/json")],
                Data(#"{"access_token":"at-x","token_type":"Bearer","expires_in":3600}"#.utf8)
            )
        }
        let started = await t.run(
            ["authorize", "--no-exchange", "--scope", "openid profile email"] + FakeProvider.flags + OAuthCommandTests.landing)
        #expect(started.status == 0, "\(started.stderr)")
        let pending = try JSONDecoder().decode([String: String].self, from: Data(started.stdout.utf8))
        #expect(try t.cached()?.oauth.pending?.scopes == ["openid", "profile", "email"])
        // exchange is run without --scope, as the README shows.
        let done = await t.run(["exchange", "--code=good-code", "--state=\(pending["state"]!)", "--json"] + FakeProvider.flags)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stdout.contains("\"scope\" : \"openid profile email\""), "\(done.stdout)")
        #expect(try t.cached()?.oauth.tokens?.scope == "openid profile email")
    }

    @Test("tokens that live exactly --min-validity are not refreshed on every call: one sign-in, three token prints, no refresh")
    func lifetimeEqualToMinValidity() async throws {
        let t = TestContext(answer: OAuthCommandTests.pasteLanding())
        let provider = FakeProvider(on: t.http)
        provider.lifetime = 60
        #expect(await t.run(["authorize"] + FakeProvider.flags + OAuthCommandTests.landing).status == 0)
        for _ in 0..<3 {
            t.advance(5)
            let printed = await t.run(["token", "print"] + FakeProvider.flags)
            #expect(printed.status == 0 && printed.stdout == "at-1\n", "\(printed.stderr)")
            #expect(
                printed.stderr.contains(
                    "--min-validity 60 s is as long as the provider's access tokens live (60 s); using one with at least 30 s left"))
        }
        #expect(provider.tokensIssued == 1)
        // Past half its life, the next call refreshes once.
        t.advance(20)
        #expect(await t.run(["token", "print"] + FakeProvider.flags).stdout == "at-2\n")
        #expect(provider.tokensIssued == 2)
    }
}
