import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// `profile`, `flags`, `containers` and `passes fetch` in-process, with a saved profile or the scripted provider.
@Suite("Member commands in-process")
struct MemberCommandTests {
    static func profileFile(_ t: TestContext, _ json: String) throws -> String {
        let path = t.home.path("profile.json")
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("profile checks a saved profile offline: an e-mail id is an error (1), --json has the findings")
    func profileFromFile() async throws {
        let t = TestContext()
        let file = try Self.profileFile(t, #"{"id":"jane@example.com","email":"jane@example.com","features":{"canAccessApp":true}}"#)
        let result = await t.run(["profile", "--profile-file", file])
        #expect(result.status == 1)
        #expect(result.stdout.contains("profile.id.email"))
        let json = await t.run(["profile", "--profile-file", file, "--json"])
        #expect(json.stdout.contains("\"passed\" : false"))
        #expect(t.http.requests.isEmpty, "a saved profile needs no network")
    }

    @Test("profile and flags fetch userinfo with the cached sign-in, refreshing once after a 401")
    func profileFromProvider() async throws {
        let (t, provider) = try await OAuthCommandTests.signedIn()
        let shown = await t.run(["flags"] + FakeProvider.flags)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("canAccessApp"))
        // The provider moves on to a new token behind our back: the next call sees a 401 and refreshes once.
        _ = try await t.http.send(.form(URL(string: FakeProvider.issuer + "/token")!, [("grant_type", "refresh_token")]))
        let checked = await t.run(["flags", "check"] + FakeProvider.flags)
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(provider.tokensIssued == 3)
        #expect(try t.cached()?.payload(RememberedProfile.self)?.id == "u-1", "the first id seen is remembered")
    }

    @Test(
        "flags check: a false flag fails (1) one line each; an unreachable profile or a missing token file is not a verdict but its own status"
    )
    func flagsCheck() async throws {
        let t = TestContext()
        let file = try Self.profileFile(t, #"{"id":"u-1","features":{"canAccessApp":true,"canAccessNews":false,"beta":"true"}}"#)
        let named = await t.run(["flags", "check", "canAccessApp", "canAccessNews", "beta", "--profile-file", file])
        #expect(named.status == 1)
        #expect(named.stdout.components(separatedBy: "fail").count == 3)
        t.http.on(.get, "https://api.fake.example/me") { _ in (503, [(name: "Retry-After", value: "30")], Data()) }
        let launch = await t.run(["flags", "check", "--access-token-file", file, "--profile-endpoint", "https://api.fake.example/me"])
        #expect(launch.status == 75, "\(launch.stderr)")
        #expect(launch.stderr.contains("could not check the app-launch rule"))
        // An operator's mistake is the operator's status, not "the app would log this member out".
        let missing = await t.run([
            "flags", "check", "--access-token-file", t.home.path("no-such-token"), "--profile-endpoint", "https://api.fake.example/me",
        ])
        #expect(missing.status != 1 && missing.status != 0, "\(missing.status) \(missing.stderr)")
        #expect(!missing.stderr.contains("log this member out"), "\(missing.stderr)")
    }

    @Test("flags ends with one verdict line, and a false canAccessApp is highlighted like any value the app refuses")
    func flagsVerdict() async throws {
        let t = TestContext()
        let locked = try Self.profileFile(t, #"{"id":"u-1","features":{"canAccessApp":false,"beta":false}}"#)
        let shown = await t.run(["flags", "--profile-file", locked, "--color", "always"])
        #expect(shown.status == 0)
        let lines = shown.stdout.split(separator: "\n")
        #expect(lines.last?.contains("canAccessApp is false: the app would log this member out") == true, "\(shown.stdout)")
        let launchRow = try #require(lines.first { $0.contains("canAccessApp") && !$0.contains("would") })
        let betaRow = try #require(lines.first { $0.contains("beta") })
        #expect(launchRow.contains("\u{1B}[31mfalse"), "the launch flag's false is red: \(launchRow)")
        #expect(!betaRow.contains("\u{1B}[31m"), "another false is an ordinary answer: \(betaRow)")
        let fine = try Self.profileFile(t, #"{"id":"u-1","features":{"canAccessApp":true}}"#)
        let open = await t.run(["flags", "--profile-file", fine])
        #expect(open.stdout.hasSuffix("canAccessApp is true: the app keeps this member signed in\n"), "\(open.stdout)")
    }

    @Test("containers show the request with the token redacted; probe reports each status")
    func containers() async throws {
        let t = TestContext()
        try t.writeChannel(
            "acme",
            #"""
            {"containers":[{"name":"news","url":"https://news.fake.example/feed","flag":"canAccessNews","token":{"in":"header","name":"Authorization"}}]}
            """#)
        let file = try Self.profileFile(t, #"{"id":"u-1","features":{"canAccessApp":true,"canAccessNews":true}}"#)
        let shown = await t.run(["containers", "--channel", "acme", "--profile-file", file])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("may open"))
        #expect(shown.stdout.contains("[redacted]"))
        let tokenFile = t.home.path("token")
        try Data("secret-token-123\n".utf8).write(to: URL(fileURLWithPath: tokenFile))
        t.http.on(.get, "https://news.fake.example/feed") { request in
            let ok = request.headers.contains { $0.name == "Authorization" && $0.value.hasSuffix("secret-token-123") }
            return (ok ? 200 : 401, [(name: "Content-Type", value: "text/html")], Data("<html></html>".utf8))
        }
        let probed = await t.run(["containers", "probe", "--channel", "acme", "--access-token-file", tokenFile])
        #expect(probed.status == 0, "\(probed.allOutput)")
        #expect(probed.stdout.contains("200"))
        #expect(!probed.allOutput.contains("secret-token-123"))
    }

    @Test("passes fetch: pass URLs from the passes endpoint; a 404 fails only its pass (1)")
    func passesFetch() async throws {
        let t = TestContext()
        let tokenFile = t.home.path("token")
        try Data("tok\n".utf8).write(to: URL(fileURLWithPath: tokenFile))
        t.http.json(.get, "https://api.fake.example/passes", .array([.string("https://passes.fake.example/guest.pkpass")]))
        t.http.on(.get, "https://passes.fake.example/guest.pkpass") { _ in
            (404, [(name: "Content-Type", value: "text/html")], Data("<html>gone</html>".utf8))
        }
        let result = await t.run([
            "passes", "fetch", "--passes-endpoint", "https://api.fake.example/passes", "--access-token-file", tokenFile,
            "--output", t.home.path("out"), "--json",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("passes.download.status"))
        let download = t.http.requests.first { $0.url.host == "passes.fake.example" }
        #expect(download?.headers.contains { $0.name == "Authorization" } == false, "pass downloads carry no token")
    }
}
