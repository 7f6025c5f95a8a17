import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// One sweep with distinct secrets planted everywhere (tokens, codes, verifiers, a client secret, passwords, Bridge
/// sessions, the OpenWeb token, the Channels API key): every command runs with -v and --json against the sandbox,
/// then again with the sandbox gone. No secret may appear in stdout, stderr, a report or any file but the 0600
/// cache entries.
@Suite("planted secrets never leak", .serialized)
struct SecretSweepTests {
    /// What the sweep ran, and every secret it has seen so far.
    final class Sweep: @unchecked Sendable {
        let cli = DotsSSOCLI()
        var runs: [(command: String, result: ProcessResult)] = []
        var secrets: Set<String> = []
        /// Files the test itself wrote secrets into (inputs such as --password-file), not dots-sso's doing.
        var inputs: Set<String> = []

        var cacheDirectory: String { cli.cacheDirectory }

        func input(_ name: String, _ secret: String) throws -> String {
            let path = cli.home.path(name)
            try secret.write(toFile: path, atomically: true, encoding: .utf8)
            inputs.insert(path)
            secrets.insert(secret)
            return path
        }

        @discardableResult
        func run(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil) async throws -> ProcessResult {
            let result = try await cli.run(arguments, environment: environment, stdin: stdin, timeout: 90)
            runs.append((arguments.joined(separator: " "), result))
            harvestCache()
            return result
        }

        func record(_ command: String, _ result: ProcessResult) {
            runs.append((command, result))
            harvestCache()
        }

        /// Every token-like value in the cache entries (access, refresh and id tokens, verifiers, sessions, reauth
        /// tokens), collected after each command so rotated-away ones are still looked for afterwards.
        func harvestCache() {
            for file in (try? FileManager.default.subpathsOfDirectory(atPath: cacheDirectory)) ?? [] where file.hasSuffix(".json") {
                guard let data = FileManager.default.contents(atPath: "\(cacheDirectory)/\(file)"),
                    let json = try? JSONDecoder().decode(JSONValue.self, from: data)
                else { continue }
                collect(json, key: "")
            }
        }

        private func collect(_ value: JSONValue, key: String) {
            switch value {
            case .string(let text):
                let name = key.lowercased()
                guard text.count >= 12, !text.contains("://"), !name.hasSuffix("endpoint") else { return }
                if ["token", "verifier", "secret", "password", "state"].contains(where: name.contains) { secrets.insert(text) }
            case .array(let items): items.forEach { collect($0, key: key) }
            case .object(let members): members.forEach { collect($0.value, key: $0.key) }
            default: break
            }
        }
    }

    @Test(
        "every command with -v and --json, against the sandbox and with it gone: no planted or issued secret anywhere but the 0600 cache entries"
    )
    func sweep() async throws {
        let tag = UUID().uuidString.prefix(8)
        var settings = SandboxPartner.Settings()
        settings.autoApprove = "jane"
        settings.emailThrottle = 0
        settings.channelKey = "planted-channel-key-\(tag)"
        settings.openWebAccessToken = "planted-openweb-token-\(tag)"
        settings.echoConsumerSecret = "planted-echo-secret-\(tag)"
        let clientSecret = "planted-client-secret-\(tag)"
        settings.clients = [.app, SandboxClient(id: "dots-confidential", secret: clientSecret)]
        let sandbox = try await SandboxPartner.start(settings: settings)
        var running = true
        defer { if running { sandbox.stop() } }

        let sweep = Sweep()
        let cli = sweep.cli
        sweep.secrets.formUnion([settings.channelKey, settings.openWebAccessToken, settings.echoConsumerSecret, clientSecret])
        let channel = cli.home.path("sandbox.json")
        try ChannelStore.write(sandbox.channel, toFile: channel)
        let c = ["--channel", channel]
        let keyed = [SandboxPartner.channelKeyVariable: settings.channelKey]
        let password = "planted-password-\(tag)"
        let passwordFile = try sweep.input("password", password + "\n")
        let openWebToken = try sweep.input("openweb-token", settings.openWebAccessToken)
        let secretFile = try sweep.input("client-secret", clientSecret + "\n")
        let trust = cli.home.path("sandbox-ca.pem")
        try await Browser.get("\(sandbox.issuer)/sandbox/ca.pem").body.appending("\n").write(
            toFile: trust, atomically: true, encoding: .utf8)

        func signIn(_ arguments: [String]) async throws {
            let process = try cli.start(["authorize", "--no-browser", "-v"] + arguments)
            let url = try await process.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
            _ = try await Browser.get(try Browser.redirectTarget(of: url))
            let result = await process.finish()
            #expect(result.status == 0, "\(result.stderr)")
            sweep.record("authorize \(arguments.joined(separator: " "))", result)
        }

        // Against the sandbox: the whole onboarding.
        try await sweep.run(["discover", "-v", "--json"] + c)
        try await signIn(c)
        for arguments in [
            ["token", "show", "--json"], ["token", "show", "-v"], ["refresh", "--force", "-v", "--json"], ["refresh", "--force", "-v"],
            ["profile", "-v", "--json"], ["flags", "show", "-v", "--json"], ["flags", "check", "-v"],
            ["containers", "show", "-v", "--json"],
            ["containers", "probe", "-v", "--json"],
            ["passes", "fetch", "-v", "--json", "--trust", trust, "--output", cli.home.path("passes")],
            ["check", "-v", "--json", "--trust", trust, "--junit", cli.home.path("report.xml")], ["channel", "show", "--json"],
        ] {
            let result = try await sweep.run(arguments + c)
            #expect(result.status == 0, "\(arguments): \(result.stdout.suffix(1500)) \(result.stderr.suffix(500))")
        }
        let saved = try FileManager.default.contentsOfDirectory(atPath: cli.home.path("passes")).map { cli.home.path("passes/\($0)") }
        try await sweep.run(["pkpass", "inspect", "--json", "--trust", trust] + saved)
        try await sweep.run(["cache", "list", "--json"])
        try await sweep.run(["magic-link", "request", "-v", "--email", "jane.doe@example.com"] + c)
        let link = try #require(await sandbox.emails().last?.link)
        let redeemed = try await sweep.run(["magic-link", "redeem", "-v", "--json", "--link", link, "--password-file", passwordFile] + c)
        #expect(redeemed.status == 0, "\(redeemed.stderr)")
        let signedIn = try await sweep.run(
            ["magic-link", "signin", "-v", "--json", "--email", "jane.doe@example.com", "--password-file", "-"] + c,
            stdin: Data(password.utf8))
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        let codeA = try await sandbox.openWebCodeA()
        sweep.secrets.insert(codeA)
        let openWeb = [
            "openweb", "register", "--code-a", codeA, "--primary-key", "3d6479fe", "--user-name", "jane", "--access-token-file",
            openWebToken,
            "--base-url", sandbox.issuer + SandboxPartner.openWebPath,
        ]
        #expect(try await sweep.run(openWeb + ["-v", "--json"]).status == 0)
        let jane = try #require(settings.user(named: "jane"))
        let header = sandbox.echoAuthorization(for: jane)
        let echo = [
            "echo", "verify", "--provider", sandbox.issuer + SandboxPartner.echoProviderPath, "--allowed-host", "127.0.0.1:\(sandbox.port)",
            "--authorization", "-", "--consumer-key", settings.echoConsumerKey,
        ]
        #expect(try await sweep.run(echo + ["-v", "--json"], stdin: Data(header.utf8)).status == 0)
        #expect(try await sweep.run(["members", "log-out", "-v", "--json", "--sso-id", jane.ssoID] + c, environment: keyed).status == 0)

        // A confidential client: the secret goes to the token endpoint and nowhere else.
        let confidential = ["--issuer", sandbox.issuer, "--client-id", "dots-confidential", "--client-secret-file", secretFile]
        try await signIn(confidential)
        #expect(try await sweep.run(["refresh", "--force", "-v", "--json"] + confidential).status == 0)
        #expect(try await sweep.run(["revoke", "-v"] + confidential).status == 0)

        // A fresh sign-in to lose when the servers fail, then every networked command with the sandbox gone.
        try await signIn(c)
        for request in await sandbox.requests() {
            for name in ["code", "code_verifier", "refresh_token", "client_secret", "token", "password"] {
                if let value = request.form[name], value.count >= 12 { sweep.secrets.insert(value) }
            }
        }
        await sandbox.shutdown()
        running = false
        for arguments in [
            ["refresh", "--force", "-v", "--json"], ["profile", "-v"], ["flags", "check", "-v", "--json"], ["containers", "probe", "-v"],
            ["passes", "fetch", "-v", "--trust", trust, "--output", cli.home.path("passes-failed")], ["check", "-v", "--json"],
            ["magic-link", "signin", "-v", "--email", "jane.doe@example.com", "--password-file", passwordFile], ["revoke", "-v", "--json"],
            ["logout", "-v"],
        ] {
            let result = try await sweep.run(arguments + c)
            #expect(result.status != 0, "\(arguments) cannot succeed with the sandbox gone")
        }
        #expect(try await sweep.run(["members", "log-out", "-v", "--sso-id", jane.ssoID] + c, environment: keyed).status == 69)
        #expect(try await sweep.run(openWeb + ["-v"]).status == 69)

        // The sweep: outputs, then every file under the test's home.
        let secrets = sweep.secrets.filter { $0.count >= 12 }
        #expect(secrets.count >= 12, "the sweep found the secrets it plants and the ones the sandbox issued: \(secrets.count)")
        for (command, result) in sweep.runs {
            for secret in secrets where result.allOutput.contains(secret) {
                Issue.record("\(command) printed a secret (\(secret.prefix(14))…)")
            }
        }
        let home = cli.home.url.path
        for file in try FileManager.default.subpathsOfDirectory(atPath: home) {
            let path = "\(home)/\(file)"
            guard FileStatus(path)?.isRegular == true, !sweep.inputs.contains(path), let data = FileManager.default.contents(atPath: path)
            else { continue }
            let text = String(decoding: data, as: UTF8.self)
            let leaked = secrets.filter { text.contains($0) }
            if path.hasPrefix(sweep.cacheDirectory + "/") {
                let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? 0
                #expect(mode == 0o600 || leaked.isEmpty, "\(file) holds secrets with mode \(String(mode, radix: 8))")
            } else {
                #expect(leaked.isEmpty, "\(file) holds \(leaked.count) secret(s)")
            }
        }
        print("secret sweep: \(sweep.runs.count) commands, \(secrets.count) distinct secrets, no leak")
    }
}
