import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// Issue 51: engineers compare their existing tools with dots-sso on the sandbox, so clients nobody here wrote must
/// be able to use it as they use a real provider: oidc-agent (Debian's oidc-agent-cli) signs in with an empty secret
/// and a `localhost` redirect URI; curl presents the empty secret both ways; a tool with its own registration is
/// added with `sandbox --client`; dots-sso itself sends a `localhost` redirect URI as given.
@Suite("standard clients against the sandbox", .serialized)
struct StandardClientsTests {
    let cli = DotsSSOCLI()

    static func autoApproving(_ change: (inout SandboxPartner.Settings) throws -> Void = { _ in }) async throws -> SandboxPartner {
        var settings = SandboxPartner.Settings.jane
        settings.autoApprove = "jane"
        try change(&settings)
        return try await SandboxPartner.start(settings: settings)
    }

    @Test("oidc-agent signs in to the sandbox's public client with an empty secret and a localhost redirect on its own port, and refreshes")
    func oidcAgent() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/oidc-gen"),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/oidc-agent")
        else {
            print("NOTICE: oidc-agent-cli is not installed (Scripts/bootstrap installs it); skipping the oidc-agent sign-in")
            return
        }
        let sandbox = try await Self.autoApproving()
        defer { sandbox.stop() }
        let home = TemporaryDirectory("oidc-agent")
        let socket = home.path("agent.sock")
        let environment: [String: String] = ["HOME": home.url.path, "PATH": "/usr/bin:/bin", "OIDC_SOCK": socket, "LANG": "C.UTF-8"]
        // The agent daemonizes as it does for a person (its console mode leaves an unreaped parent behind) and says its pid.
        // The daemon keeps every descriptor it inherits: its output goes to a file, and the descriptors Foundation watches
        // to see a child end are closed before it starts (held open by the daemon, they would hide its parent's exit).
        let said = home.path("agent.json")
        let start = "import os, sys; os.closerange(3, 65536); os.execv(sys.argv[1], sys.argv[1:])"
        let started = try await ProcessRunner.run(
            "/bin/sh",
            [
                "-c",
                "exec /usr/bin/python3 -c \"$1\" /usr/bin/oidc-agent --json --socket-path \"$2\" --no-autoload > \"$3\" 2>&1 </dev/null",
                "sh", start, socket, said,
            ], environment: environment, timeout: 60)
        // The daemon may write its JSON after the parent has exited (a loaded machine shows it): wait for the JSON,
        // not for the parent.
        var json = Data()
        var daemon: String?
        let waited = Date()
        repeat {
            json = (try? Data(contentsOf: URL(fileURLWithPath: said))) ?? Data()
            daemon = ((try? JSONSerialization.jsonObject(with: json)) as? [String: Any])?["dpid"] as? String
            if daemon == nil { try await Task.sleep(nanoseconds: 50_000_000) }
        } while daemon == nil && Date().timeIntervalSince(waited) < 30
        let agent = try #require(
            daemon.flatMap { Int32($0) },
            "oidc-agent started (status \(started.status), timed out: \(started.timedOut)): \(started.allOutput) \(String(decoding: json, as: UTF8.self))"
        )
        defer {
            // Its whole process group: the daemon and the worker it forks.
            let group = getpgid(agent)
            if group > 1 { kill(-group, SIGKILL) } else { kill(agent, SIGKILL) }
        }
        // The parent says the pid before the daemon answers on its socket: ask until it does.
        var answering = false
        for _ in 0..<100 where !answering {
            answering = try await ProcessRunner.run("/usr/bin/oidc-agent", ["--status"], environment: environment, timeout: 10).status == 0
            if !answering { try await Task.sleep(for: .milliseconds(100)) }
        }
        try #require(answering, "oidc-agent answers on \(socket)")
        try Data("agent-password\n".utf8).write(to: URL(fileURLWithPath: home.path("pw")))
        // oidc-agent listens only on registered ports (1024 to 49151).
        let port = try freeLoopbackPort(in: 20000...49151)
        let generate = try BackgroundProcess(
            "/usr/bin/oidc-gen",
            [
                "sandbox", "--issuer=\(sandbox.issuer)", "--client-id=dots-sandbox-app", "--client-secret=",
                "--redirect-uri=http://localhost:\(port)/callback", "--scope=openid email", "--flow=code", "--no-url-call",
                "--pw-file=\(home.path("pw"))", "--confirm-default", "--manual",
            ], environment: environment)
        defer { generate.stop() }
        let url: String
        do {
            url = try await generate.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", timeout: 30)
        } catch {
            let ended = await generate.finish(timeout: 5)
            Issue.record("oidc-gen ended \(ended.status): \(ended.allOutput) \(generate.output)")
            throw error
        }
        #expect(Browser.query(url)["redirect_uri"] == "http://localhost:\(port)/callback")
        // The sandbox approves at once; its redirect goes to oidc-agent's own listener, which exchanges the code.
        let landing = try await Browser.redirectTarget(of: url)
        #expect(landing.hasPrefix("http://localhost:\(port)/callback?code="), "\(landing)")
        _ = try await Browser.get(landing)
        let generated = await generate.finish(timeout: 30)
        #expect(generated.stdout.contains("Everything setup correctly"), "\(generated.allOutput)")
        let exchange = try #require(await sandbox.requests().first { $0.path == "/token" })
        #expect(exchange.form["grant_type"] == "authorization_code")

        // A forced new token is a refresh with the same empty secret.
        let token = try await ProcessRunner.run("/usr/bin/oidc-token", ["--force-new", "sandbox"], environment: environment, timeout: 30)
        #expect(token.status == 0, "\(token.allOutput)")
        #expect(token.stdout.trimmingCharacters(in: .whitespacesAndNewlines).count >= 20, "an access token")
        #expect(await sandbox.requests().contains { $0.path == "/token" && $0.form["grant_type"] == "refresh_token" })
    }

    @Test(
        "a public client presenting an empty secret, in the Basic header or the form, presents no secret; a non-empty one is invalid_client"
    )
    func emptySecretIsNoSecret() async throws {
        let sandbox = try await Self.autoApproving()
        defer { sandbox.stop() }
        func token(_ credentials: [String]) async throws -> String {
            let result = try await ProcessRunner.run(
                "/usr/bin/curl",
                [
                    "-s", "--noproxy", "*", "-d", "grant_type=authorization_code", "-d", "code=not-a-code", "-d",
                    "redirect_uri=http://localhost:1/callback",
                ]
                    + credentials + ["\(sandbox.issuer)/token"], timeout: 20)
            return result.stdout
        }
        #expect(try await token(["-u", "dots-sandbox-app:"]).contains("invalid_grant"), "Basic with an empty secret: the code is judged")
        #expect(try await token(["-d", "client_id=dots-sandbox-app", "-d", "client_secret="]).contains("invalid_grant"))
        #expect(try await token(["-u", "dots-sandbox-app:guess"]).contains("invalid_client"), "a secret a public client does not have")
    }

    @Test(
        "sandbox --client registers a tool's own client (secret file, localhost redirect with its own path); dots-sso signs in to it with --redirect-uri on localhost, sent as given"
    )
    func registeredToolClient() async throws {
        let secret = cli.home.path("tool-secret")
        try Data("tool-secret-value\n".utf8).write(to: URL(fileURLWithPath: secret))
        let sandbox = try await Self.autoApproving { settings in
            settings.clients.append(
                try SandboxClient.registration("id=tool,redirect=http://localhost:4242/,redirect=http://localhost/cb,secret-file=\(secret)")
            )
        }
        defer { sandbox.stop() }
        let port = try freeLoopbackPort()
        let process = try cli.start([
            "authorize", "--no-browser", "--issuer", sandbox.issuer, "--client-id", "tool", "--client-secret-file", secret,
            "--redirect-uri", "http://localhost:\(port)/cb", "--timeout", "20",
        ])
        let url = try await process.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
        #expect(Browser.query(url)["redirect_uri"] == "http://localhost:\(port)/cb", "sent as the user gave it")
        let landing = try await Browser.redirectTarget(of: url)
        #expect(landing.hasPrefix("http://localhost:\(port)/cb?"), "\(landing)")
        _ = try await Browser.get(landing)
        let result = await process.finish()
        #expect(result.status == 0, "\(result.allOutput)")
        #expect(!result.allOutput.contains("tool-secret-value"))
        let exchange = try #require(await sandbox.requests().first { $0.path == "/token" })
        #expect(exchange.form["redirect_uri"] == "http://localhost:\(port)/cb")

        // What a user gets wrong in --client is said in one line (64) before anything listens.
        for (spec, words) in [
            ("redirect=http://localhost/cb", "id=ID is required"), ("id=x", "at least one redirect=URI"),
            ("id=x,redirect=http://localhost/,secret=s", "not \"secret\""),
            ("id=x,redirect=http://localhost/,secret-file=\(secret),jwks=\(secret)", "not both"),
        ] {
            let refused = try await cli.run(["sandbox", "--port", "0", "--client", spec], timeout: 20)
            #expect(refused.status == 64, "\(spec): \(refused.allOutput)")
            #expect(refused.stderr.contains(words), "\(spec): \(refused.stderr)")
        }
    }
}
