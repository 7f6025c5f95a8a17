import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// What scripts and support desks do with dots-sso, each form read back by the tool it is for: curl reading
/// `token print --curl-config` from a pipe (`-K -`) and its header lines from a file (`-H @file`), jq's own output
/// beside `--jq`'s, the provider's introspection (RFC 7662) and `status --check` before and after the provider
/// revokes the member.
@Suite("for scripts and support desks: token forms, --jq, introspection, status", .serialized)
struct ScriptingCLITests {
    struct Setup {
        let signed: CheckTests.Signed
        let cli: DotsSSOCLI
        let channel: String
        var base: [String] { ["--channel", channel, "--cache-dir", signed.cache.url.path] }
        var userinfo: String { signed.sandbox.issuer + "/userinfo" }
    }

    static func setup() async throws -> Setup {
        let signed = try await CheckTests.start()
        let cli = DotsSSOCLI()
        let channel = cli.home.path("sandbox.json")
        try signed.sandbox.writeChannel(to: channel)
        return Setup(signed: signed, cli: cli, channel: channel)
    }

    static func curl(_ arguments: [String], stdin: Data? = nil) async throws -> ProcessResult {
        try await ProcessRunner.run("/usr/bin/env", ["curl", "-sS", "--fail-with-body"] + arguments, stdin: stdin, timeout: 30)
    }

    @Test("token print: a curl config curl reads from a pipe, header lines curl reads from a file, JSON with the expiry; never on stderr")
    func tokenForms() async throws {
        let setup = try await Self.setup()
        defer { setup.signed.sandbox.stop() }
        let cli = setup.cli
        let token = try await cli.run(["token", "print"] + setup.base).stdout.trimmingCharacters(in: .newlines)
        #expect(token.count > 20)

        let config = try await cli.run(["token", "print", "--curl-config", setup.userinfo] + setup.base)
        #expect(config.status == 0, "\(config.allOutput)")
        #expect(config.stdout.hasPrefix("url = \"\(setup.userinfo)\"\n"), "\(config.stdout)")
        let viaConfig = try await Self.curl(["-K", "-"], stdin: Data(config.stdout.utf8))
        #expect(viaConfig.status == 0, "\(viaConfig.allOutput)")
        #expect(viaConfig.stdout.contains("\"email\":\"jane.doe@example.com\""), "\(viaConfig.stdout)")

        let headers = try await cli.run(["token", "print", "--header", setup.userinfo, "--method", "POST"] + setup.base)
        #expect(headers.stdout == "Authorization: Bearer \(token)\n")
        let file = cli.home.path("headers.txt")
        try headers.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let viaHeader = try await Self.curl(["-X", "POST", "-H", "@\(file)", setup.userinfo])
        #expect(viaHeader.status == 0 && viaHeader.stdout.contains("jane.doe@example.com"), "\(viaHeader.allOutput)")

        let json = try await cli.run(["token", "print", "--json"] + setup.base)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["token"] as? String == token && document["tokenType"] as? String == "Bearer")
        #expect((1...3600).contains(document["expiresIn"] as? Int ?? 0), "\(document)")
        #expect((document["scopes"] as? [String])?.contains("openid") == true)

        for run in [config, headers, json] { #expect(!run.stderr.contains(token), "the token went to stderr") }
        let alone = try await cli.run(["token", "print", "--method", "POST"] + setup.base)
        #expect(alone.status == 64 && alone.stderr.contains("--method"), "\(alone.allOutput)")
        let two = try await cli.run(["token", "print", "--header", setup.userinfo, "--id-token"] + setup.base)
        #expect(two.status == 64, "\(two.allOutput)")
        let relative = try await cli.run(["token", "print", "--curl-config", "/userinfo"] + setup.base)
        #expect(relative.status == 64 && relative.stderr.contains("absolute http(s) URL"), "\(relative.allOutput)")
    }

    @Test("token print --refresh-token-file: the CI script's token, rotated and written back, as a curl config")
    func refreshTokenFile() async throws {
        let setup = try await Self.setup()
        defer { setup.signed.sandbox.stop() }
        let cli = setup.cli
        let file = cli.home.path("refresh-token")
        #expect(try await cli.run(["token", "export", "--refresh-token", "--output", file] + setup.base).status == 0)
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let config = try await cli.run(["token", "print", "--refresh-token-file", file, "--curl-config", setup.userinfo] + setup.base)
        #expect(config.status == 0, "\(config.allOutput)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) != before, "the rotated refresh token was written back")
        let fetched = try await Self.curl(["-K", "-"], stdin: Data(config.stdout.utf8))
        #expect(fetched.status == 0 && fetched.stdout.contains("jane.doe@example.com"), "\(fetched.allOutput)")
        let mixed = try await cli.run(["token", "print", "--refresh-token-file", file, "--id-token"] + setup.base)
        #expect(mixed.status == 64, "\(mixed.allOutput)")
    }

    @Test("token print of a DPoP-bound sign-in: the curl config carries a proof made for its URL and method, and the sandbox accepts it")
    func dpopForms() async throws {
        var settings = SandboxPartner.Settings()
        settings.autoApprove = "jane"
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        let cache = TemporaryDirectory("dpop-cache")
        var ctx = CheckTests.context()
        ctx.browser = SandboxBrowser(http: CurlHTTPClient())
        let signIn = SignInSettings(channel: sandbox.channel, cacheDirectory: cache.url.path, dpop: true)
        guard case .signedIn = try await AuthorizeUseCase(signIn: signIn, wait: 20).run(ctx) else {
            Issue.record("the DPoP sign-in stopped before the token exchange")
            return
        }
        let cli = DotsSSOCLI()
        let channel = cli.home.path("sandbox.json")
        try sandbox.writeChannel(to: channel)
        let base = ["--channel", channel, "--cache-dir", cache.url.path]
        let userinfo = sandbox.issuer + "/userinfo"
        let headers = try await cli.run(["token", "print", "--header", userinfo] + base)
        let lines = headers.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("Authorization: DPoP ") && lines[1].hasPrefix("DPoP: "), "\(headers.allOutput)")
        for method in ["GET", "POST"] {
            let config = try await cli.run(["token", "print", "--curl-config", userinfo, "--method", method] + base)
            #expect(config.stdout.contains("header = \"DPoP: "), "\(config.stdout)")
            #expect(config.stdout.contains("request = \"POST\"") == (method == "POST"))
            let fetched = try await Self.curl(["-K", "-"], stdin: Data(config.stdout.utf8))
            #expect(fetched.status == 0 && fetched.stdout.contains("jane.doe@example.com"), "\(method): \(fetched.allOutput)")
        }
        // A proof is made for one URL: the same config's headers sent elsewhere are refused.
        let config = try await cli.run(["token", "print", "--curl-config", userinfo] + base)
        let moved = config.stdout.replacingOccurrences(of: "url = \"\(userinfo)\"", with: "url = \"\(sandbox.issuer)/api/me\"")
        let refused = try await Self.curl(["-K", "-", "-o", "/dev/null", "-w", "%{http_code}"], stdin: Data(moved.utf8))
        #expect(refused.stdout.hasSuffix("401"), "\(refused.allOutput)")
    }

    @Test("--jq is jq's own: the same output as `jq -r -c` for each expression, on every --json; a bad expression is 64")
    func jq() async throws {
        let setup = try await Self.setup()
        defer { setup.signed.sandbox.stop() }
        let cli = setup.cli
        let flags = try await cli.run(["flags", "--json"] + setup.base)
        let saved = cli.home.path("flags.json")
        try flags.stdout.write(toFile: saved, atomically: true, encoding: .utf8)
        let expressions = [
            ".values.canAccessApp", ".flags[] | select(.name == \"canAccessApp\") | .value", ".flags | map(.name)", ".source",
            ".id, .passed", ".missing", "[.flags[].gates[]] | length", "{id, passed}", ".flags[0] | keys", "empty",
        ]
        for expression in expressions {
            let ours = try await cli.run(["flags", "--jq", expression] + setup.base)
            let theirs = try await ProcessRunner.run("/usr/bin/env", ["jq", "-r", "-c", expression, saved])
            #expect(ours.status == 0, "\(expression): \(ours.allOutput)")
            #expect(ours.stdout == theirs.stdout, "\(expression): ours \(ours.stdout) jq \(theirs.stdout)")
        }
        #expect(try await cli.run(["flags", "--jq", ".values.canAccessApp"] + setup.base).stdout == "true\n")
        // Every --json: a findings command's, a failure document's.
        let discover = try await cli.run(["discover", "--channel", setup.channel, "--jq", ".metadata.issuer // .issuer"])
        #expect(discover.stdout.contains(setup.signed.sandbox.issuer), "\(discover.allOutput)")
        let failure = try await cli.run(["profile", "--channel", cli.home.path("none.json"), "--jq", ".problem.kind"])
        #expect(failure.status == 78 && failure.stdout == "configuration\n", "\(failure.allOutput)")

        let broken = try await cli.run(["flags", "--jq", ".flags |"] + setup.base)
        #expect(broken.status == 64 && broken.stderr.contains("does not compile"), "\(broken.allOutput)")
        let failed = try await cli.run(["flags", "--jq", ".flags.canAccessApp"] + setup.base)
        #expect(failed.status == 64 && failed.stderr.contains("Cannot index array"), "\(failed.allOutput)")
        let empty = try await cli.run(["flags", "--jq", " "] + setup.base)
        #expect(empty.status == 64, "\(empty.allOutput)")
    }

    @Test("token introspect and status --check: active and accepted, then refused (77) once the provider revokes the member")
    func introspectionAndStatus() async throws {
        let setup = try await Self.setup()
        defer { setup.signed.sandbox.stop() }
        let cli = setup.cli
        let token = try await cli.run(["token", "print"] + setup.base).stdout
        let introspect = try await cli.run(["token", "introspect", "--json"] + setup.base)
        #expect(introspect.status == 0, "\(introspect.allOutput)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(introspect.stdout.utf8)) as? [String: Any])
        #expect(answer["active"] as? Bool == true && answer["username"] as? String == "jane.doe@example.com", "\(answer)")
        #expect(answer["clientId"] as? String == setup.signed.sandbox.channel.clientId)
        #expect(!introspect.allOutput.contains(token.trimmingCharacters(in: .newlines)))

        let status = try await cli.run(["status", "--check", "--cache-dir", setup.signed.cache.url.path])
        #expect(status.status == 0, "\(status.allOutput)")
        #expect(status.stdout.contains("provider  accepted: the userinfo endpoint accepted it (HTTP 200)"), "\(status.stdout)")
        #expect(status.stdout.contains("scopes    openid profile email"), "\(status.stdout)")
        #expect(!status.allOutput.contains(token.trimmingCharacters(in: .newlines)))

        // The partner removes the member: every grant ends at the provider, the cache still holds the tokens.
        let member = try #require(SandboxUser.builtIn.first { $0.username == "jane" })
        await setup.signed.sandbox.revokeAll(subject: member.subject)
        let refused = try await cli.run(["status", "--check", "--json", "--cache-dir", setup.signed.cache.url.path])
        #expect(refused.status == 77, "\(refused.allOutput)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(refused.stdout.utf8)) as? [String: Any])
        let entry = try #require((document["entries"] as? [[String: Any]])?.first)
        #expect((entry["check"] as? [String: Any])?["accepted"] as? Bool == false, "\(entry)")
        #expect(document["refused"] as? Int == 1 && document["exitStatus"] as? Int == 77)
        let file = cli.home.path("member-token")
        try token.write(toFile: file, atomically: true, encoding: .utf8)
        let inactive = try await cli.run(["token", "introspect", "--access-token-file", file] + setup.base)
        #expect(inactive.status == 77 && inactive.stdout.contains("not active"), "\(inactive.allOutput)")

        // A provider without an introspection endpoint is said so (78).
        var bare = setup.signed.sandbox.channel
        bare.issuer = nil
        bare.tokenEndpoint = setup.signed.sandbox.issuer + "/token"
        bare.authorizationEndpoint = setup.signed.sandbox.issuer + "/authorize"
        let bareFile = cli.home.path("bare.json")
        try ChannelStore.write(bare, toFile: bareFile)
        let none = try await cli.run(["token", "introspect", "--channel", bareFile, "--access-token-file", file])
        #expect(none.status == 78 && none.stderr.contains("no introspection endpoint"), "\(none.allOutput)")
    }
}
