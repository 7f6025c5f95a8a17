import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// `dots-sso sandbox` and `dots-sso demo` as a person runs them, and the member commands against the sandbox:
/// every interesting built-in member shows what it is there to show.
@Suite("sandbox and demo commands", .serialized)
struct SandboxCLITests {
    let cli = DotsSSOCLI()

    @Test("demo runs every stage of the onboarding against the embedded sandbox and exits 0; --json lists each stage")
    func demo() async throws {
        let result = try await cli.run(["demo"])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        for stage in DemoStage.Name.allCases {
            #expect(lines.contains { $0.hasPrefix("ok   \(stage.rawValue) ") }, "\(stage.rawValue) missing or failed:\n\(result.stdout)")
        }
        #expect(result.stdout.contains("All \(DemoStage.Name.allCases.count) steps hold"))
        #expect(!result.stdout.contains("FAIL"))

        let json = try await cli.run(["demo", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try JSONDecoder().decode(JSONValue.self, from: Data(json.stdout.utf8)).objectValue ?? [:]
        #expect(document["passed"] == .bool(true))
        let stages = document["stages"]?.arrayValue ?? []
        #expect(stages.compactMap { $0.objectValue?["name"]?.stringValue } == DemoStage.Name.allCases.map(\.rawValue))
        #expect(stages.allSatisfy { $0.objectValue?["passed"] == .bool(true) })
        // the demo works in a temporary folder: the user's cache is untouched
        #expect(!FileManager.default.fileExists(atPath: cli.cacheDirectory))
        #expect(FileManager.default.fileExists(atPath: document["channelFile"]?.stringValue ?? "/") == false)
    }

    @Test("demo --keep leaves the sandbox up with commands that work against it, and cleans up on Ctrl-C")
    func demoKeep() async throws {
        let demo = try cli.start(["demo", "--keep"])
        defer { demo.stop() }
        _ = try await demo.waitFor("(Press Ctrl-C to stop\\.)")
        let line = try await demo.waitFor("^ +\\S+ (profile --channel \\S+ --cache-dir \\S+)$")
        let arguments = line.split(separator: " ").map(String.init)
        let channel = arguments[2]
        let login = try cli.start(["authorize", "--no-browser"] + arguments.dropFirst())
        let url = try await login.waitFor("^(http://127\\.0\\.0\\.1:\\d+/authorize\\?\\S+)$", inErrors: true)
        _ = try await Browser.get(try Browser.redirectTarget(of: url))
        #expect(await login.finish().status == 0)
        let profile = try await cli.run(arguments)
        #expect(profile.status == 0, "\(profile.stderr)")
        #expect(profile.stdout.contains("jane.doe@example.com"))
        demo.interrupt()
        let stopped = await demo.finish(timeout: 20)
        #expect(stopped.status == 0)
        #expect(!FileManager.default.fileExists(atPath: channel))
    }

    @Test("sandbox prints its issuer and users, writes a channel every command can use, and stops cleanly on SIGINT")
    func sandboxCommand() async throws {
        let channel = cli.home.path("sandbox.json")
        let outbox = cli.home.path("outbox")
        let sandbox = try cli.start(["sandbox", "--auto-approve", "jane", "--write-channel", channel, "--outbox", outbox])
        defer { sandbox.stop() }
        let issuer = try await sandbox.waitFor("^issuer +(http://127\\.0\\.0\\.1:\\d+)$")
        _ = try await sandbox.waitFor("(Press Ctrl-C to stop\\.)")
        let stored = try JSONDecoder().decode(Channel.self, from: Data(contentsOf: URL(fileURLWithPath: channel)))
        #expect(stored.issuer == issuer)
        #expect(stored.profileEndpoint == "\(issuer)/api/me")

        let login = try cli.start(["authorize", "--channel", channel, "--no-browser"])
        let url = try await login.waitFor("^(\(NSRegularExpression.escapedPattern(for: issuer))/authorize\\?\\S+)$", inErrors: true)
        _ = try await Browser.get(try Browser.redirectTarget(of: url))
        let signedIn = await login.finish()
        #expect(signedIn.status == 0, "\(signedIn.stderr)")

        let profile = try await cli.run(["profile", "--channel", channel])
        #expect(profile.status == 0, "\(profile.stderr)")
        #expect(profile.stdout.contains("3d6479fe-6f41-41e1-bd2b-d5139e21de58"))
        #expect(try await cli.run(["flags", "check", "--channel", channel]).status == 0)
        let probe = try await cli.run(["containers", "probe", "--channel", channel, "--json"])
        #expect(probe.status == 0, "\(probe.stderr)")
        let token = try #require(try cached(issuer)?.oauth.tokens?.accessToken)
        #expect(!probe.stdout.contains(token))

        // The channel names the pass root saved beside it: passes verify with no --trust, and check holds with no flags.
        #expect(stored.passes?.trust == ["sandbox-pass-root.pem"])
        let root = try String(contentsOfFile: cli.home.path("sandbox-pass-root.pem"), encoding: .utf8)
        #expect(try await root == Browser.get("\(issuer)/sandbox/ca.pem").body)
        let passes = try await cli.run(["passes", "fetch", "--channel", channel, "--output", cli.home.path("passes")])
        #expect(passes.status == 0, "\(passes.stdout)\n\(passes.stderr)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: cli.home.path("passes")).sorted()
        #expect(saved.count == 2)
        #expect(saved.first?.hasPrefix("1-primary-") == true)
        let checked = try await cli.run(["check", "--channel", channel])
        #expect(checked.status == 0, "\(checked.stdout)\n\(checked.stderr)")
        #expect(checked.stdout.contains("ok   passes"), "\(checked.stdout)")
        // Without the sandbox root the chain cannot be trusted, and the message says what is missing, once.
        let pass = cli.home.path("passes/\(saved[0])")
        let untrusted = try await cli.run(["pkpass", "inspect", pass])
        #expect(untrusted.status == 1)
        #expect(
            untrusted.stdout.contains(
                "it ends at \"Sandbox Worldwide Developer Relations CA, OU G4\", issued by \"dots-sso Sandbox Root CA\""),
            "\(untrusted.stdout)")
        #expect(untrusted.stdout.contains("--trust") && untrusted.stdout.contains("passes.trust"))
        let finding = untrusted.stdout.split(separator: "\n").first { $0.contains("the chain does not reach") } ?? ""
        #expect(finding.components(separatedBy: "Sandbox Worldwide Developer Relations CA").count == 2, "named once: \(finding)")
        // --trust takes the URL the banner prints (a loopback sandbox), and refuses any other URL (64, nothing fetched).
        #expect(try await cli.run(["pkpass", "inspect", pass, "--trust", "\(issuer)/sandbox/ca.pem"]).status == 0)
        let remote = try await cli.run(["pkpass", "inspect", pass, "--trust", "https://roots.example.com/ca.pem"])
        #expect(remote.status == 64 && remote.stderr.contains("only for a sandbox on this machine"), "\(remote.stderr)")

        let animation = cli.home.path("loading.json")
        try await Browser.get(try #require(stored.loadingAnimation)).body.write(toFile: animation, atomically: true, encoding: .utf8)
        let lottie = try await cli.run(["bodymovin", "validate", animation, "--strict"])
        #expect(lottie.status == 0, "\(lottie.stdout)")

        let email = try await cli.run(["magic-link", "request", "--channel", channel, "--email", "jane.doe@example.com"])
        #expect(email.status == 0, "\(email.stderr)")
        let logged = try await sandbox.waitFor("e-mailed a sign-in link to jane\\.doe@example\\.com: (\\S+)", inErrors: true)
        let redeemed = try await cli.run(["magic-link", "redeem", "--channel", channel, "--link", logged])
        #expect(redeemed.status == 0, "\(redeemed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outbox).count == 1)
        let applinks = try await cli.run(["applinks", "check", issuer, "--paths", logged])
        #expect(applinks.status == 0, "\(applinks.stdout)")

        #expect(try await cli.run(["revoke", "--channel", channel]).status == 0)
        sandbox.interrupt()
        let stopped = await sandbox.finish(timeout: 20)
        #expect(stopped.status == 0)
        #expect(stopped.stderr.contains("shutting down"))
    }

    func cached(_ issuer: String) throws -> CacheEntry? {
        try TokenCache(directory: URL(fileURLWithPath: cli.cacheDirectory)).read(CacheKey(authority: issuer, clientId: "dots-sandbox-app"))
            .entry
    }

    @Test(
        "the built-in members show what they are there for: lee's profile breaks the contract, sam is locked out, alex misses a container")
    func members() async throws {
        for (user, arguments, status, expected) in [
            ("lee", ["profile"], 1, "profile.id.email"),
            ("lee", ["profile"], 1, "profile.flag.not-boolean"),
            ("sam", ["flags", "check"], 1, "canAccessApp"),
            ("alex", ["containers", "probe"], 1, "403"),
            ("jane", ["flags", "check", "canAccessContainer1", "canAccessContainer2"], 0, "canAccessContainer2"),
        ] {
            var settings = SandboxPartner.Settings()
            settings.autoApprove = user
            let sandbox = try await SandboxPartner.start(settings: settings)
            defer { sandbox.stop() }
            let channel = cli.home.path("\(user).json")
            try ChannelStore.write(sandbox.channel, toFile: channel)
            let login = try cli.start(["authorize", "--channel", channel, "--no-browser"])
            let url = try await login.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
            _ = try await Browser.get(try Browser.redirectTarget(of: url))
            #expect(await login.finish().status == 0)
            let result = try await cli.run(arguments + ["--channel", channel])
            #expect(result.status == status, "\(user) \(arguments): \(result.stdout)\n\(result.stderr)")
            #expect((result.stdout + result.stderr).contains(expected), "\(user) \(arguments): \(result.stdout)\n\(result.stderr)")
            try? FileManager.default.removeItem(atPath: cli.cacheDirectory)
        }
    }

    @Test("sandbox refuses a users file it cannot use (65) and an unknown --auto-approve user (64), with one line each")
    func badStart() async throws {
        let file = cli.home.path("users.json")
        try "{\"users\": []}".write(toFile: file, atomically: true, encoding: .utf8)
        let bad = try await cli.run(["sandbox", "--users", file])
        #expect(bad.status == 65)
        #expect(bad.stderr.split(separator: "\n").count == 1)
        #expect(bad.stderr.contains("users file"))
        let unknown = try await cli.run(["sandbox", "--auto-approve", "nobody"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("jane, sam, alex, lee, ops"))
        let port = try await cli.run(["sandbox", "--port", "70000"])
        #expect(port.status == 64)
    }

    @Test(
        "the sandbox plays seed 001's whole lifecycle: signup remembers its password, signin re-authenticates, a dead token says it may have expired"
    )
    func magicLinkLifecycle() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        let server = ["--base-url", sandbox.issuer, "--study", sandbox.settings.study]
        let signup = try await cli.run(["magic-link", "signup", "--email", "newbie@example.com", "--remember-password", "--json"] + server)
        #expect(signup.status == 0, "\(signup.stderr)")
        #expect(signup.stdout.contains("\"consentRequired\" : true"))
        let signin = try await cli.run(["magic-link", "signin", "--email", "newbie@example.com"] + server)
        #expect(signin.status == 0, "\(signin.stderr)")
        let dead = try await cli.run(["magic-link", "redeem", "--token", "no-such-token", "--email", "jane.doe@example.com"] + server)
        #expect(dead.status == 1, "\(dead.stderr)")
        #expect(dead.stderr.contains("may have expired (magic links live 60 s) or been used already"))
    }

    @Test("an e-mailed sign-in token lives 60 s (seed 001: TTL 1 minute): redeemed at 59 s, refused at 61 s; the e-mail says one minute")
    func emailTokenLifetime() async throws {
        let clock = MovableClock()
        var settings = SandboxPartner.Settings.jane
        settings.now = { clock.now() }
        settings.emailThrottle = 0
        let outbox = TemporaryDirectory("outbox")
        settings.outbox = outbox.url
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        let server = ["--base-url", sandbox.issuer, "--study", sandbox.settings.study]
        for (wait, works) in [(59.0, true), (61.0, false)] {
            let requested = try await cli.run(["magic-link", "request", "--email", "jane.doe@example.com"] + server)
            #expect(requested.status == 0, "\(requested.stderr)")
            let email = try #require(await sandbox.emails().last)
            let token = try #require(Browser.query(email.link)["token"])
            clock.advance(wait)
            let redeemed = try await cli.run(["magic-link", "redeem", "--token=\(token)", "--email", "jane.doe@example.com"] + server)
            #expect((redeemed.status == 0) == works, "after \(wait) s: \(redeemed.stderr)")
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: outbox.url.path).filter { $0.hasSuffix(".eml") }
        let text = try String(contentsOfFile: outbox.path(try #require(written.first)), encoding: .utf8)
        #expect(text.contains("for one minute") && !text.contains("15 minutes"), "\(text)")
    }
}
