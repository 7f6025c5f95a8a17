import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// What seed 000 needs the channel to say: container variants, how the profile endpoint takes the token, where
/// the passes are in the profile; and `channel init` writing all of it.
@Suite("Channel format in-process")
struct ChannelFormatCommandTests {
    static let variantChannel = #"""
        {"flags":{"canAccessApp":"app","beta":"beta lounge","gold":"gold lounge"},
         "containers":[{"name":"lounge","url":"https://lounge.fake.example/","token":{"in":"header","name":"Authorization"},
                        "variants":[{"flag":"beta","url":"https://beta.fake.example/lounge"},{"flag":"gold","url":"https://gold.fake.example/lounge"}]}]}
        """#

    @Test("a container variant: the first variant whose flag is on gives the URL; none on → the plain URL; show and probe agree")
    func variants() async throws {
        let t = TestContext()
        try t.writeChannel("acme", Self.variantChannel)
        for (features, expected, chosen) in [
            (#"{"canAccessApp":true,"beta":false,"gold":true}"#, "https://gold.fake.example/lounge", "the gold variant"),
            (#"{"canAccessApp":true,"beta":true,"gold":true}"#, "https://beta.fake.example/lounge", "the beta variant"),
            (#"{"canAccessApp":true,"beta":false,"gold":false}"#, "https://lounge.fake.example/", "the plain URL (no variant flag on)"),
        ] {
            let file = try MemberCommandTests.profileFile(t, #"{"id":"u-1","features":\#(features)}"#)
            let shown = await t.run(["containers", "--channel", "acme", "--profile-file", file])
            #expect(shown.stdout.contains("GET \(expected)"), "\(shown.stdout)")
            #expect(shown.stdout.contains("\(chosen), of 3 URLs"))
        }
        let token = t.home.path("token")
        try "tok-123456".write(toFile: token, atomically: true, encoding: .utf8)
        t.http.json(
            .get, "https://api.fake.example/me",
            .object(["id": .string("u-1"), "features": .object(["canAccessApp": .bool(true), "beta": .bool(true), "gold": .bool(false)])]))
        t.http.on(.get, "https://beta.fake.example/lounge") { _ in
            (200, [(name: "Content-Type", value: "text/html")], Data("<title>x</title>".utf8))
        }
        let probed = await t.run([
            "containers", "probe", "--channel", "acme", "--access-token-file", token, "--profile-endpoint", "https://api.fake.example/me",
        ])
        #expect(probed.status == 0, "\(probed.allOutput)")
        #expect(t.http.requests.contains { $0.url.host == "beta.fake.example" })
        #expect(!t.http.requests.contains { $0.url.host == "lounge.fake.example" })
    }

    @Test("profileAuth: a named header carries the bare token, a query parameter carries it redacted from every message")
    func profileAuth() async throws {
        let t = TestContext()
        let token = t.home.path("token")
        try "secret-token-42".write(toFile: token, atomically: true, encoding: .utf8)
        let profile: JSONValue = .object(["id": .string("u-1"), "features": .object(["canAccessApp": .bool(true)])])
        try t.writeChannel(
            "header",
            #"{"profileEndpoint":"https://api.fake.example/me","profileAuth":{"in":"header","name":"X-Partner-Token"},"flags":{"canAccessApp":"app"}}"#
        )
        t.http.json(.get, "https://api.fake.example/me", profile)
        let viaHeader = await t.run(["profile", "--channel", "header", "--access-token-file", token])
        #expect(viaHeader.status == 0, "\(viaHeader.allOutput)")
        let sent = try #require(t.http.requests.last)
        #expect(sent.header("X-Partner-Token") == "secret-token-42")
        #expect(sent.header("Authorization") == nil)

        try t.writeChannel(
            "query",
            #"{"profileEndpoint":"https://api.fake.example/me","profileAuth":{"in":"query","name":"key"},"flags":{"canAccessApp":"app"}}"#)
        t.http.on(.get, "https://api.fake.example/me") { _ in (500, [], Data()) }
        let viaQuery = await t.run(["profile", "--channel", "query", "--access-token-file", token])
        let query = try #require(t.http.requests.last)
        #expect(
            URLComponents(url: query.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "key" }?.value
                == "secret-token-42")
        #expect(query.header("Authorization") == nil)
        #expect(viaQuery.status == 76)
        #expect(!viaQuery.allOutput.contains("secret-token-42"), "\(viaQuery.allOutput)")
    }

    @Test("profileMapping.passes: every URL there is a pass; without it, the URL fields not taken are listed as info")
    func passesMapping() async throws {
        let t = TestContext()
        let profile =
            #"{"id":"u-1","wallet":{"passes":["https://passes.fake.example/guest/123"]},"avatar":"https://cdn.fake.example/a.png","features":{"canAccessApp":true}}"#
        let file = try MemberCommandTests.profileFile(t, profile)
        t.http.on(.get, "https://passes.fake.example/guest/123") { _ in (404, [], Data()) }
        try t.writeChannel("mapped", #"{"profileMapping":{"passes":"$.wallet.passes"}}"#)
        let mapped = await t.run([
            "passes", "fetch", "--channel", "mapped", "--profile-file", file, "--output", t.home.path("out"), "--json",
        ])
        #expect(t.http.requests.contains { $0.url.path == "/guest/123" }, "the mapped URL is fetched as a pass")
        #expect(mapped.stdout.contains("passes.download.status"))
        #expect(mapped.status == 1)

        let unmapped = await t.run(["passes", "fetch", "--profile-file", file, "--output", t.home.path("out2"), "--json"])
        #expect(unmapped.status == 0, "\(unmapped.allOutput)")
        #expect(unmapped.stdout.contains("passes.profile-url-skipped"))
        #expect(
            unmapped.stdout.contains("https://passes.fake.example/guest/123") && unmapped.stdout.contains("https://cdn.fake.example/a.png"))
    }

    @Test("channel init writes every field from flags; a malformed NAME=VALUE is a usage error naming the flag")
    func initFlags() async throws {
        let t = TestContext()
        let written = await t.run([
            "channel", "init", "acme", "--issuer", "https://sso.acme.example", "--client-id", "dots",
            "--flag", "canAccessApp=may use the app", "--flag", "vip=VIP lounge",
            "--container", "lounge=https://acme.example/lounge", "--container-flag", "lounge=vip",
            "--container-token", "lounge=header:Authorization", "--container-user-id", "lounge=query:uid",
            "--container-variant", "lounge=beta=https://beta.acme.example/lounge",
            "--profile-auth", "header:X-Acme-Token", "--profile-mapping", "passes=$.wallet.passes",
            "--privacy-policy", "https://acme.example/privacy.pdf", "--terms-and-conditions", "terms.pdf",
            "--joint-controller-statement", "https://acme.example/jcs", "--loading-animation", "loader.json",
            "--magic-link-base-url", "https://links.acme.example", "--magic-link-study", "acme", "--json",
        ])
        #expect(written.status == 0, "\(written.allOutput)")
        let stored = try ChannelStore(environment: t.context.environment).load("acme")
        #expect(stored.flags == ["canAccessApp": "may use the app", "vip": "VIP lounge"])
        let lounge = try #require(stored.containers?.first)
        #expect(lounge.url == "https://acme.example/lounge" && lounge.flag == "vip")
        #expect(
            lounge.token == Channel.Placement(in: .header, name: "Authorization")
                && lounge.userId == Channel.Placement(in: .query, name: "uid"))
        #expect(lounge.variants == [Channel.Variant(flag: "beta", url: "https://beta.acme.example/lounge")])
        #expect(stored.profileAuth == Channel.Placement(in: .header, name: "X-Acme-Token"))
        #expect(stored.profileMapping == ["passes": "$.wallet.passes"])
        #expect(
            stored.legal
                == Channel.Legal(
                    privacyPolicy: "https://acme.example/privacy.pdf", termsAndConditions: "terms.pdf",
                    jointControllerStatement: "https://acme.example/jcs"))
        #expect(
            stored.loadingAnimation == "loader.json"
                && stored.magicLink == Channel.MagicLink(baseUrl: "https://links.acme.example", study: "acme"))

        for (flag, value, expected) in [
            ("--container-flag", "nowhere=vip", "no container named 'nowhere'"), ("--flag", "novalue", "expected NAME=PURPOSE"),
            ("--profile-auth", "cookie:x", "expected bearer, header:NAME or query:NAME"),
            ("--profile-mapping", "avatar=$.a", "unknown field 'avatar'"),
            ("--container", "x=http://insecure.example/", "must use https"),
        ] {
            let bad = await t.run(["channel", "init", "bad", flag, value])
            #expect(bad.status == 64, "\(flag) \(value): \(bad.allOutput)")
            #expect(bad.stderr.contains(expected), "\(flag) \(value): \(bad.stderr)")
        }
    }
}
