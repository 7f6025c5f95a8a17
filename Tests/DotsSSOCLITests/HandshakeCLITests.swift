import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// `openweb register`, `echo verify` and `members log-out|remove` as the built binary runs them against the
/// sandbox over real loopback HTTP. The sandbox logs every request, so "nothing was sent" is counted, not assumed.
@Suite("partner handshakes against the sandbox", .serialized)
struct HandshakeCLITests {
    let cli = DotsSSOCLI()

    func count(_ sandbox: SandboxPartner, path: String) async -> Int {
        await sandbox.requests().filter { $0.path == path }.count
    }

    @Test("openweb register trades a fresh codeA for a codeB; -v shows the call with the token redacted; a used codeA is refused (1)")
    func openWeb() async throws {
        let sandbox = try await SandboxPartner.start()
        defer { sandbox.stop() }
        let token = cli.home.path("openweb-token")
        try sandbox.settings.openWebAccessToken.write(toFile: token, atomically: true, encoding: .utf8)
        let codeA = try await sandbox.openWebCodeA()
        let arguments = [
            "openweb", "register", "--code-a", codeA, "--primary-key", "3d6479fe", "--user-name", "jane",
            "--access-token-file", token, "--base-url", sandbox.issuer + SandboxPartner.openWebPath,
        ]
        let result = try await cli.run(arguments + ["-v"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("codeB-") && result.stdout.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("access_token=[redacted]"))
        #expect(!(result.stdout + result.stderr).contains(sandbox.settings.openWebAccessToken))
        #expect(!result.stderr.contains(codeA), "codeA is a session secret too")
        let again = try await cli.run(arguments)
        #expect(again.status == 1)
        #expect(again.stderr.contains("invalid_code_a"))
        let wrong = cli.home.path("wrong-token")
        try "not-the-token".write(toFile: wrong, atomically: true, encoding: .utf8)
        let refused = try await cli.run(arguments.map { $0 == token ? wrong : $0 } + ["--json"])
        #expect(refused.status == 77)
        // --json still prints a document: why, never the token.
        #expect(refused.stdout.contains(#""kind" : "not-authorized""#), "\(refused.stdout)")
        #expect(!refused.stdout.contains(sandbox.settings.openWebAccessToken) && !refused.stdout.contains(codeA))
    }

    @Test("echo verify accepts the SDK's signed header once (a replay is 77) and sends nothing for look-alike hosts or foreign keys")
    func echo() async throws {
        let sandbox = try await SandboxPartner.start()
        defer { sandbox.stop() }
        let jane = try #require(sandbox.settings.user(named: "jane"))
        let provider = sandbox.issuer + SandboxPartner.echoProviderPath
        let allowed = "127.0.0.1:\(sandbox.port)"
        let header = sandbox.echoAuthorization(for: jane)
        let verify = [
            "echo", "verify", "--provider", provider, "--allowed-host", allowed, "--authorization", "-", "--consumer-key",
            sandbox.settings.echoConsumerKey,
        ]
        let result = try await cli.run(verify + ["--json"], stdin: Data(header.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let document = try JSONDecoder().decode(JSONValue.self, from: Data(result.stdout.utf8)).objectValue
        #expect(document?["id"]?.stringValue == jane.echoID)
        #expect(document?["phoneNumber"]?.stringValue == jane.phoneNumber)
        let replay = try await cli.run(verify, stdin: Data(header.utf8))
        #expect(replay.status == 77)
        #expect(replay.stderr.contains("Could not authenticate you."))
        #expect(await count(sandbox, path: SandboxPartner.echoProviderPath) == 2)

        let fresh = sandbox.echoAuthorization(for: jane)
        for (provider, key) in [
            ("http://127.0.0.1.attacker.example:\(sandbox.port)\(SandboxPartner.echoProviderPath)", sandbox.settings.echoConsumerKey),
            (
                "http://127.0.0.1:\(sandbox.port)@127.0.0.1:\(sandbox.port)\(SandboxPartner.echoProviderPath)",
                sandbox.settings.echoConsumerKey
            ),
            ("http://127.0.0.1:\(sandbox.port + 1)\(SandboxPartner.echoProviderPath)", sandbox.settings.echoConsumerKey),
            ("http://localhost:\(sandbox.port)\(SandboxPartner.echoProviderPath)", sandbox.settings.echoConsumerKey),
            (provider, "another-app"),
        ] {
            let refused = try await cli.run([
                "echo", "verify", "--provider", provider, "--allowed-host", allowed, "--authorization", fresh,
                "--consumer-key", key,
            ])
            #expect(refused.status == 1, "\(provider): \(refused.stderr)")
        }
        let malformed = try await cli.run([
            "echo", "verify", "--provider", provider, "--allowed-host", allowed, "--authorization",
            "OAuth oauth_token=\"x\"", "--consumer-key", sandbox.settings.echoConsumerKey,
        ])
        #expect(malformed.status == 65)
        #expect(await count(sandbox, path: SandboxPartner.echoProviderPath) == 2, "no refused attempt reached the provider")
    }

    @Test(
        "echo sign makes the header the sandbox's Echo provider accepts (the answer carries id exactly, id_str and the Digits tokens); a wrong secret is 77"
    )
    func echoSign() async throws {
        let sandbox = try await SandboxPartner.start()
        defer { sandbox.stop() }
        let alex = try #require(sandbox.settings.user(named: "alex"))
        let provider = sandbox.issuer + SandboxPartner.echoProviderPath
        let consumerSecret = cli.home.path("consumer.secret")
        try (sandbox.settings.echoConsumerSecret + "\n").write(toFile: consumerSecret, atomically: true, encoding: .utf8)
        let sign = [
            "echo", "sign", "--provider", provider, "--consumer-key", sandbox.settings.echoConsumerKey,
            "--consumer-secret-file", consumerSecret, "--token", alex.echoToken, "--token-secret-file", "-",
        ]
        let signed = try await cli.run(sign, stdin: Data(alex.echoTokenSecret.utf8))
        #expect(signed.status == 0, "\(signed.stderr)")
        let header = signed.stdout.trimmingCharacters(in: .newlines)
        #expect(header.hasPrefix("OAuth ") && header.contains("oauth_token=\"\(alex.echoToken)\""))
        #expect(!signed.stdout.contains(alex.echoTokenSecret) && !signed.stdout.contains(sandbox.settings.echoConsumerSecret))

        // The raw answer, as a backend reads it: the numeric id is exact past 2^53 (as Twitter's was), beside id_str.
        let (status, text) = try await Browser.get(provider, headers: ["Authorization: \(header)"])
        #expect(status == 200)
        let body = Data(text.utf8)
        #expect(text.contains("\"id\":\(alex.echoID),"), "\(text)")
        let account = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(account["id_str"] as? String == alex.echoID)
        #expect(alex.echoNumericID > 1 << 53)
        let tokens = try #require(account["access_token"] as? [String: String])
        #expect(tokens == ["token": alex.echoToken, "secret": alex.echoTokenSecret])
        #expect(account["phone_number"] as? String == alex.phoneNumber)

        let fresh = try await cli.run(sign, stdin: Data(alex.echoTokenSecret.utf8)).stdout.trimmingCharacters(in: .newlines)
        let verified = try await cli.run([
            "echo", "verify", "--provider", provider, "--allowed-host", "127.0.0.1:\(sandbox.port)",
            "--authorization", fresh, "--consumer-key", sandbox.settings.echoConsumerKey, "--json",
        ])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.contains(alex.echoID))

        let forged = try await cli.run(sign, stdin: Data("digits-secret-jane".utf8)).stdout.trimmingCharacters(in: .newlines)
        let refused = try await cli.run([
            "echo", "verify", "--provider", provider, "--allowed-host", "127.0.0.1:\(sandbox.port)",
            "--authorization", forged, "--consumer-key", sandbox.settings.echoConsumerKey,
        ])
        #expect(refused.status == 77)
        let both = try await cli.run(sign.map { $0 == consumerSecret ? "-" : $0 })
        #expect(both.status == 64 && both.stderr.contains("cannot both read stdin"))
    }

    @Test("members log-out ends jane's session (her token is refused after); remove in a pipe needs --yes; the key never shows")
    func members() async throws {
        var settings = SandboxPartner.Settings()
        settings.autoApprove = "jane"
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        let channel = cli.home.path("sandbox.json")
        try ChannelStore.write(sandbox.channel, toFile: channel)
        let login = try cli.start(["authorize", "--channel", channel, "--no-browser"])
        let url = try await login.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
        _ = try await Browser.get(try Browser.redirectTarget(of: url))
        #expect(await login.finish().status == 0)
        #expect(try await cli.run(["profile", "--channel", channel]).status == 0)

        let keyed = [SandboxPartner.channelKeyVariable: sandbox.settings.channelKey]
        let jane = try #require(sandbox.settings.user(named: "jane"))
        let logOut = try await cli.run(["members", "log-out", "--channel", channel, "--sso-id", jane.ssoID, "-v"], environment: keyed)
        #expect(logOut.status == 0, "\(logOut.stderr)")
        #expect(logOut.stdout.contains("logged-out\t\(jane.ssoID)\trequest "))
        #expect(logOut.stderr.contains("Authorization: Channel [redacted]"))
        #expect(!(logOut.stdout + logOut.stderr).contains(sandbox.settings.channelKey))
        let after = try await cli.run(["profile", "--channel", channel])
        #expect(after.status == 77, "the logged-out member's tokens no longer work: \(after.stderr)")

        let admin = try #require(sandbox.settings.user(named: "ops"))
        let many = try await cli.run(
            ["members", "log-out", "--channel", channel, "--sso-id", "-", "--json"], environment: keyed,
            stdin: Data("\(jane.ssoID)\nnobody\n\(admin.ssoID)\n".utf8))
        #expect(many.status == 1, "mixed failures (404 and 403) end with 1")
        let outcomes = try JSONDecoder().decode(JSONValue.self, from: Data(many.stdout.utf8)).objectValue?["outcomes"]?.arrayValue ?? []
        #expect(outcomes.compactMap { $0.objectValue?["exitCode"] } == [.number(0), .number(1), .number(77)])

        let before = await count(sandbox, path: "/channels/members.remove-by-sso-id")
        let piped = try await cli.run(
            ["members", "remove", "--channel", channel, "--sso-id", jane.ssoID], environment: keyed, stdin: Data("yes\n".utf8))
        #expect(piped.status == 64)
        #expect(piped.stderr.contains("--yes"))
        #expect(await count(sandbox, path: "/channels/members.remove-by-sso-id") == before)
        let removed = try await cli.run(["members", "remove", "--channel", channel, "--sso-id", jane.ssoID, "--yes"], environment: keyed)
        #expect(removed.status == 0)
        #expect(removed.stdout.contains("removed"))
        let unkeyed = try await cli.run(["members", "log-out", "--channel", channel, "--sso-id", jane.ssoID])
        #expect(unkeyed.status == 78)
        #expect(unkeyed.stderr.contains("$\(SandboxPartner.channelKeyVariable)"))
    }
}
