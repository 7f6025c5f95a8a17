import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// Commands on local files, the cache and channels, in-process.
@Suite("File, cache and channel commands in-process")
struct FileCommandTests {
    @Test("pkpass inspect: a missing file is a usage error (64), a non-zip is an error finding (1)")
    func pkpass() async throws {
        let t = TestContext()
        let missing = await t.run(["pkpass", "inspect", t.home.path("nope.pkpass")])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("nope.pkpass"))
        let html = t.home.path("page.pkpass")
        try Data("<html>not a pass</html>".utf8).write(to: URL(fileURLWithPath: html))
        let result = await t.run(["pkpass", "inspect", html, "--json"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("pkpass.archive."))
    }

    @Test("'-' reads the context's stdin: a pass and an animation piped in-process are checked; nothing piped is an empty input")
    func standardInput() async throws {
        let t = TestContext()
        t.stdin.provide(try TestPassIssuer.zip(try TestPassIssuer.files()))
        let pass = await t.run(["pkpass", "inspect", "-", "--json"])
        #expect(pass.stdout.contains(#""file" : "stdin""#), "\(pass.stdout)")
        #expect(pass.stdout.contains("pass.org.thedots.test"), "the pass.json piped in was read: \(pass.stdout)")
        t.stdin.provide(
            Data(
                #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[]}]}"#
                    .utf8))
        let animation = await t.run(["bodymovin", "validate", "-", "--no-render"])
        #expect(animation.status == 0, "\(animation.stderr)")
        #expect(animation.stdout.contains("100×100"), "\(animation.stdout)")
        // Read once: the same stdin a second time is empty, as a pipe is.
        let again = await t.run(["bodymovin", "validate", "-", "--no-render"])
        #expect(again.status == 65, "\(again.stdout)\(again.stderr)")
    }

    @Test("bodymovin validate: a valid animation passes; broken JSON is malformed input (65) with the position")
    func bodymovin() async throws {
        let t = TestContext()
        let good = t.home.path("loader.json")
        try Data(
            #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[]}]}"#
                .utf8
        )
        .write(to: URL(fileURLWithPath: good))
        let result = await t.run(["bodymovin", "validate", good])
        #expect(result.status == 0 || result.status == 1)
        #expect(result.stdout.contains("loader.json"))
        let broken = t.home.path("broken.json")
        try Data(#"{"v":"5.7.4","layers":["#.utf8).write(to: URL(fileURLWithPath: broken))
        let refused = await t.run(["bodymovin", "validate", broken])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("broken.json"))
    }

    @Test("bodymovin validate of many files checks them at once (one per core) and reports each as alone, in the order given")
    func bodymovinBatch() async throws {
        let t = TestContext()
        var files: [String] = []
        for index in 0..<12 {
            let file = t.home.path("loader-\(index).json")
            // Different layer counts (so some finish before others) and every third one with a finding.
            let layers = (0..<(12 - index) * 40).map { #"{"ty":4,"ind":\#($0 + 1),"ip":0,"op":60,"st":0,"ks":{},"shapes":[]}"# }
            let version = index % 3 == 0 ? "4.1.0" : "5.7.4"
            try Data(#"{"v":"\#(version)","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[\#(layers.joined(separator: ","))]}"#.utf8)
                .write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        #expect(BodymovinValidateUseCase.parallelism(for: files) == ProcessorCount.available)
        let batch = await t.run(["bodymovin", "validate", "--json"] + files)
        let reports =
            try #require(try JSONSerialization.jsonObject(with: Data(batch.stdout.utf8)) as? [String: Any])["files"] as? [[String: Any]]
        #expect(reports?.compactMap { $0["file"] as? String } == files)
        for (index, file) in files.enumerated() {
            let alone = await t.run(["bodymovin", "validate", "--json", file])
            let report =
                try #require(try JSONSerialization.jsonObject(with: Data(alone.stdout.utf8)) as? [String: Any])["files"] as? [[String: Any]]
            #expect(report?.first.map { NSDictionary(dictionary: $0) } == reports.map { NSDictionary(dictionary: $0[index]) }, "\(file)")
        }

        // A file above the parallel limit sends the whole batch one at a time (peak memory of the largest file).
        let large = t.home.path("large.json")
        try Data(repeating: 0x20, count: BodymovinValidateUseCase.parallelBelowBytes + 1).write(to: URL(fileURLWithPath: large))
        #expect(BodymovinValidateUseCase.parallelism(for: files + [large]) == 1)
    }

    @Test("--junit to an unwritable path is exit 74 naming the path")
    func unwritableReport() async throws {
        let t = TestContext()
        let file = t.home.path("p.json")
        try Data(#"{"id":"u-1","features":{"canAccessApp":true}}"#.utf8).write(to: URL(fileURLWithPath: file))
        // A missing folder is made (a fresh CI checkout's reports/); one that cannot be (a file stands there) is 74.
        let unwritable = t.home.path("p.json/report.xml")
        let result = await t.run(["profile", "--profile-file", file, "--junit", unwritable])
        #expect(result.status == 74)
        #expect(result.stderr.contains(unwritable))
        let fresh = t.home.path("reports/ci/report.xml")
        #expect(await t.run(["profile", "--profile-file", file, "--junit", fresh]).status == 0)
        #expect(FileManager.default.fileExists(atPath: fresh))
    }

    @Test("cache list shows entries of both kinds without secrets; cache clear removes the channel's entry")
    func cache() async throws {
        let (t, _) = try await OAuthCommandTests.signedIn()
        let listed = await t.run(["cache", "list", "--json"])
        #expect(listed.stdout.contains("\"kind\" : \"oauth\""))
        #expect(!listed.allOutput.contains("at-1"))
        let cleared = await t.run(["cache", "clear"] + FakeProvider.flags)
        #expect(cleared.status == 0)
        #expect(cleared.stderr.contains("removed 1 cached sign-in"))
        #expect(try t.cached() == nil)
        let nothing = await t.run(["cache", "clear"])
        #expect(nothing.status == 78)
        #expect(nothing.stderr.contains("--all"))
    }

    @Test("a version 1 cache entry (every field at the top level) still reads, and the next write upgrades it")
    func legacyEntry() async throws {
        let t = TestContext()
        _ = FakeProvider(on: t.http)
        let key = CacheKey(authority: FakeProvider.issuer, clientId: FakeProvider.client)
        let cache = TokenCache(directory: t.cacheDirectory)
        try cache.prepareDirectory()
        let legacy = #"""
            {"version":1,"key":{"authority":"\#(FakeProvider.issuer)","clientId":"\#(FakeProvider.client)","account":"default"},
             "channel":"acme","subject":"u-1","createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-01T00:00:00Z",
             "tokens":{"accessToken":"old-at","refreshToken":"old-rt","expiresAt":"2099-01-01T00:00:00Z"},"profileId":"u-1"}
            """#
        let url = cache.url(for: key)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(legacy.utf8), attributes: [.posixPermissions: 0o600])
        #expect(await t.run(["token", "print"] + FakeProvider.flags).stdout == "old-at\n")
        #expect(try t.cached()?.payload(RememberedProfile.self)?.id == "u-1")
        #expect(await t.run(["refresh", "--force"] + FakeProvider.flags).status == 0)
        let rewritten = try String(contentsOf: url, encoding: .utf8)
        #expect(rewritten.contains("\"version\" : 2"))
        #expect(rewritten.contains("\"payloads\""))
    }

    @Test("a magic-link session is cached under a Bridge key, not a pretend OAuth client")
    func magicLinkSession() async throws {
        let t = TestContext()
        t.http.on(.post, "https://bridge.fake.example/v3/auth/email/signIn") { _ in
            (
                200, [(name: "Content-Type", value: "application/json")],
                Data(#"{"sessionToken":"sess-1","id":"user-9","authenticated":true,"consented":true}"#.utf8)
            )
        }
        let redeemed = await t.run([
            "magic-link", "redeem", "--base-url", "https://bridge.fake.example", "--study", "demo", "--token", "tok", "--email",
            "Jane@Fake.example",
        ])
        #expect(redeemed.status == 0, "\(redeemed.stderr)")
        #expect(!redeemed.allOutput.contains("sess-1"))
        let key = CacheKey.bridge(server: "https://bridge.fake.example", study: "demo", email: "jane@fake.example")
        let entry = try TokenCache(directory: t.cacheDirectory).read(key).entry
        #expect(entry?.key.kind == .bridge)
        #expect(entry?.key.clientId == nil)
        let printed = await t.run([
            "token", "print", "--session", "--base-url", "https://bridge.fake.example", "--study", "demo", "--email", "jane@fake.example",
        ])
        #expect(printed.stdout == "sess-1\n")
        let requested = await t.run([
            "magic-link", "request", "--base-url", "https://bridge.fake.example", "--study", "demo", "--email", "not-an-address",
        ])
        #expect(requested.status == 64)
    }

    @Test("applinks check fetches both files and reports; channel init/show/list round-trip a channel")
    func applinksAndChannels() async throws {
        let t = TestContext()
        t.http.json(
            .get, "https://links.fake.example/.well-known/apple-app-site-association",
            .object([
                "applinks": .object([
                    "details": .array([
                        .object([
                            "appIDs": .array([.string("ABCDE12345.com.thedots.app")]),
                            "components": .array([.object(["/": .string("/verify*")])]),
                        ])
                    ])
                ])
            ]))
        t.http.json(.get, "https://links.fake.example/.well-known/assetlinks.json", .array([]))
        let links = await t.run(["applinks", "check", "https://links.fake.example", "--json"])
        #expect(links.stdout.contains("\"origin\" : \"https://links.fake.example\""), "\(links.stderr)")

        let made = await t.run(["channel", "init", "acme", "--issuer", "https://sso.acme.example", "--client-id", "dots"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(await t.run(["channel", "list"]).stdout == "acme\n")
        #expect(await t.run(["channel", "show", "acme", "--json"]).stdout.contains("\"clientId\" : \"dots\""))
        let insecure = await t.run(["channel", "init", "bad", "--issuer", "http://sso.acme.example"])
        #expect(insecure.status == 64)
    }

    @Test("help, version and usage errors behave as in the binary")
    func rootBehaviour() async throws {
        let t = TestContext()
        #expect(await t.run(["--version"]).stdout == "\(DotsSSOVersion.line)\n")
        let help = await t.run([])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: dots-sso [--version] <subcommand>"))
        let usage = await t.run(["discover", "--timeout", "true"])
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("Error: "))
    }

    /// A stdout that refuses every write, like a closed pipe or a full disk.
    final class BrokenOutput: TextOutput, @unchecked Sendable {
        func write(_ text: String) {}
        var isTerminal: Bool { false }
        var failure: String? { "No space left on device" }
    }

    @Test("a stdout that cannot be written ends the run with 74 and one line on stderr")
    func brokenStdout() async throws {
        let t = TestContext()
        var context = t.context
        context.stdout = BrokenOutput()
        let status = await DotsSSO.run(arguments: ["--version"], context: context)
        #expect(status == 74)
        #expect(t.stderr.text == "dots-sso: cannot write the output: No space left on device\n")
    }
}
