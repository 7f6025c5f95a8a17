import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// Sign-in where users are, through the built binary with no display (the test environment has no DISPLAY): the
/// README's quick start against the auto-approving sandbox, the device grant against the sandbox's /device page and
/// against Authlib's own RFC 8628 implementation (approved, denied, expired, slow_down in real seconds), the paste flow
/// through a pseudo-terminal, the refresh-token file and the password grant, and `check` with no member.
@Suite("headless sign-in through the binary", .serialized)
struct HeadlessSignInCLITests {
    let cli = DotsSSOCLI()

    /// `device_peer.py` with `extra` flags; the log's lines are "SECONDS METHOD PATH GRANT".
    func peer(_ extra: [String] = []) async throws -> (BackgroundProcess, String, String) {
        let log = cli.home.path("peer-\(UUID().uuidString).log")
        let (process, port) = try await Peers.devicePeer(extra: extra, log: log)
        return (process, "http://127.0.0.1:\(port)", log)
    }

    /// The poll times (seconds, the peer's clock) of the device grant in `log`.
    func polls(_ log: String) throws -> [Double] {
        try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasSuffix("POST /token urn:ietf:params:oauth:grant-type:device_code") }
            .compactMap { Double($0.split(separator: " ")[0]) }
    }

    /// Starts `authorize` against the peer and returns it with the user code it shows.
    func startDevice(_ issuer: String, extra: [String] = []) async throws -> (BackgroundProcess, String) {
        let process = try cli.start(["authorize", "--issuer", issuer, "--client-id", "dots-cli", "--flow", "device"] + extra)
        let code = try await process.waitFor("enter the code: (\\S+)$", inErrors: true)
        return (process, code)
    }

    @Test(
        "the README's quick start on a machine with no display: sandbox --auto-approve, then authorize --channel signs in by device in under 5 s"
    )
    func quickStartHeadless() async throws {
        let channel = cli.home.path("sandbox.json")
        let sandbox = try cli.start(["sandbox", "--auto-approve", "jane", "--write-channel", channel])
        defer { sandbox.stop() }
        _ = try await sandbox.waitFor("(Press Ctrl-C to stop\\.)")
        let result = try await cli.run(["authorize", "--channel", channel], timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.duration < 5, "took \(result.duration) s")
        #expect(
            result.stderr.hasPrefix(
                "dots-sso: signing in with the device flow: there is no display (DISPLAY and WAYLAND_DISPLAY are unset), "
                    + "and the provider offers the device authorization grant"))
        #expect(result.stdout.contains("validated"))
        #expect(try await cli.run(["profile", "--channel", channel]).status == 0)
    }

    @Test("sandbox /device page: the member enters the code, signs in and approves (0) or denies (77)")
    func sandboxDevicePage() async throws {
        let sandbox = try await SandboxPartner.start(settings: SandboxPartner.Settings())
        defer { sandbox.stop() }
        let flags = ["--issuer", sandbox.issuer, "--client-id", "dots-sandbox-app", "--flow", "device"]
        for (action, status) in [("approve", Int32(0)), ("deny", 77)] {
            let process = try cli.start(["authorize"] + flags)
            let code = try await process.waitFor("enter the code: (\\S+)$", inErrors: true)
            let page = try await Browser.get("\(sandbox.issuer)/device?user_code=\(code)")
            #expect(page.status == 200 && page.body.contains("value=\"\(code)\""))
            let wrong = try await Browser.post(
                "\(sandbox.issuer)/device", form: ["user_code": code, "username": "jane", "password": "nope", "action": "approve"])
            #expect(wrong.status == 401 && wrong.body.contains("not right"))
            let answered = try await Browser.post(
                "\(sandbox.issuer)/device", form: ["user_code": code, "username": "jane", "password": "demo", "action": action])
            #expect(answered.status == 200)
            let result = await process.finish(timeout: 30)
            #expect(result.status == status, "\(action): \(result.stderr)")
            if action == "deny" { #expect(result.stderr.contains("the device sign-in was declined")) }
        }
    }

    @Test("Authlib's device grant: approved (tokens cached), denied (77), expired (75)")
    func authlibDeviceEndings() async throws {
        let (peer, issuer, _) = try await self.peer(["--interval", "1"])
        defer { peer.stop() }
        let (approving, code) = try await startDevice(issuer)
        #expect(
            try await Browser.post("\(issuer)/device/decide", form: ["user_code": code, "username": "tess", "decision": "approve"]).status
                == 200)
        let approved = await approving.finish(timeout: 30)
        #expect(approved.status == 0, "\(approved.stderr)")
        #expect(approved.stdout.contains("refresh token  yes"))

        let (denying, denied) = try await startDevice(issuer)
        _ = try await Browser.post("\(issuer)/device/decide", form: ["user_code": denied, "username": "tess", "decision": "deny"])
        let refused = await denying.finish(timeout: 30)
        #expect(refused.status == 77 && refused.stderr.contains("declined"), "\(refused.stderr)")

        let (shortLived, shortIssuer, _) = try await self.peer(["--interval", "1", "--expires-in", "2"])
        defer { shortLived.stop() }
        let expired = try await cli.run(["authorize", "--issuer", shortIssuer, "--client-id", "dots-cli", "--flow", "device"], timeout: 30)
        #expect(expired.status == 75 && expired.stderr.contains("the device code expired"), "\(expired.stderr)")
    }

    @Test("Authlib's slow_down is honoured in real seconds: the next poll waits interval + 5 s")
    func authlibSlowDown() async throws {
        let (peer, issuer, log) = try await self.peer(["--interval", "1", "--slow-down-once"])
        defer { peer.stop() }
        let (process, code) = try await startDevice(issuer)
        // Approve only after the slow_down poll, so the next poll is the one that gets the tokens.
        for _ in 0..<100 where (try? polls(log).count) ?? 0 < 1 { try await Task.sleep(for: .milliseconds(50)) }
        _ = try await Browser.post("\(issuer)/device/decide", form: ["user_code": code, "username": "tess", "decision": "approve"])
        let result = await process.finish(timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        let times = try polls(log)
        try #require(times.count == 2, "polls at \(times)")
        #expect(times[1] - times[0] >= 5.9, "polls at \(times)")
        #expect(times[1] - times[0] < 8, "polls at \(times)")
    }

    @Test("refresh-token file against Authlib: saved at sign-in, refreshed and rotated by profile (0600), a spent copy ends 77")
    func refreshTokenFile() async throws {
        let (peer, issuer, _) = try await self.peer(["--interval", "1"])
        defer { peer.stop() }
        let file = cli.home.path("ci/refresh-token")
        try FileManager.default.createDirectory(atPath: cli.home.path("ci"), withIntermediateDirectories: true)
        let (process, code) = try await startDevice(issuer, extra: ["--save-refresh-token", file])
        _ = try await Browser.post("\(issuer)/device/decide", form: ["user_code": code, "username": "tess", "decision": "approve"])
        let signedIn = await process.finish(timeout: 30)
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        let first = try String(contentsOfFile: file, encoding: .utf8)
        #expect(FileStatus(file)?.mode == 0o600)
        let spent = cli.home.path("ci/spent-copy")
        try first.write(toFile: spent, atomically: true, encoding: .utf8)
        chmod(spent, 0o600)

        // Another machine: no cache, only the file.
        let runner = DotsSSOCLI()
        let flags = ["--issuer", issuer, "--client-id", "dots-cli", "--profile-endpoint", "\(issuer)/me"]
        let profile = try await runner.run(["profile"] + flags + ["--refresh-token-file", file, "--json"])
        #expect(profile.status == 0, "\(profile.stderr)")
        #expect(profile.stdout.contains("member-tess"))
        let second = try String(contentsOfFile: file, encoding: .utf8)
        #expect(second != first && FileStatus(file)?.mode == 0o600)
        #expect(!profile.stdout.contains(second.trimmingCharacters(in: .whitespacesAndNewlines)))

        // The machine that rotated it knows the copy is stale and refuses it before it is sent (issue 52).
        let again = try await runner.run(["profile"] + flags + ["--refresh-token-file", spent])
        #expect(again.status == 77, "\(again.stderr)")
        #expect(again.stderr.contains("the refresh token in \(spent) was already used at"), "\(again.stderr)")
        #expect(again.stderr.split(separator: "\n").count == 1)
        // A machine that never saw it sends it, and Authlib refuses the spent token.
        let elsewhere = try await DotsSSOCLI().run(["profile"] + flags + ["--refresh-token-file", spent])
        #expect(elsewhere.status == 77, "\(elsewhere.stderr)")
        #expect(elsewhere.stderr.contains("the refresh token in \(spent) no longer works (invalid_grant"))
        #expect(elsewhere.stderr.split(separator: "\n").count == 1)
    }

    @Test(
        "--grant password: Authlib with the grant signs the test member in (a warning); without it 78 with the provider's words; the password never shows"
    )
    func passwordGrant() async throws {
        let passwordFile = cli.home.path("password")
        try "test-member-password\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        let (allowing, issuer, _) = try await self.peer(["--password-grant"])
        defer { allowing.stop() }
        let flags = ["--client-id", "dots-cli", "--grant", "password", "--username", "tess", "--password-file", passwordFile]
        let accepted = try await cli.run(["authorize", "--issuer", issuer] + flags)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(
            accepted.stderr.contains("warning: --grant password signs in a partner's test member") && accepted.stderr.contains("RFC 9700"))
        // The same through stdin.
        #expect(
            try await cli.run(
                [
                    "authorize", "--issuer", issuer, "--client-id", "dots-cli", "--grant", "password", "--username", "tess",
                    "--password-file", "-",
                ],
                stdin: Data("test-member-password\n".utf8)
            ).status == 0)

        let (refusing, other, _) = try await self.peer()
        defer { refusing.stop() }
        let refused = try await cli.run(["authorize", "--issuer", other] + flags + ["-v"])
        #expect(refused.status == 78, "\(refused.stderr)")
        #expect(refused.stderr.contains("does not allow this client the password grant (HTTP 400): unsupported_grant_type"))
        for result in [accepted, refused] {
            #expect(!result.stdout.contains("test-member-password") && !result.stderr.contains("test-member-password"))
        }
    }

    @Test("paste flow through a pseudo-terminal: the pasted address completes the sign-in; so does the listener when nobody pastes")
    func pasteThroughTerminal() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            print("NOTICE: util-linux script is missing; the pseudo-terminal paste test is skipped")
            return
        }
        var settings = SandboxPartner.Settings()
        settings.autoApprove = "jane"
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        for pasting in [true, false] {
            let command =
                ([
                    TestPaths.binary.path, "authorize", "--issuer", sandbox.issuer, "--client-id", "dots-sandbox-app", "--flow", "paste",
                    "--timeout", "30",
                ])
                .map { "'\($0)'" }.joined(separator: " ")
            let terminal = try BackgroundProcess(
                "/usr/bin/script", ["-qfec", command, "/dev/null"], environment: cli.environment, interactive: true)
            defer { terminal.stop() }
            let url = try await terminal.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)\\r?$")
            let port = try await terminal.waitFor("ssh -L (\\d+):127\\.0\\.0\\.1:\\d+")
            #expect(terminal.output.contains("starting with http://127.0.0.1:\(port)/callback"))
            // What the person's browser shows after signing in: the sandbox's redirect to the loopback port.
            let landing = try await Browser.redirectTarget(of: url)
            #expect(landing.hasPrefix("http://127.0.0.1:\(port)/callback?"))
            if pasting {
                terminal.type("http://127.0.0.1:\(port)/callback?code=forged&state=not-this-one")
                _ = try await terminal.waitFor("(that address belongs to another sign-in)")
                terminal.type(landing)
            } else {
                _ = try await Browser.get(landing)
            }
            let result = await terminal.finish(timeout: 30)
            #expect(result.status == 0, "pasting \(pasting): \(result.stdout)")
            #expect(result.stdout.contains("validated"))
        }
    }

    @Test("check without a member: live checks are not a pass (77, one line, JUnit error); --skip live leaves them out (0)")
    func checkWithoutMember() async throws {
        let channel = cli.home.path("sandbox.json")
        let sandbox = try cli.start(["sandbox", "--write-channel", channel])
        defer { sandbox.stop() }
        let issuer = try await sandbox.waitFor("^issuer +(http://127\\.0\\.0\\.1:\\d+)$")
        let trust = cli.home.path("ca.pem")
        try await Browser.get("\(issuer)/sandbox/ca.pem").body.appending("\n").write(toFile: trust, atomically: true, encoding: .utf8)
        let junit = cli.home.path("reports/new/report.xml")  // a folder a fresh CI checkout lacks
        let result = try await cli.run(
            ["check", "--channel", channel, "--trust", trust, "--junit", junit, "--skip", "loading-animation"],
            environment: ["GITHUB_ACTIONS": "true"], timeout: 120)
        #expect(result.status == 77, "\(result.stdout)\n\(result.stderr)")
        let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            last.hasPrefix("dots-sso: no member could be signed in (not signed in to channel '\(channel)'), so profile, flags, container:"),
            "\(result.stderr)")
        #expect(last.contains("--refresh-token-file FILE") && last.contains("--grant password") && last.contains("--skip live"))
        #expect(result.stderr.contains("::error title=check%3A no member::no member could be signed in"))
        #expect(result.stdout.contains("Not a pass: no member"))
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report.contains("<error type=\"no-member\""))
        #expect(report.contains("errors=\"5\""), "\(report)")

        let skipped = try await cli.run(
            ["check", "--channel", channel, "--trust", trust, "--skip", "live", "--skip", "loading-animation"], timeout: 120)
        #expect(skipped.status == 0, "\(skipped.stdout)\n\(skipped.stderr)")
        let ran = skipped.stdout.split(separator: "\n").compactMap {
            $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
        }
        #expect(!ran.contains("profile"), "no profile check ran: \(skipped.stdout)")
        #expect(skipped.stdout.contains("not run (--only/--skip): profile"), "and the summary says so: \(skipped.stdout)")
    }
}
