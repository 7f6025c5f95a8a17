import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// Issue 42, private_key_jwt (RFC 7523 §2.2): `keys generate` makes the key, Authlib's JWTBearerClientAssertion (in
/// `device_peer.py --private-key-jwt`) checks every assertion the built binary sends.
@Suite("private_key_jwt against Authlib")
struct ClientAssertionCLITests {
    let cli = DotsSSOCLI()

    @Test(
        "keys generate, then Authlib accepts the signed assertion for the password grant and each refresh (RSA and EC keys, the JWK's kid); no key, a wrong key or a wrong kid is 78; the private key never shows",
        arguments: ["ec", "rsa"])
    func signedAssertion(type: String) async throws {
        let key = cli.home.path("client-\(type).pem")
        let generated = try await cli.run(["keys", "generate", "--output", key, "--type", type])
        #expect(generated.status == 0, "\(generated.stderr)")
        let jwk = try #require(try JSONSerialization.jsonObject(with: Data(generated.stdout.utf8)) as? [String: Any])
        let kid = try #require(jwk["kid"] as? String)
        let alg = type == "ec" ? "ES256" : "RS256"
        #expect(jwk["alg"] as? String == alg && jwk["use"] as? String == "sig" && jwk["d"] == nil, "the public half only: \(jwk)")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let pem = try String(contentsOfFile: key, encoding: .utf8)
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        let again = try await cli.run(["keys", "generate", "--output", key])
        #expect(again.status == 74 && again.stderr.contains("--force"), "an existing key is kept: \(again.stderr)")
        #expect(try String(contentsOfFile: key, encoding: .utf8) == pem)

        let jwkFile = cli.home.path("client-jwk-\(type).json")
        try generated.stdout.write(toFile: jwkFile, atomically: true, encoding: .utf8)
        let log = cli.home.path("peer-\(type).log")
        let (peer, port) = try await Peers.devicePeer(extra: ["--password-grant", "--private-key-jwt", jwkFile], log: log)
        defer { peer.stop() }
        let issuer = "http://127.0.0.1:\(port)"
        let password = cli.home.path("password")
        try "test-member-password\n".write(toFile: password, atomically: true, encoding: .utf8)
        let client = ["--issuer", issuer, "--client-id", "dots-cli"]
        let grant = ["--grant", "password", "--username", "tess", "--password-file", password]

        let signedIn = try await cli.run(["authorize"] + client + grant + ["--client-key-file", key])
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        let refreshed = try await cli.run(["refresh", "--force"] + client + ["--client-key-file", key])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        // A channel names the key file (relative to the channel file), never the key.
        let channel = cli.home.path("acme-\(type).json")
        try #"{"name": "acme", "issuer": "\#(issuer)", "clientId": "dots-cli", "clientKeyFile": "client-\#(type).pem"}"#
            .write(toFile: channel, atomically: true, encoding: .utf8)
        let fromChannel = try await cli.run(["refresh", "--force", "--channel", channel])
        #expect(fromChannel.status == 0, "\(fromChannel.stderr)")
        let requests = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: " ").dropFirst().joined(separator: " ")
        }
        #expect(requests.contains("POST /token password \(alg) \(kid)"), "\(requests)")
        #expect(requests.filter { $0 == "POST /token refresh_token \(alg) \(kid)" }.count == 2, "\(requests)")

        // What a user gets wrong: no key (a public client here), the key of another client, the wrong kid.
        let noKey = try await cli.run(["authorize"] + client + grant)
        let other = cli.home.path("other-\(type).pem")
        #expect(try await cli.run(["keys", "generate", "--output", other, "--type", type]).status == 0)
        let wrongKey = try await cli.run(["authorize"] + client + grant + ["--client-key-file", other])
        let wrongKid = try await cli.run(["authorize"] + client + grant + ["--client-key-file", key, "--client-key-id", "not-registered"])
        for refused in [noKey, wrongKey, wrongKid] {
            #expect(refused.status == 78, "\(refused.stderr)")
            #expect(refused.stderr.contains("invalid_client") && refused.stderr.contains("--client-key-file"), "\(refused.stderr)")
        }
        let named = try await cli.run(["authorize"] + client + grant + ["--client-auth", "private_key_jwt"])
        #expect(named.status == 78 && named.stderr.contains("--client-key-file"), "\(named.stderr)")
        let body = pem.split(separator: "\n").dropFirst().first.map(String.init) ?? pem
        for result in [generated, signedIn, refreshed, noKey, wrongKey, wrongKid, named] {
            #expect(!result.allOutput.contains(body), "the private key never shows")
        }
    }

    @Test(
        "a provider listing only PS256 and ES256 (FAPI 2.0): an RSA key signs PS256 for the sign-in and the refresh (from what the sign-in remembered), an EC key ES256; listing only PS256, an EC key is refused (78) before anything is sent"
    )
    func providerAlgorithms() async throws {
        let password = cli.home.path("password")
        try "test-member-password\n".write(toFile: password, atomically: true, encoding: .utf8)
        for (type, alg) in [("rsa", "PS256"), ("ec", "ES256")] {
            let key = cli.home.path("fapi-\(type).pem")
            let generated = try await cli.run(["keys", "generate", "--output", key, "--type", type])
            #expect(generated.status == 0, "\(generated.stderr)")
            // Registered without its "alg", as providers often keep keys: the assertion's header says which.
            var jwk = try #require(try JSONSerialization.jsonObject(with: Data(generated.stdout.utf8)) as? [String: Any])
            jwk["alg"] = nil
            let jwkFile = cli.home.path("fapi-jwk-\(type).json")
            try JSONSerialization.data(withJSONObject: jwk).write(to: URL(fileURLWithPath: jwkFile))
            let log = cli.home.path("fapi-\(type).log")
            let (peer, port) = try await Peers.devicePeer(
                extra: ["--password-grant", "--private-key-jwt", jwkFile, "--assertion-algs", "PS256,ES256"], log: log)
            defer { peer.stop() }
            let client = ["--issuer", "http://127.0.0.1:\(port)", "--client-id", "dots-cli", "--client-key-file", key]
            let signedIn = try await cli.run(
                ["authorize"] + client + ["--grant", "password", "--username", "tess", "--password-file", password])
            #expect(signedIn.status == 0, "\(type): \(signedIn.stderr)")
            // The refresh signs from what the sign-in remembered, without reading the metadata again.
            let refreshed = try await cli.run(["refresh", "--force"] + client)
            #expect(refreshed.status == 0, "\(type): \(refreshed.stderr)")
            let sent = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                return words.count >= 6 && words[1] == "POST" ? String(words[4]) : nil
            }
            #expect(sent.count == 2 && sent.allSatisfy { $0 == alg }, "\(type): assertions signed \(sent)")
        }
        // A provider that accepts PS256 only: an EC key cannot make one, and nothing is sent.
        let key = cli.home.path("fapi-ec.pem")
        let log = cli.home.path("ps256-only.log")
        let (peer, port) = try await Peers.devicePeer(
            extra: ["--password-grant", "--private-key-jwt", cli.home.path("fapi-jwk-ec.json"), "--assertion-algs", "PS256"], log: log)
        defer { peer.stop() }
        let refused = try await cli.run([
            "authorize", "--issuer", "http://127.0.0.1:\(port)", "--client-id", "dots-cli", "--client-key-file", key, "--grant", "password",
            "--username", "tess", "--password-file", password,
        ])
        #expect(refused.status == 78, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("accepts client assertions signed with PS256 only") && refused.stderr.contains("signs ES256"),
            "\(refused.stderr)")
        let requests = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(!requests.contains("POST /token"), "no token request: \(requests)")
    }

    @Test("a key file that is no key, an encrypted key, a P-384 key or a 1024-bit RSA key is refused (65) saying which, before any request")
    func unusableKeys() async throws {
        let pki = cli.home
        let encrypted = pki.path("encrypted.pem")
        let p384 = pki.path("p384.pem")
        let short = pki.path("short.pem")
        _ = try await ProcessRunner.run(
            "/usr/bin/openssl",
            [
                "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-aes256", "-pass", "pass:secret-pass", "-out",
                encrypted,
            ])
        _ = try await ProcessRunner.run(
            "/usr/bin/openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384", "-out", p384])
        _ = try await ProcessRunner.run(
            "/usr/bin/openssl", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", short])
        let notKey = pki.path("not-a-key.pem")
        try "hello\n".write(toFile: notKey, atomically: true, encoding: .utf8)
        let client = [
            "--issuer", "http://127.0.0.1:9", "--client-id", "dots-cli", "--grant", "password", "--username", "tess", "--password-file",
            notKey,
        ]
        for (file, expected) in [
            (notKey, "not a PEM private key"), (encrypted, "it is encrypted"), (p384, "secp384r1"),
            (short, "1024-bit RSA key is too short"),
        ] {
            let result = try await cli.run(["authorize"] + client + ["--client-key-file", file], stdin: Data())
            #expect(result.status == 65, "\(file): \(result.stderr)")
            #expect(result.stderr.contains(expected) && result.stderr.split(separator: "\n").count == 1, "\(file): \(result.stderr)")
        }
    }
}

/// The sandbox as a private_key_jwt provider (`sandbox --client-jwk`), for the demo of a confidential client.
@Suite("private_key_jwt at the sandbox")
struct SandboxClientAssertionTests {
    let cli = DotsSSOCLI()

    @Test("a client registered by its JWK signs in and refreshes with its key; no key, another key or a replayed assertion are refused")
    func keyedClient() async throws {
        let key = cli.home.path("client.pem")
        let generated = try await cli.run(["keys", "generate", "--output", key])
        #expect(generated.status == 0, "\(generated.stderr)")
        var settings = SandboxPartner.Settings.jane
        settings.clients.append(try SandboxClient.keyed(jwk: try JSONDecoder().decode(JSONValue.self, from: Data(generated.stdout.utf8))))
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        let client = ["--scope", "openid", "--issuer", sandbox.issuer, "--client-id", SandboxClient.keyedID]

        let process = try cli.start(["authorize", "--no-browser", "--client-key-file", key] + client)
        let url = try await process.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
        _ = try await Browser.get(try await Browser.redirectTarget(of: url))
        let signedIn = await process.finish()
        #expect(signedIn.status == 0 && signedIn.stdout.contains("validated"), "\(signedIn.stderr)")
        let refreshed = try await cli.run(["refresh", "--force", "--client-key-file", key] + client)
        #expect(refreshed.status == 0, "\(refreshed.stderr)")

        let other = cli.home.path("other.pem")
        #expect(try await cli.run(["keys", "generate", "--output", other]).status == 0)
        for extra in [[String](), ["--client-key-file", other]] {
            let refused = try await cli.run(["refresh", "--force"] + extra + client)
            #expect(refused.status == 78 && refused.stderr.contains("invalid_client"), "\(extra): \(refused.stderr)")
        }

        // A captured assertion is accepted once: the same jti again is refused (RFC 7523 §3).
        let assertion = try ClientAssertion(
            key: SigningKey(pem: Data(contentsOf: URL(fileURLWithPath: key))), keyID: nil, issuer: sandbox.issuer,
            clock: .system
        ).make(clientID: SandboxClient.keyedID, endpoint: URL(string: "\(sandbox.issuer)/token")!)
        var answers: [Int] = []
        for _ in 0..<2 {
            let posted = try await ProcessRunner.run(
                "/usr/bin/curl",
                [
                    "-s", "-o", "/dev/null", "-w", "%{http_code}", "-d", "grant_type=refresh_token",
                    "-d", "refresh_token=not-a-token", "-d", "client_assertion_type=\(ClientAssertion.assertionType)", "-d",
                    "client_assertion=\(assertion)",
                    "\(sandbox.issuer)/token",
                ], timeout: 20)
            answers.append(Int(posted.stdout) ?? 0)
        }
        #expect(
            answers == [400, 401], "first use: the client is known and the grant bad (400); replay: the client is refused (401): \(answers)"
        )
    }
}
