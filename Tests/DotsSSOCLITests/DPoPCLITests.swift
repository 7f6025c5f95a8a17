import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// Issue 42, DPoP (RFC 9449) with the built binary: against Authlib whose proofs idpyoidc checks (`device_peer.py
/// --dpop`), and against the sandbox, which binds codes, tokens and refreshes to the proof's key.
@Suite("DPoP against Authlib and idpyoidc, and at the sandbox")
struct DPoPCLITests {
    let cli = DotsSSOCLI()

    func peerLog(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: " ").dropFirst().joined(separator: " ")
        }
    }

    @Test(
        "--dpop with the server's nonce: the sign-in, the profile and the refresh each retry once with the nonce and are proved; the token is bound (a copy sent as Bearer is refused)"
    )
    func boundTokens() async throws {
        let log = cli.home.path("dpop.log")
        let (peer, port) = try await Peers.devicePeer(extra: ["--password-grant", "--dpop", "--dpop-nonce"], log: log)
        defer { peer.stop() }
        let issuer = "http://127.0.0.1:\(port)"
        let password = cli.home.path("password")
        try "test-member-password\n".write(toFile: password, atomically: true, encoding: .utf8)
        let client = ["--issuer", issuer, "--client-id", "dots-cli"]

        let signedIn = try await cli.run(
            ["authorize", "--dpop", "--grant", "password", "--username", "tess", "--password-file", password] + client)
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        let shown = try await cli.run(["token", "show", "--json"] + client)
        let showJSON = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let jkt = try #require(showJSON["dpopKey"] as? String, "token show names the key: \(shown.stdout)")
        #expect(try await cli.run(["cache", "list"]).stdout.contains("DPoP-bound"))

        let profile = try await cli.run(["profile", "--profile-endpoint", "\(issuer)/me"] + client)
        #expect(profile.status == 0 && profile.stdout.contains("member-tess"), "\(profile.stderr)")
        let refreshed = try await cli.run(["refresh", "--force"] + client)
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        // Each of the three asked for the nonce once, then proved the key with it.
        let requests = try peerLog(log).filter { !$0.hasPrefix("GET /.well-known") }
        #expect(
            requests == [
                "POST /token password", "refused use_dpop_nonce", "POST /token password", "proved dpop",
                "GET /me", "refused use_dpop_nonce", "GET /me", "proved dpop",
                "POST /token refresh_token", "refused use_dpop_nonce", "POST /token refresh_token", "proved dpop",
            ], "\(requests)")

        // The token alone is worth nothing: as a bearer token it is refused.
        let token = try await cli.run(["token", "print"] + client).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let asBearer = try await Browser.get("\(issuer)/me", headers: ["Authorization: Bearer \(token)"])
        #expect(asBearer.status == 401)
        #expect(jkt.count == 43)
    }

    @Test(
        "a provider that ignores DPoP (no proof asked) is said to have issued bearer tokens; --no-dpop at a DPoP-only provider is refused with its words; token print --dpop-proof makes headers curl can use once; private_key_jwt and the nonce retry: each try sends a fresh assertion"
    )
    func edges() async throws {
        let password = cli.home.path("password")
        try "test-member-password\n".write(toFile: password, atomically: true, encoding: .utf8)
        let grant = ["--grant", "password", "--username", "tess", "--password-file", password]
        do {
            let log = cli.home.path("plain.log")
            let (peer, port) = try await Peers.devicePeer(extra: ["--password-grant"], log: log)
            defer { peer.stop() }
            let ignored = try await cli.run(
                ["authorize", "--dpop", "--issuer", "http://127.0.0.1:\(port)", "--client-id", "dots-cli"] + grant)
            #expect(ignored.status == 0, "\(ignored.stderr)")
            #expect(ignored.stderr.contains("answered token_type Bearer, not DPoP"), "\(ignored.stderr)")
        }
        do {
            let log = cli.home.path("strict.log")
            let (peer, port) = try await Peers.devicePeer(extra: ["--password-grant", "--dpop"], log: log)
            defer { peer.stop() }
            let channel = cli.home.path("dpop-channel.json")
            try #"{"name": "strict", "issuer": "http://127.0.0.1:\#(port)", "clientId": "dots-cli", "dpop": true}"#
                .write(toFile: channel, atomically: true, encoding: .utf8)
            let refused = try await cli.run(["authorize", "--channel", channel, "--no-dpop"] + grant)
            #expect(refused.status != 0 && refused.stderr.contains("invalid_dpop_proof"), "\(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").filter { !$0.contains("warning") }.count == 1, "\(refused.stderr)")
            let fromChannel = try await cli.run(["authorize", "--channel", channel] + grant)
            #expect(fromChannel.status == 0, "the channel's dpop: true: \(fromChannel.stderr)")
            // With the headers token print makes, curl gets the profile once; the same proof again is refused.
            let token = try await cli.run(["token", "print", "--channel", channel]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let printed = try await cli.run(["token", "print", "--channel", channel, "--dpop-proof", "http://127.0.0.1:\(port)/me", "GET"])
            #expect(printed.status == 0, "\(printed.stderr)")
            let lines = printed.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 2 && lines[0] == "Authorization: DPoP \(token)" && lines[1].hasPrefix("DPoP: ey"), "\(lines)")
            let headersFile = cli.home.path("headers")
            try printed.stdout.write(toFile: headersFile, atomically: true, encoding: .utf8)
            var answers: [Int] = []
            for _ in 0..<2 {
                let fetched = try await ProcessRunner.run(
                    "/usr/bin/curl",
                    ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "@\(headersFile)", "http://127.0.0.1:\(port)/me"],
                    timeout: 20)
                answers.append(Int(fetched.stdout) ?? 0)
            }
            #expect(answers == [200, 401], "\(answers)")
            let wrongMethod = try await cli.run([
                "token", "print", "--channel", channel, "--dpop-proof", "http://127.0.0.1:\(port)/me", "get",
            ])
            #expect(wrongMethod.status == 64, "\(wrongMethod.stderr)")
        }
        do {
            let key = cli.home.path("client.pem")
            let generated = try await cli.run(["keys", "generate", "--output", key])
            let jwkFile = cli.home.path("client-jwk.json")
            try generated.stdout.write(toFile: jwkFile, atomically: true, encoding: .utf8)
            let log = cli.home.path("keyed.log")
            let (peer, port) = try await Peers.devicePeer(
                extra: ["--password-grant", "--dpop", "--dpop-nonce", "--private-key-jwt", jwkFile], log: log)
            defer { peer.stop() }
            let signedIn = try await cli.run(
                ["authorize", "--dpop", "--issuer", "http://127.0.0.1:\(port)", "--client-id", "dots-cli", "--client-key-file", key] + grant
            )
            #expect(signedIn.status == 0, "Authlib accepts each assertion's jti once: \(signedIn.stderr)")
            let requests = try peerLog(log).filter { $0.hasPrefix("POST") || $0.hasPrefix("refused") || $0.hasPrefix("proved") }
            #expect(requests.count == 4 && requests[1] == "refused use_dpop_nonce" && requests[3] == "proved dpop", "\(requests)")
        }
    }

    @Test(
        "the sandbox binds the code (dpop_jkt), the tokens and the refresh to the key: profile, both containers, passes and check all prove it; a copy of the token is refused there too"
    )
    func sandbox() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        let channel = cli.home.path("sandbox.json")
        _ = try sandbox.writeChannel(to: channel)
        let flags = ["--channel", channel]
        let process = try cli.start(["authorize", "--no-browser", "--dpop"] + flags)
        let url = try await process.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
        #expect(url.contains("dpop_jkt="), "the code is bound at the authorization request: \(url)")
        _ = try await Browser.get(try await Browser.redirectTarget(of: url))
        let signedIn = await process.finish()
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        let refreshed = try await cli.run(["refresh", "--force"] + flags)
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        let checked = try await cli.run(["check"] + flags)
        #expect(checked.status == 0 && checked.stdout.contains("0 failed"), "\(checked.stdout)\n\(checked.stderr)")
        let probed = try await cli.run(["containers", "probe"] + flags)
        #expect(probed.status == 0 && probed.stdout.contains("members-area") && probed.stdout.contains("events"), "\(probed.stdout)")
        let token = try await cli.run(["token", "print"] + flags).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try await Browser.get("\(sandbox.issuer)/api/me", headers: ["Authorization: Bearer \(token)"]).status == 401)
        #expect(try await Browser.get("\(sandbox.issuer)/api/me", headers: ["Authorization: DPoP \(token)"]).status == 401)
        #expect(!signedIn.allOutput.contains(token) && !refreshed.allOutput.contains(token))
    }
}
