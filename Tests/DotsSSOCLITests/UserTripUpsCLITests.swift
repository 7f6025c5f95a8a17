import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// Issue 59, what users trip over, driven as they drive it: the built binary against the sandbox, on a pipe as CI
/// runs it and on a pseudo-terminal where a terminal matters.
@Suite("what users trip over", .serialized)
struct UserTripUpsCLITests {
    let cli = DotsSSOCLI()

    @Test(
        "-q keeps what a person must act on: the device code, its address and the QR code's line; the paste flow's URL and prompt; and a retry hint repeats the --channel given"
    )
    func quietKeepsTheSignIn() async throws {
        // Nobody approves: the login page waits for a person who never comes.
        let sandbox = try await SandboxPartner.start(settings: SandboxPartner.Settings())
        defer { sandbox.stop() }
        let channel = cli.home.path("my partners/sandbox.json")
        try FileManager.default.createDirectory(atPath: cli.home.path("my partners"), withIntermediateDirectories: true)
        _ = try sandbox.writeChannel(to: channel)

        let device = try await cli.run(["authorize", "--channel", channel, "--flow", "device", "-q", "--timeout", "2"])
        #expect(device.status == 75, "\(device.allOutput)")
        #expect(device.stderr.contains("on any device and enter the code: "), "the code under -q: \(device.stderr)")
        #expect(device.stderr.contains("\(sandbox.issuer)/device"), "the address under -q: \(device.stderr)")
        #expect(!device.stderr.contains("signing in with the"), "-q still leaves out the progress line")
        // The hint repeats the channel as typed (a path with a space, quoted so it runs as printed).
        #expect(device.stderr.contains("run `dots-sso authorize --channel '\(channel)'"), "\(device.stderr)")

        let paste = try await cli.run(["authorize", "--channel", channel, "--flow", "paste", "-q", "--timeout", "4"])
        #expect(paste.status == 75, "\(paste.allOutput)")
        #expect(paste.stderr.contains("\(sandbox.issuer)/authorize?"), "the URL under -q: \(paste.stderr)")
        #expect(paste.stderr.contains("paste the address your browser shows"), "the prompt under -q: \(paste.stderr)")
        #expect(!paste.stderr.contains("ssh -L"), "the ssh hint is a hint: -q leaves it out")
    }

    @Test("--access-token-file - at a terminal asks, does not echo the token, and ends at Enter")
    func accessTokenAtTerminal() async throws {
        guard let python = TestPaths.venvPython else {
            print("NOTICE: .venv is missing (run Scripts/test); skipping the terminal prompt check")
            return
        }
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        let token = "pasted-member-token-\(UUID().uuidString)"
        let result = try await ProcessRunner.run(
            python,
            [
                TestPaths.peers.appendingPathComponent("pty_answer.py").path, "it is not shown", token, TestPaths.binary.path, "profile",
                "--issuer", sandbox.issuer, "--client-id", "dots-sandbox-app", "--access-token-file", "-",
            ], environment: cli.environment, timeout: 40)
        #expect(result.status != 124, "it ended at Enter: \(result.stdout)")
        #expect(result.stdout.contains("Paste the access token and press Enter (it is not shown):"), "\(result.stdout)")
        #expect(!result.stdout.contains(token), "the token was not echoed: \(result.stdout)")
        #expect(result.status == 77, "the sandbox refused the made-up token, so it was read and sent: \(result.stdout)")
    }

    @Test(
        "exit statuses say who must act: a malformed pass.json in preview is 65, and a --json command that fails prints a failure document, not nothing"
    )
    func exitStatusesAndFailureDocuments() async throws {
        let folder = cli.home.path("truncated.pass")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try #"{"formatVersion": 1, "#.write(toFile: folder + "/pass.json", atomically: true, encoding: .utf8)
        let preview = try await cli.run(["pkpass", "preview", folder, "--json"])
        #expect(preview.status == 65, "\(preview.allOutput)")
        #expect(preview.stderr.contains("line 1, column"), "where the JSON breaks: \(preview.stderr)")

        let profile = try await cli.run(["profile", "--channel", "no-such-partner", "--json"])
        let discover = try await cli.run(["discover", "--issuer", "http://127.0.0.1:9", "--json"])
        for (run, status, kind) in [(preview, 65, "malformed"), (profile, 78, "configuration"), (discover, 69, "network")] {
            #expect(run.status == status, "\(run.allOutput)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
            let problem = try #require(document["problem"] as? [String: Any])
            #expect(document["exitStatus"] as? Int == Int(status) && problem["kind"] as? String == kind, "\(run.stdout)")
            // The same one line as stderr, so a script that keeps only stdout keeps why.
            #expect(run.stderr.contains(try #require(problem["message"] as? String)), "\(run.stderr)")
        }
        // Without --json stdout stays empty: the line is on stderr only.
        let plain = try await cli.run(["profile", "--channel", "no-such-partner"])
        #expect(plain.status == 78 && plain.stdout.isEmpty, "\(plain.allOutput)")
    }

    @Test(
        "one rule for outputs: a preview goes to the current folder unless told, printed as typed; --output (-o) everywhere, --out still read"
    )
    func outputsGoWhereTheUserIs() async throws {
        // The input sits in a folder the user may not write to (a shared checkout, a mounted volume).
        let shared = TemporaryDirectory("read-only-assets")
        let animation = shared.path("loader.json")
        try PictureCLITests.animation().write(to: URL(fileURLWithPath: animation))
        chmod(shared.url.path, 0o555)
        defer { chmod(shared.url.path, 0o755) }
        let drawn = try await cli.run(["bodymovin", "preview", animation])
        #expect(drawn.status == 0, "\(drawn.allOutput)")
        #expect(drawn.stdout.hasPrefix("loader.frames.png "), "the path as the user would type it: \(drawn.stdout)")
        #expect(FileManager.default.fileExists(atPath: cli.home.path("loader.frames.png")), "in the current folder")
        #expect(!FileManager.default.fileExists(atPath: shared.path("loader.frames.png")), "never beside the input")

        let short = try await cli.run(["bodymovin", "preview", animation, "-o", "short.png"])
        let former = try await cli.run(["bodymovin", "preview", animation, "--out", "former.png"])
        #expect(short.status == 0 && former.status == 0, "\(short.allOutput)\(former.allOutput)")
        #expect(
            FileManager.default.fileExists(atPath: cli.home.path("short.png"))
                && FileManager.default.fileExists(atPath: cli.home.path("former.png")))
        let both = try await cli.run(["bodymovin", "preview", animation, "--out", "a.png", "--output", "b.png"])
        #expect(both.status == 64 && both.stderr.contains("--out is the former name of --output"), "\(both.allOutput)")

        // Help and completion offer one name: --output, never --out.
        for command in [
            ["pkpass", "preview"], ["bodymovin", "preview"], ["token", "export"], ["keys", "generate"], ["passes", "fetch"],
        ] {
            let help = try await cli.run(command + ["--help"])
            #expect(help.stdout.contains("-o, --output <"), "\(command): \(help.stdout)")
            #expect(!help.stdout.contains("--out <") && !help.stdout.contains("--out "), "\(command)")
        }
        let keys = try await cli.run(["keys", "generate"])
        #expect(keys.status == 64 && keys.stderr.contains("--output FILE"), "\(keys.allOutput)")
    }

    @Test("help: --version only at the root, no '(default: default)', and help environment lists the variables as the README does")
    func helpSaysEachThingOnce() async throws {
        let root = try await cli.run(["--help"])
        #expect(root.stdout.contains("--version"), "\(root.stdout)")
        for command in [["pkpass", "preview"], ["authorize"], ["check"], ["flags", "show"]] {
            let help = try await cli.run(command + ["--help"])
            #expect(help.status == 0 && !help.stdout.contains("--version"), "\(command): \(help.stdout)")
            #expect(!help.stdout.contains("(default: default)"), "\(command)")
        }
        #expect(try await cli.run(["--version"]).stdout == "\(DotsSSOVersion.line)\n")

        let environment = try await cli.run(["help", "environment"])
        #expect(environment.status == 0)
        let readme = try String(contentsOf: TestPaths.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = environment.stdout.split(separator: "\n")
        #expect(rows.count >= 10 && rows.contains { $0.hasPrefix("DOTS_SSO_CHANNEL ") } && rows.contains { $0.hasPrefix("NO_COLOR ") })
        for row in rows {
            let parts = row.split(separator: "  ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(readme.contains("| `\(parts[0])` | \(parts[1]) |"), "README's Environment table lacks: \(row)")
        }
        let unknown = try await cli.run(["help", "enviroment"])
        #expect(unknown.status == 64 && unknown.stdout.isEmpty, "\(unknown.allOutput)")
    }

    @Test("a slow host on a terminal says what the command waits for, and erases it when done; a pipe and -q never get the line")
    func waitingForASlowHost() async throws {
        guard let python = TestPaths.venvPython else {
            print("NOTICE: .venv is missing (run Scripts/test); skipping the terminal waiting-line check")
            return
        }
        let (peer, port) = try await Peers.httpPeer(pki: nil, extra: ["--all", "hang"])
        defer { peer.stop() }
        let discover = ["discover", "--issuer", "http://127.0.0.1:\(port)", "--timeout", "3"]
        // No prompt ever shows: pty_answer only watches the terminal until the command ends.
        let terminal = try await ProcessRunner.run(
            python, [TestPaths.peers.appendingPathComponent("pty_answer.py").path, "no prompt", "", TestPaths.binary.path] + discover,
            environment: cli.environment, timeout: 40)
        #expect(terminal.status == 69, "the wait ends at --timeout as before: \(terminal.stdout)")
        #expect(terminal.stdout.contains("waiting for 127.0.0.1:\(port) ("), "\(terminal.stdout)")
        // Erased before the error line, so the screen ends with the error alone on its line.
        let lastLine = terminal.stdout.components(separatedBy: "\r\u{1B}[K").last ?? ""
        #expect(lastLine.hasPrefix("dots-sso: "), "\(terminal.stdout.debugDescription)")

        let piped = try await cli.run(discover)
        #expect(piped.status == 69 && !piped.stderr.contains("waiting for"), "\(piped.stderr)")
        let quiet = try await ProcessRunner.run(
            python,
            [TestPaths.peers.appendingPathComponent("pty_answer.py").path, "no prompt", "", TestPaths.binary.path] + discover + ["-q"],
            environment: cli.environment, timeout: 40)
        #expect(quiet.status == 69 && !quiet.stdout.contains("waiting for"), "\(quiet.stdout)")
    }

    @Test("flags and containers alone take their options, and help and bash completion offer them; explain and --only complete")
    func helpAndCompletionOfferWhatTheREADMEShows() async throws {
        for command in ["flags", "containers"] {
            let help = try await cli.run([command, "--help"])
            for option in ["--channel", "--access-token-file", "--profile-file"] {
                #expect(help.stdout.contains(option), "\(command) --help: \(option)")
            }
        }
        let channels = cli.home.path("config/dots-sso/channels")
        try FileManager.default.createDirectory(atPath: channels, withIntermediateDirectories: true)
        try #"{"name": "acme", "issuer": "https://idp.acme.example"}"#.write(
            toFile: channels + "/acme.json", atomically: true, encoding: .utf8)
        func complete(_ words: [String], current: String, previous: String) async throws -> [String] {
            let line = (words + [current]).joined(separator: " ")
            let script = """
                source \(CompletionSafetyTests.completions("dots-sso.bash"))
                COMP_WORDS=(\((words + [current]).map { "'\($0)'" }.joined(separator: " ")))
                COMP_CWORD=\(words.count)
                COMP_LINE='\(line)'
                COMP_POINT=${#COMP_LINE}
                _dots-sso dots-sso '\(current)' '\(previous)'
                printf '[%s]\\n' "${COMPREPLY[@]}"
                """
            var environment = cli.environment
            environment["PATH"] = TestPaths.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
            let result = try await ProcessRunner.run("/bin/bash", ["-c", script], environment: environment, timeout: 30)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map { String($0.dropFirst().dropLast()) }
        }
        #expect(try await complete(["dots-sso", "flags", "--channel"], current: "", previous: "--channel").contains("acme"))
        #expect(try await complete(["dots-sso", "containers", "--channel"], current: "", previous: "--channel").contains("acme"))
        let flagOptions = try await complete(["dots-sso", "flags"], current: "--", previous: "flags")
        #expect(flagOptions.contains("--access-token-file") && flagOptions.contains("--channel"), "\(flagOptions)")
        let codes = try await complete(["dots-sso", "explain"], current: "discover.", previous: "explain")
        #expect(codes.contains("discover.issuer.mismatch"), "\(codes)")
        let checks = try await complete(["dots-sso", "check", "--only"], current: "", previous: "--only")
        #expect(checks.contains("legal:privacy-policy") && checks.contains("live"), "\(checks)")
    }

    @Test("--no-color is the same as --color never; with --color always it is refused (64)")
    func noColor() async throws {
        let forced = ["FORCE_COLOR": "1", "NO_COLOR": ""]
        let coloured = try await cli.run(["explain", "discover.jwks.key-unusable"], environment: forced)
        #expect(coloured.stdout.contains("\u{1B}["), "FORCE_COLOR colours it: \(coloured.stdout)")
        let plain = try await cli.run(["explain", "discover.jwks.key-unusable", "--no-color"], environment: forced)
        #expect(plain.status == 0 && !plain.allOutput.contains("\u{1B}["), "\(plain.allOutput)")
        let both = try await cli.run(["explain", "discover.jwks.key-unusable", "--no-color", "--color", "always"])
        #expect(both.status == 64, "\(both.allOutput)")
        #expect(both.stderr.contains("--no-color and --color always ask for opposite things"))
    }

    @Test("the sign-in names who signed in (gh's 'Logged in as'); token show gives exp, iat and auth_time as dates beside the numbers")
    func whoAndWhen() async throws {
        var settings = SandboxPartner.Settings()
        settings.autoApprove = "jane"
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        let client = ["--issuer", sandbox.issuer, "--client-id", "dots-sandbox-app"]
        let signedIn = try await cli.run(["authorize", "--flow", "device", "--timeout", "20"] + client)
        #expect(signedIn.status == 0, "\(signedIn.allOutput)")
        #expect(signedIn.stdout.hasPrefix("signed in as   jane"), "\(signedIn.stdout)")
        let shown = try await cli.run(["token", "show"] + client)
        #expect(shown.status == 0, "\(shown.allOutput)")
        for claim in ["exp", "iat", "auth_time"] {
            let line = shown.stdout.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(claim + " ") }
            #expect(line?.contains(" (20") == true && line?.hasSuffix("Z)") == true, "\(claim): \(line ?? "missing")")
        }
    }
}
