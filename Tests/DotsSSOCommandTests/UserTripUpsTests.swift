import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// Issue 59, in-process: the sentence CI hands a person is one they can copy and run.
@Suite("what users trip over, in-process")
struct UserTripUpsTests {
    @Test("a spent refresh-token file: the fix repeats the --channel the job gave (a path stays a path) as one command to copy")
    func spentTokenNamesTheChannelGiven() async throws {
        let t = TestContext()
        _ = FakeProvider(on: t.http)
        t.http.on(.post, FakeProvider.issuer + "/token") { _ in
            (400, [(name: "Content-Type", value: "application/json")], Data(#"{"error":"invalid_grant"}"#.utf8))
        }
        let channel = t.home.path("ci/partner one.json")
        try FileManager.default.createDirectory(atPath: t.home.path("ci"), withIntermediateDirectories: true)
        try Data(#"{"name": "sandbox", "issuer": "\#(FakeProvider.issuer)", "clientId": "dots-app"}"#.utf8)
            .write(to: URL(fileURLWithPath: channel))
        chmod(channel, 0o600)
        let token = t.home.path("refresh-token")
        try Data("rt-old\n".utf8).write(to: URL(fileURLWithPath: token))
        chmod(token, 0o600)
        let result = await t.run(["profile", "--channel", channel, "--refresh-token-file", token])
        #expect(result.status == 77, "\(result.stderr)")
        let fix = "`dots-sso authorize --channel '\(channel)' --flow device --save-refresh-token \(token)`"
        #expect(result.stderr.contains(fix), "\(result.stderr)")
        #expect(!result.stderr.contains("--channel sandbox"), "never the file's internal name, which names no channel here")
        #expect(!result.stderr.contains("rt-old"))
    }

    @Test("a channel file's broken JSON is said with its line and column (78), as a Lottie file's or a pass.json's is")
    func channelJSONPosition() async throws {
        let t = TestContext()
        let channel = t.home.path("broken.json")
        try Data("{\"name\": \"acme\",\n  \"issuer\": \"https://sso.acme.example\"\n  \"clientId\": \"dots\"}".utf8)
            .write(to: URL(fileURLWithPath: channel))
        chmod(channel, 0o600)
        let result = await t.run(["discover", "--channel", channel])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("not valid JSON: line 3, column 3: expected ',' or '}'"), "\(result.stderr)")
    }

    @Test("several files end with the run's total (how many hold, every finding counted); one file has no extra line")
    func grandTotal() async throws {
        let t = TestContext()
        let good = t.home.path("good.json")
        let bad = t.home.path("bad.json")
        try Data(#"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[]}"#.utf8).write(to: URL(fileURLWithPath: good))
        try Data(#"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":"#.utf8).write(to: URL(fileURLWithPath: bad))
        let several = await t.run(["bodymovin", "validate", "--no-render", good, good])
        #expect(several.stdout.hasSuffix("total: 2 of 2 hold; 0 errors, 0 warnings, 0 info\n"), "\(several.stdout)")
        let mixed = await t.run(["bodymovin", "validate", "--no-render", good, bad])
        #expect(mixed.stdout.contains("total: 1 of 2 hold"), "an unreadable file counts among the inputs: \(mixed.stdout)")
        let one = await t.run(["bodymovin", "validate", "--no-render", good])
        #expect(!one.stdout.contains("total:"), "\(one.stdout)")
    }

    @Test("flags --json carries the verdict the text prints: appLaunch (the rule's outcome) and passed")
    func flagsVerdict() async throws {
        let t = TestContext()
        for (value, passed) in [("true", true), ("false", false), (#""true""#, false)] {
            let profile = t.home.path("member-\(passed)-\(value.count).json")
            try Data(#"{"id":"u-1","features":{"canAccessApp":\#(value)}}"#.utf8).write(to: URL(fileURLWithPath: profile))
            let text = await t.run(["flags", "--profile-file", profile])
            let json = await t.run(["flags", "--profile-file", profile, "--json"])
            #expect(text.status == 0 && json.status == 0, "flags shows; flags check is the one that exits with it")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(document["passed"] as? Bool == passed, "\(value): \(json.stdout)")
            let launch = try #require(document["appLaunch"] as? [String: Any])
            #expect(launch["name"] as? String == "canAccessApp" && launch["passed"] as? Bool == passed, "\(launch)")
            #expect(text.stdout.contains(passed ? "the app keeps this member signed in" : "canAccessApp"), "\(text.stdout)")
        }
    }

    @Test("help with a topic that is no command is a usage error naming where help is (64), not the top-level help as if it answered")
    func helpUnknownTopic() async throws {
        let t = TestContext()
        let unknown = await t.run(["help", "enviroment"])
        #expect(unknown.status == 64, "\(unknown.allOutput)")
        #expect(unknown.stdout.isEmpty, "\(unknown.stdout)")
        #expect(unknown.stderr.contains("no command or help topic named 'enviroment'"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("`dots-sso help environment` the variables read"), "\(unknown.stderr)")
        let known = await t.run(["help", "check"])
        #expect(known.status == 0 && known.stdout.contains("Check every deliverable"), "\(known.allOutput)")
    }

    @Test("check --skip live says in its summary, and in --json, which checks never ran")
    func skippedChecksSaid() async throws {
        let t = TestContext()
        try t.writeChannel("acme", #"{"name": "acme", "issuer": "https://sso.acme.example", "clientId": "dots"}"#)
        let result = await t.run(["check", "--channel", "acme", "--only", "channel", "--skip", "live"])
        let summary = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.contains("not run (--only/--skip): discovery, tls, authorization, profile, flags, passes"), "\(result.stdout)")
        let json = await t.run(["check", "--channel", "acme", "--skip", "live", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.allOutput)")
        #expect(report["leftOut"] as? [String] == ["profile", "flags", "passes"], "\(report["leftOut"] ?? "none")")
    }

    @Test("a 401 for the member's token gives the next step: a fresh token for a given one, a new sign-in for a cached one (77)")
    func refusedTokenNextStep() async throws {
        let t = TestContext()
        _ = FakeProvider(on: t.http)
        let token = t.home.path("token")
        try Data("stale-token\n".utf8).write(to: URL(fileURLWithPath: token))
        chmod(token, 0o600)
        let given = await t.run(["profile", "--access-token-file", token] + FakeProvider.flags)
        #expect(given.status == 77, "\(given.stderr)")
        #expect(given.stderr.contains("refused the credentials (HTTP 401)"), "\(given.stderr)")
        #expect(given.stderr.contains("the token given is expired, revoked or not this provider's: take a fresh one"), "\(given.stderr)")

        let (u, _) = try await OAuthCommandTests.signedIn()
        u.http.on(.get, FakeProvider.issuer + "/userinfo") { _ in (401, [], Data()) }
        let cached = await u.run(["profile"] + FakeProvider.flags)
        #expect(cached.status == 77, "\(cached.stderr)")
        #expect(cached.stderr.contains("even after a refresh: sign in again with `dots-sso authorize`"), "\(cached.stderr)")
    }
}
