import DotsSSOBasics
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCore

/// The built binary: command tree, usage errors, channels and cache, as a user sees them.
@Suite("dots-sso binary")
struct CLITests {
    static let commands = [
        "authorize", "exchange", "refresh", "token", "revoke", "discover", "profile", "flags", "containers",
        "passes", "pkpass", "bodymovin", "magic-link", "check", "sandbox", "cache", "applinks", "openweb",
        "echo", "members", "demo", "channel", "logout",
    ]

    @Test("--version prints the version and nothing else")
    func version() async throws {
        let result = try await DotsSSOCLI().run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "\(DotsSSOVersion.line)\n")
    }

    @Test("--help lists every command grouped by who uses it, under 60 lines; help exit-codes has the table, one aligned line a code")
    func help() async throws {
        let result = try await DotsSSOCLI().run(["--help"])
        #expect(result.status == 0)
        for command in Self.commands {
            #expect(result.stdout.contains("\n  \(command) "), "--help does not list \(command)")
        }
        for group in ["SIGN IN", "ONE MEMBER (SUPPORT)", "DELIVERABLES", "CI", "SANDBOX"] {
            #expect(result.stdout.contains("\(group) SUBCOMMANDS:"), "\(group)")
        }
        #expect(result.stdout.filter { $0 == "\n" }.count < 60, "\(result.stdout)")
        #expect(result.stdout.contains("dots-sso help exit-codes"))
        let codes = try await DotsSSOCLI().run(["help", "exit-codes"])
        #expect(codes.status == 0)
        let lines = codes.stdout.split(separator: "\n")
        #expect(lines.count == ExitStatus.allCases.count)
        #expect(lines.contains { $0.hasPrefix("78  configuration error") })
        #expect(
            lines.allSatisfy { $0.dropFirst(3).first == " " || $0.dropFirst(4).first != " " }, "aligned: the meaning starts in column 5")
    }

    @Test("no arguments shows the help")
    func bare() async throws {
        let result = try await DotsSSOCLI().run([])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: dots-sso [--version] <subcommand>"))
    }

    @Test(
        "the partner-handshake commands have their own help and refuse a missing required flag (64)",
        arguments: [
            (["openweb", "register"], "--code-a"), (["echo", "verify"], "--consumer-key"),
            (["members", "log-out"], "--sso-id"), (["members", "remove"], "--yes"),
        ])
    func handshakeCommandsHelp(arguments: [String], flag: String) async throws {
        let help = try await DotsSSOCLI().run(arguments + ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains(flag))
        let bare = try await DotsSSOCLI().run(arguments)
        #expect(bare.status == 64)
        #expect(bare.stdout.isEmpty)
        #expect(!bare.stderr.contains("not available"))
    }

    @Test(
        "sign-in commands without a provider or client id are configuration errors (78) naming the flag",
        arguments: [
            ["authorize"], ["exchange", "--code", "x"], ["refresh"], ["token", "print"], ["token", "show"], ["revoke"], ["logout"],
            ["authorize", "--issuer", "https://sso.example"], ["profile"], ["flags", "check", "canAccessApp"], ["containers", "probe"],
            ["passes", "fetch"],
        ])
    func signInNeedsConfiguration(arguments: [String]) async throws {
        let result = try await DotsSSOCLI().run(arguments)
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("--issuer") || result.stderr.contains("--client-id") || result.stderr.contains("--channel"))
    }

    @Test(
        "usage errors exit 64 with a one-line reason",
        arguments: [
            ["discover", "--timeout", "true", "--issuer", "https://x"],
            ["discover", "--timeout", "-1", "--issuer", "https://x"],
            ["discover", "--no-such-flag"],
            ["discover", "--json=true"],
            ["no-such-command"],
        ])
    func usage(arguments: [String]) async throws {
        let result = try await DotsSSOCLI().run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stdout.isEmpty)
    }

    @Test("plain http to a non-loopback host is refused before connecting (64)")
    func insecureIssuer() async throws {
        let result = try await DotsSSOCLI().run(["discover", "--issuer", "http://sso.partner.example"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("https"))
        #expect(result.stderr.contains("TLS 1.2"))
    }

    @Test("an unknown channel exits 78 and says how to create it")
    func unknownChannel() async throws {
        let cli = DotsSSOCLI()
        let result = try await cli.run(["discover", "--channel", "nope"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("unknown channel 'nope'"))
        #expect(result.stderr.contains("dots-sso channel init nope"))
        let fromEnvironment = try await cli.run(["discover"], environment: ["DOTS_SSO_CHANNEL": "ghost"])
        #expect(fromEnvironment.status == 78)
    }

    @Test("a missing issuer is a configuration error naming the flag")
    func missingIssuer() async throws {
        let result = try await DotsSSOCLI().run(["discover"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("--issuer"))
    }

    @Test("channel init, list and show round-trip; the file is 0600")
    func channels() async throws {
        let cli = DotsSSOCLI()
        let created = try await cli.run([
            "channel", "init", "acme", "--issuer", "https://sso.acme.example", "--client-id", "dots",
            "--scope", "openid profile", "--client-secret-env", "ACME_SECRET",
        ])
        #expect(created.status == 0, "\(created.stderr)")
        let path = "\(cli.configDirectory)/channels/acme.json"
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        #expect(try await cli.run(["channel", "list"]).stdout == "acme\n")
        let again = try await cli.run(["channel", "init", "acme", "--issuer", "https://x.example"])
        #expect(again.status == 78)
        #expect(again.stderr.contains("--force"))

        let shown = try await cli.run(["channel", "show", "acme", "--json"])
        #expect(shown.status == 0)
        let channel = try JSONDecoder().decode(Channel.self, from: Data(shown.stdout.utf8))
        #expect(channel.issuer == "https://sso.acme.example")
        #expect(channel.scopes == ["openid", "profile"])
        #expect(channel.clientSecretEnv == "ACME_SECRET")

        let overridden = try await cli.run(["channel", "show", "--channel", "acme", "--issuer", "https://staging.acme.example"])
        #expect(overridden.stdout.contains("https://staging.acme.example"))
        #expect(overridden.stdout.contains("from $ACME_SECRET"))

        let insecure = try await cli.run(["channel", "init", "bad", "--token-endpoint", "http://sso.bad.example/token"])
        #expect(insecure.status == 64)
        #expect(insecure.stderr.contains("--token-endpoint"))
    }

    @Test("cache list shows entries without secrets, reports corrupt files, and clear removes them")
    func cache() async throws {
        let cli = DotsSSOCLI()
        let cache = TokenCache(directory: URL(fileURLWithPath: cli.cacheDirectory))
        let key = CacheKey(authority: "https://sso.acme.example", clientId: "dots")
        let secret = "access-\(UUID().uuidString)"
        try cache.write(
            CacheEntry(
                key: key, channel: "acme",
                tokens: TokenSet(accessToken: secret, refreshToken: "refresh-\(secret)", expiresAt: Date().addingTimeInterval(600)),
                subject: "user-42", now: Date()))
        try Data("{broken".utf8).write(to: URL(fileURLWithPath: "\(cli.cacheDirectory)/zz-corrupt.json"))
        chmod("\(cli.cacheDirectory)/zz-corrupt.json", 0o600)

        let listed = try await cli.run(["cache", "list"])
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("user-42"))
        #expect(listed.stdout.contains("https://sso.acme.example"))
        #expect(listed.stdout.contains("corrupt"))
        #expect(!listed.allOutput.contains(secret))

        let json = try await cli.run(["cache", "list", "--json"])
        #expect(!json.allOutput.contains(secret))
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["entries"] as? [Any])?.count == 2)

        let cleared = try await cli.run(["cache", "clear", "--issuer", "https://sso.acme.example", "--client-id", "dots"])
        #expect(cleared.status == 0)
        #expect(cleared.stderr.contains("removed 1 cached sign-in"))
        #expect(try cache.read(key) == .absent)
        #expect(try await cli.run(["cache", "clear", "--all"]).stderr.contains("removed 1"))
    }

    @Test("a group-readable cache file is refused with the fix (78) when it is used, listed with the problem otherwise")
    func insecureCacheFile() async throws {
        let cli = DotsSSOCLI()
        let cache = TokenCache(directory: URL(fileURLWithPath: cli.cacheDirectory))
        try cache.write(
            CacheEntry(
                key: CacheKey(authority: "https://sso.acme.example", clientId: "dots"), tokens: TokenSet(accessToken: "x"), now: Date()))
        chmod(cache.url(for: CacheKey(authority: "https://sso.acme.example", clientId: "dots")).path, 0o644)
        let listed = try await cli.run(["cache", "list"])
        #expect(listed.stdout.contains("chmod 600"))
    }

    @Test("every flag the core names in a message is an option the CLI has (the words a user is told to type exist)")
    func coreNamesRealFlags() async throws {
        let dump = try await DotsSSOCLI().run(["--experimental-dump-help"])
        let tool = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var options = Set<String>()
        func walk(_ command: [String: Any]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                    options.insert("--\(name["name"] as? String ?? "")")
                }
            }
            (command["subcommands"] as? [[String: Any]] ?? []).forEach(walk)
        }
        walk(try #require(tool["command"] as? [String: Any]))
        #expect(options.count > 100 && options.contains("--refresh-token-file"))
        var named: [String: String] = [:]
        for file in try SourceTree.files() where file.module == "DotsSSOCore" {
            let text = file.text
            var from = text.startIndex
            while let found = text.range(of: #"(?<![\w-])--[a-z][a-z0-9-]+"#, options: .regularExpression, range: from..<text.endIndex) {
                named[String(text[found])] = file.path
                from = found.upperBound
            }
        }
        #expect(named.count > 40, "the scan found the core's flag names")
        for flag in CLIFlag.allCases { named[flag.rawValue] = "CLIFlag.swift" }
        let unknown = named.filter { !options.contains($0.key) }
        #expect(unknown.isEmpty, "the core tells users to type flags the CLI does not have: \(unknown.sorted { $0.key < $1.key })")
    }
}
