import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// `kill -9` at random points of a real process, many runs: a refresh, a magic-link redeem and a passes download
/// leave the old file or the new one, never a torn one, no lock is left held, and the next command works.
@Suite("kill -9 mid-write", .serialized)
struct KillNineTests {
    static let runs = 15

    /// Starts `arguments`, kills it with SIGKILL at a random moment up to a third past `duration` (how long a whole run
    /// took), and says whether it was killed rather than having finished first: the writes come at the very end, so
    /// some kills must land there and some runs must finish. A run that finished first narrows `duration` by a
    /// quarter: the timing run can be several times slower than the later ones (a cold start on a busy runner),
    /// and a window that stays that wide can let all fifteen runs finish (a full Scripts/test run saw it once for passes fetch).
    static func killed(
        _ cli: DotsSSOCLI, _ arguments: [String], within duration: inout TimeInterval,
        using generator: inout some RandomNumberGenerator
    ) async throws -> Bool {
        let process = try cli.start(arguments)
        try await Task.sleep(for: .seconds(Double.random(in: 0...(duration * 1.33), using: &generator)))
        let wasRunning = process.process.isRunning
        kill(process.process.processIdentifier, SIGKILL)
        _ = await process.finish(timeout: 10)
        let killed = wasRunning && process.process.terminationReason == .uncaughtSignal
        if !killed { duration *= 0.75 }
        return killed
    }

    /// Every file in `directory` but in-flight temporaries: torn files would show here.
    static func settledFiles(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { !$0.hasPrefix(AtomicFile.temporaryPrefix) }
            .sorted()
    }

    static func seconds(_ body: () async throws -> Void) async rethrows -> TimeInterval {
        let started = Date()
        try await body()
        return Date().timeIntervalSince(started)
    }

    @Test(
        "refresh: after each kill the cache entry holds the old tokens or the new ones, token print works, and the next refresh succeeds or asks for a new sign-in"
    )
    func refresh() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        let cli = DotsSSOCLI()
        let provider = ["--issuer", sandbox.issuer, "--client-id", "dots-sandbox-app"]
        let cache = TokenCache(directory: URL(fileURLWithPath: cli.cacheDirectory))
        let key = CacheKey(authority: sandbox.issuer, clientId: "dots-sandbox-app")
        func signIn() async throws {
            let process = try cli.start(["authorize", "--no-browser", "--scope", "openid email"] + provider)
            let url = try await process.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
            _ = try await Browser.get(try Browser.redirectTarget(of: url))
            #expect(await process.finish().status == 0)
        }
        try await signIn()
        var duration = try await Self.seconds {
            let refreshed = try await cli.run(["refresh", "--force"] + provider)
            #expect(refreshed.status == 0)
        }
        var generator = SystemRandomNumberGenerator()
        var kills = 0, lostGrants = 0
        for _ in 0..<Self.runs {
            let before = try #require(try cache.read(key).entry?.oauth.tokens)
            if try await Self.killed(cli, ["refresh", "--force"] + provider, within: &duration, using: &generator) { kills += 1 }
            let after = try #require(try cache.read(key).entry?.oauth.tokens, "the entry is readable after the kill")
            let old = after.accessToken == before.accessToken && after.refreshToken == before.refreshToken
            let new = after.accessToken != before.accessToken && after.refreshToken != before.refreshToken
            #expect(old || new, "old or new tokens, never a mix")
            let printed = try await cli.run(["token", "print"] + provider, timeout: 20)
            #expect(printed.status == 0 && printed.stdout == after.accessToken + "\n", "\(printed.stderr)")
            // A kill after the provider rotated the refresh token but before it was saved leaves the rotated-away one;
            // the sandbox treats its next use as reuse and ends the grant: a clear 77, then a new sign-in.
            let next = try await cli.run(["refresh", "--force"] + provider, timeout: 20)
            #expect(next.status == 0 || next.status == 77, "\(next.stderr)")
            if next.status == 77 {
                lostGrants += 1
                #expect(next.stderr.contains("invalid_grant"), "\(next.stderr)")
                try await signIn()
            }
        }
        #expect(kills > 0, "at least one run was killed mid-way")
        print("kill -9: refresh killed \(kills) of \(Self.runs) times; \(lostGrants) grants ended by reuse detection afterwards")
    }

    @Test("magic-link redeem: after each kill the cached session is the old one or the new one and token print --session works")
    func redeem() async throws {
        var settings = SandboxPartner.Settings()
        settings.emailThrottle = 0
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        let cli = DotsSSOCLI()
        let email = "jane.doe@example.com"
        let server = ["--base-url", sandbox.issuer, "--study", "sandbox"]
        func link() async throws -> String {
            #expect(try await cli.run(["magic-link", "request", "--email", email] + server).status == 0)
            return try #require(await sandbox.emails().last { $0.to == email }?.link)
        }
        func session() async throws -> String {
            let printed = try await cli.run(["token", "print", "--session", "--email", email] + server, timeout: 20)
            #expect(printed.status == 0, "\(printed.stderr)")
            return printed.stdout
        }
        let first = try await link()
        var duration = try await Self.seconds {
            let redeemed = try await cli.run(["magic-link", "redeem", "--link", first] + server)
            #expect(redeemed.status == 0, "\(redeemed.stderr)")
        }
        var generator = SystemRandomNumberGenerator()
        var kills = 0
        var sessions = Set([try await session()])
        for _ in 0..<Self.runs {
            let fresh = try await link()
            if try await Self.killed(cli, ["magic-link", "redeem", "--link", fresh] + server, within: &duration, using: &generator) {
                kills += 1
            }
            let current = try await session()
            #expect(current.hasPrefix("session-"), "a whole session token, not a torn one")
            sessions.insert(current)
        }
        #expect(kills > 0)
        let last = try await link()
        #expect(try await cli.run(["magic-link", "redeem", "--link", last] + server).status == 0, "the next redeem works")
        print("kill -9: redeem killed \(kills) of \(Self.runs) times; \(sessions.count) distinct sessions seen")
    }

    @Test("passes fetch: after each kill every saved pass is whole (byte for byte what the server sent) and the next fetch works")
    func download() async throws {
        let partner = try PassesCLITests.Partner()
        // A 3 MB pass (an incompressible strip image) makes each write long enough for kills to land inside it.
        var files = try TestPassIssuer.files()
        // Random bytes read in one go: drawing them one at a time was three million getrandom calls on a thread the
        // whole suite shares.
        let noise = try #require(FileHandle(forReadingAtPath: "/dev/urandom")?.readData(ofLength: 3_000_000))
        try #require(noise.count == 3_000_000)
        files["strip@2x.png"] = TestPassIssuer.png(width: 750, height: 288) + noise
        let big = try partner.issuer.pass(files, signer: partner.issuer.valid)
        try big.write(to: partner.files.url.appendingPathComponent("big.pkpass"))
        let profile = partner.files.path("member-big.json")
        try
            #"{"id": "m-9", "passes": ["\#(partner.base)/passes/big.pkpass", "\#(partner.base)/passes/guest.pkpass", "\#(partner.base)/passes/event.pkpass"]}"#
            .write(toFile: profile, atomically: true, encoding: .utf8)
        let expected = ["1-primary-big.pkpass": big, "2-guest.pkpass": partner.guest, "3-event.pkpass": partner.event]
        let output = TemporaryDirectory("killed-passes")
        func fetch(into folder: URL) -> [String] {
            [
                "passes", "fetch", "--profile-file", profile, "--cacert", partner.pki.caCertificate, "--trust", partner.pki.caCertificate,
                "--output", folder.path,
            ]
        }
        let arguments = fetch(into: output.url)
        var generator = SystemRandomNumberGenerator()
        var kills = 0
        // The first kills land in an empty folder, later ones over the earlier files.
        var duration = try await Self.seconds { _ = try await partner.cli.run(fetch(into: TemporaryDirectory("timing").url)) }
        for _ in 0..<Self.runs {
            if try await Self.killed(partner.cli, arguments, within: &duration, using: &generator) { kills += 1 }
            for name in Self.settledFiles(output.url.path) {
                let saved = try Data(contentsOf: output.url.appendingPathComponent(name))
                #expect(saved == expected[name], "\(name) is whole (\(saved.count) bytes)")
            }
        }
        #expect(kills > 0)
        let next = try await partner.cli.run(arguments)
        #expect(next.status == 0, "\(next.stdout)\(next.stderr)")
        #expect(Self.settledFiles(output.url.path) == expected.keys.sorted())
        for (name, data) in expected { #expect(try Data(contentsOf: output.url.appendingPathComponent(name)) == data) }
        let leftovers = ((try? FileManager.default.contentsOfDirectory(atPath: output.url.path)) ?? []).filter {
            $0.hasPrefix(AtomicFile.temporaryPrefix)
        }
        print(
            "kill -9: passes fetch killed \(kills) of \(Self.runs) times; \(leftovers.count) hidden temporary files left by killed writers")
    }
}
