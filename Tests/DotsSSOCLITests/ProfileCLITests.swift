import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// `profile`, `flags` and `containers` against a local server serving the mistakes partners make.
@Suite("profile, flags and containers", .serialized)
struct ProfileCLITests {
    static let token = "member-token-\(UUID().uuidString)"

    /// One peer for the suite: profiles need `Authorization: Bearer <token>`.
    final class Server: @unchecked Sendable {
        let peer: BackgroundProcess
        let port: Int
        let cli = DotsSSOCLI()
        let tokenFile: String

        init() throws {
            (peer, port) = try Peers.sharedHTTPPeer(pki: nil, extra: ["--expect-token", ProfileCLITests.token])
            tokenFile = cli.home.path("token")
            try "\(ProfileCLITests.token)\n".write(toFile: tokenFile, atomically: true, encoding: .utf8)
        }

        deinit { peer.stop() }

        func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

        func profile(_ path: String, _ extra: [String] = [], command: [String] = ["profile"]) async throws -> ProcessResult {
            try await cli.run(command + ["--profile-endpoint", url(path), "--access-token-file", tokenFile] + extra, timeout: 60)
        }
    }

    static let server: Server = {
        do { return try Server() } catch { fatalError("cannot start the profile server: \(error)") }
    }()

    @Test(
        "transport and server failures map to their exit codes with one line on stderr",
        arguments: [
            ("status/401", 77, "refused the credentials"),
            ("html", 65, "an HTML page"),
            ("huge", 65, "larger than"),
            ("status/503", 75, "HTTP 503"),
            ("status/404", 76, "HTTP 404"),
            ("hang", 69, "did not answer"),
        ])
    func failures(path: String, status: Int32, message: String) async throws {
        let result = try await Self.server.profile(path, ["--timeout", "3"])
        #expect(result.status == status, "\(path): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(path): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.duration < 15)
    }

    @Test("a wrong token is refused with 77; the token never appears")
    func wrongToken() async throws {
        let cli = Self.server.cli
        let result = try await cli.run(
            ["profile", "--profile-endpoint", Self.server.url("profiles/good"), "--access-token-file", "-"],
            stdin: Data("Bearer nope-nope\n".utf8))
        #expect(result.status == 77)
        #expect(!result.allOutput.contains("nope-nope"))
    }

    @Test("--profile-file checks a saved profile offline, and broken JSON exits 65 with the position")
    func offline() async throws {
        let cli = Self.server.cli
        let file = cli.home.path("saved.json")
        try #"{"id":"jane@example.com","features":{"canAccessApp":"true"}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await cli.run(["profile", "--profile-file", file, "--json"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("profile.id.email"))
        let piped = try await cli.run(
            ["flags", "check", "--profile-file", "-"], stdin: Data(#"{"id":"u","features":{"canAccessApp":true}}"#.utf8))
        #expect(piped.status == 0)
        try #"{"id": "u", "features": {"#.write(toFile: file, atomically: true, encoding: .utf8)
        let broken = try await cli.run(["profile", "--profile-file", file])
        #expect(broken.status == 65)
        #expect(broken.stderr.contains("saved.json"))
        let missing = try await cli.run(["profile", "--profile-file", cli.home.path("nope.json")])
        #expect(missing.status == 64)
    }

    @Test("flags shows value, purpose and gated containers from the channel")
    func flagTable() async throws {
        let cli = Self.server.cli
        let channel = cli.home.path("acme.json")
        try """
        {"name":"acme","profileEndpoint":"\(Self.server.url("profiles/good"))",
         "flags":{"canAccessApp":"may use the app","canAccessContainer1":"member news"},
         "containers":[{"name":"news","url":"\(Self.server.url("container/news"))","flag":"canAccessContainer1",
                        "token":{"in":"header","name":"Authorization"},"userId":{"in":"query","name":"uid"}},
                       {"name":"events","url":"\(Self.server.url("container/events"))","token":{"in":"query","name":"access_token"}}]}
        """.write(toFile: channel, atomically: true, encoding: .utf8)
        let flags = try await cli.run(["flags", "--channel", channel, "--access-token-file", Self.server.tokenFile])
        #expect(flags.status == 0, "\(flags.stderr)")
        let news = try #require(flags.stdout.split(separator: "\n").first { $0.contains("canAccessContainer1") })
        #expect(news.contains("false") && news.contains("member news") && news.contains("news"))

        let containers = try await cli.run(["containers", "--channel", channel, "--access-token-file", Self.server.tokenFile, "--json"])
        #expect(containers.status == 0, "\(containers.stderr)")
        #expect(!containers.allOutput.contains(Self.token))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(containers.stdout.utf8)) as? [String: Any])
        let requests = try #require(object["containers"] as? [[String: Any]])
        #expect(requests.first?["allowed"] as? Bool == false)
        #expect((requests.first?["url"] as? String)?.contains("uid=3d6479fe-6f41-41e1-bd2b-d5139e21de58") == true)
        #expect((requests.first?["headers"] as? [String: String])?["Authorization"] == "Bearer [redacted]")
        let shown = try await cli.run(["containers", "--channel", channel, "--access-token-file", Self.server.tokenFile, "--show-secrets"])
        #expect(shown.stdout.contains("Bearer \(Self.token)"))

        let probe = try await cli.run(["containers", "probe", "--channel", channel, "--access-token-file", Self.server.tokenFile, "--json"])
        #expect(probe.status == 0, "\(probe.stderr)")
        #expect(!probe.allOutput.contains(Self.token))
        #expect(probe.stdout.contains("\"status\" : 200"))
    }
}

@Suite("terminal safety")
struct TerminalSafetyTests {
    @Test("partner text with escape sequences is shown escaped, never sent raw to the terminal")
    func escapes() async throws {
        let cli = DotsSSOCLI()
        let profile = #"{"id":"u\u001b[31m","firstName":"\u001b]0;pwned\u0007Jane","features":{"canAccessApp":true,"x\u001b[2J":true}}"#
        let result = try await cli.run(["profile", "--profile-file", "-"], stdin: Data(profile.utf8))
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(!result.stdout.contains("\u{07}"))
        #expect(result.stdout.contains("\\u{1b}"))
    }
}
