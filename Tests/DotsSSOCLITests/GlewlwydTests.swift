import Foundation
import TestSupport
import Testing

/// Issue 51 against a deployed C provider: a real Glewlwyd 2.7.5 (Debian's package, `Tests/Peers/glewlwyd_peer.py`)
/// on loopback with SQLite, set up through its admin API, the member's login made through its API. It is strict
/// where our re-creations were not: a client assertion's `aud` must be one string naming the endpoint it is sent to,
/// refusals come as bare 401/403/400, a refresh token is used once, and an unknown redirect URI gets an empty 403.
@Suite("a deployed C provider: Glewlwyd", .serialized)
struct GlewlwydTests {
    /// One Glewlwyd for the suite (it takes seconds to set up); each case signs in with a dots-sso home of its own.
    actor Shared {
        static let shared = Shared()
        struct Running: Sendable {
            let issuer: String
            let cookies: String
            let redirectURI: String
            let key: String
            let peer: BackgroundProcess
            let folder: TemporaryDirectory
        }
        private var running: Running??

        /// The running provider, or nil (with a notice) where glewlwyd is not installed.
        func start() async throws -> Running? {
            if let running { return running }
            let folder = TemporaryDirectory("glewlwyd")
            let key = folder.path("client.pem")
            let generated = try await DotsSSOCLI().run(["keys", "generate", "--output", key])
            try #require(generated.status == 0, "\(generated.stderr)")
            try Data(generated.stdout.utf8).write(to: URL(fileURLWithPath: folder.path("client-jwk.json")))
            try FileManager.default.createDirectory(atPath: folder.path("work"), withIntermediateDirectories: true)
            let redirectURI = "http://127.0.0.1:\(try freeLoopbackPort())/callback"
            guard
                let (peer, issuer, cookies) = try await Peers.glewlwyd(
                    work: folder.path("work"), redirectURI: redirectURI, clientJWK: folder.path("client-jwk.json"),
                    secret: GlewlwydTests.secret)
            else {
                print("NOTICE: glewlwyd is not installed (Scripts/bootstrap installs it); skipping the Glewlwyd tests")
                running = .some(nil)
                return nil
            }
            let started = Running(issuer: issuer, cookies: cookies, redirectURI: redirectURI, key: key, peer: peer, folder: folder)
            running = started
            return started
        }
    }

    static let secret = "dots-secret-value"

    /// `secret` in a private file of `cli`'s home, as a client secret is kept.
    static func secretFile(_ secret: String, in cli: DotsSSOCLI) throws -> String {
        let path = cli.home.path("secret")
        try Data("\(secret)\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        return path
    }

    /// A sign-in's flags for the keyed client.
    static func keyed(_ glewlwyd: Shared.Running) -> [String] {
        ["--issuer", glewlwyd.issuer, "--client-id", "dots-keyed", "--client-key-file", glewlwyd.key]
    }

    /// The member's browser: Glewlwyd sends it to its login page, whose `callback_url` with `g_continue` is where the
    /// page sends it back once the member is signed in (the session cookie says so); then on to the redirect URI.
    static func browse(_ url: String, cookies: String) async throws -> String {
        func redirect(_ url: String) async throws -> String {
            try await ProcessRunner.run(
                "/usr/bin/curl",
                ["-s", "--noproxy", "*", "-b", cookies, "-o", "/dev/null", "-w", "%{redirect_url}", "--max-time", "10", url],
                timeout: 20
            ).stdout
        }
        let login = try await redirect(url)
        let callback = try #require(Browser.query(login)["callback_url"], "Glewlwyd's login page: \(login)")
        let landing = try await redirect(callback + "&g_continue")
        _ = try await Browser.get(landing)
        return landing
    }

    /// `authorize --no-browser` with `flags`, completed by the member's browser.
    static func signIn(_ cli: DotsSSOCLI, _ glewlwyd: Shared.Running, _ flags: [String]) async throws -> ProcessResult {
        let process = try cli.start(
            ["authorize", "--no-browser", "--scope", "openid", "--redirect-uri", glewlwyd.redirectURI, "--timeout", "30"] + flags)
        let escaped = NSRegularExpression.escapedPattern(for: glewlwyd.issuer)
        let url = try await process.waitFor("^(\(escaped)/auth\\?\\S+)$", inErrors: true)
        _ = try await browse(url, cookies: glewlwyd.cookies)
        return await process.finish()
    }

    @Test(
        "private_key_jwt: a pushed sign-in, two rotations and the revocation all pass Glewlwyd's one-string audience check; the plain code flow too"
    )
    func privateKeyJWT() async throws {
        guard let glewlwyd = try await Shared.shared.start() else { return }
        let cli = DotsSSOCLI()
        let pushed = try await Self.signIn(cli, glewlwyd, Self.keyed(glewlwyd))
        #expect(pushed.status == 0, "\(pushed.allOutput)")
        #expect(pushed.stdout.contains("id_token       validated"), "\(pushed.stdout)")
        for _ in 0..<2 {
            let refreshed = try await cli.run(["refresh", "--force"] + Self.keyed(glewlwyd))
            #expect(refreshed.status == 0, "\(refreshed.allOutput)")
        }
        let revoked = try await cli.run(["revoke"] + Self.keyed(glewlwyd))
        #expect(revoked.status == 0, "\(revoked.allOutput)")
        #expect(revoked.allOutput.contains("revoked at the provider: refresh_token, access_token"), "\(revoked.allOutput)")
        let plain = try await Self.signIn(DotsSSOCLI(), glewlwyd, Self.keyed(glewlwyd) + ["--no-par"])
        #expect(plain.status == 0, "\(plain.allOutput)")
    }

    @Test(
        "token introspect asks Glewlwyd (RFC 7662) with the client's assertion: active with its scopes, then not active once revoked (77)")
    func introspection() async throws {
        guard let glewlwyd = try await Shared.shared.start() else { return }
        let cli = DotsSSOCLI()
        let signedIn = try await Self.signIn(cli, glewlwyd, Self.keyed(glewlwyd))
        #expect(signedIn.status == 0, "\(signedIn.allOutput)")
        let asked = try await cli.run(["token", "introspect", "--json"] + Self.keyed(glewlwyd))
        #expect(asked.status == 0, "\(asked.allOutput)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(asked.stdout.utf8)) as? [String: Any], "\(asked.allOutput)")
        #expect(answer["active"] as? Bool == true)
        #expect((answer["scopes"] as? [String])?.contains("openid") == true, "\(answer)")
        #expect((answer["expiresIn"] as? Int ?? 0) > 0, "\(answer)")
        #expect(
            !asked.allOutput.contains(
                try await cli.run(["token", "print"] + Self.keyed(glewlwyd)).stdout.trimmingCharacters(in: .newlines)))
        // The token as a support desk holds it, asked about after the member's sign-in is revoked.
        let token = cli.home.path("member-token")
        try (try await cli.run(["token", "print"] + Self.keyed(glewlwyd)).stdout).write(toFile: token, atomically: true, encoding: .utf8)
        #expect(try await cli.run(["revoke"] + Self.keyed(glewlwyd)).status == 0)
        let revoked = try await cli.run(["token", "introspect", "--access-token-file", token] + Self.keyed(glewlwyd))
        #expect(revoked.status == 77, "\(revoked.allOutput)")
        #expect(revoked.stdout.contains("not active"), "\(revoked.allOutput)")
    }

    @Test(
        "the client credentials grant at Glewlwyd: a machine's token by private_key_jwt and by secret, as JSON and a curl config; nothing cached"
    )
    func clientCredentials() async throws {
        guard let glewlwyd = try await Shared.shared.start() else { return }
        let cli = DotsSSOCLI()
        let keyed = try await cli.run(["token", "print", "--client-credentials", "--scope", "openid", "--json"] + Self.keyed(glewlwyd))
        #expect(keyed.status == 0, "\(keyed.allOutput)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(keyed.stdout.utf8)) as? [String: Any], "\(keyed.allOutput)")
        #expect((answer["token"] as? String)?.isEmpty == false && answer["tokenType"] as? String == "Bearer", "\(answer)")
        #expect((answer["expiresIn"] as? Int ?? 0) > 0, "\(answer)")
        let secret = try Self.secretFile(Self.secret, in: cli)
        let bySecret = try await cli.run(
            [
                "token", "print", "--client-credentials", "--scope", "openid", "--curl-config", glewlwyd.issuer + "/userinfo", "--issuer",
                glewlwyd.issuer, "--client-id", "dots-secret", "--client-secret-file", secret,
            ])
        #expect(bySecret.status == 0 && bySecret.stdout.contains("header = \"Authorization: Bearer "), "\(bySecret.allOutput)")
        #expect(!bySecret.allOutput.contains(Self.secret))
        // No member signed in: nothing was cached.
        let status = try await cli.run(["status"])
        #expect(status.stdout.contains("no cached sign-in"), "\(status.allOutput)")
        // A public client has nothing to prove who it is (RFC 6749 §4.4).
        let publicClient = try await cli.run([
            "token", "print", "--client-credentials", "--issuer", glewlwyd.issuer, "--client-id", "dots-keyed",
        ])
        #expect(publicClient.status == 78 && publicClient.stderr.contains("confidential clients"), "\(publicClient.allOutput)")
    }

    @Test("an assertion naming the issuer is refused there: 78, saying which audience was sent and how to choose the other")
    func issuerAudienceRefused() async throws {
        guard let glewlwyd = try await Shared.shared.start() else { return }
        let result = try await DotsSSOCLI().run(
            [
                "authorize", "--no-browser", "--redirect-uri", glewlwyd.redirectURI, "--client-assertion-audience", "issuer", "--timeout",
                "10",
            ]
                + Self.keyed(glewlwyd))
        #expect(result.status == 78, "\(result.allOutput)")
        #expect(result.stderr.contains("refused the client's private_key_jwt assertion (HTTP 401)"), "\(result.stderr)")
        #expect(result.stderr.contains("the assertion named the audience \"\(glewlwyd.issuer)\" (the issuer)"), "\(result.stderr)")
        #expect(result.stderr.contains("--client-assertion-audience endpoint"))
        #expect(result.stderr.split(separator: "\n").count == 1, "one line")
    }

    @Test("a wrong client secret gets Glewlwyd's bare 403: 78, the client's authentication refused, with what to check")
    func wrongSecret() async throws {
        guard let glewlwyd = try await Shared.shared.start() else { return }
        let cli = DotsSSOCLI()
        let secret = try Self.secretFile("not-the-secret", in: cli)
        let result = try await cli.run([
            "authorize", "--no-browser", "--issuer", glewlwyd.issuer, "--client-id", "dots-secret", "--client-secret-file", secret,
            "--redirect-uri", glewlwyd.redirectURI, "--timeout", "10",
        ])
        #expect(result.status == 78, "\(result.allOutput)")
        #expect(result.stderr.contains("with an empty body), which is read as the client's authentication refused"), "\(result.stderr)")
        #expect(result.stderr.contains("check --client-id and the client secret or key"))
        #expect(!result.allOutput.contains("not-the-secret"))
    }

    @Test(
        "a refresh token used a second time gets a bare 400: 77 with the sentence to sign in again, and the next command says so without asking"
    )
    func replayedRefreshToken() async throws {
        guard let glewlwyd = try await Shared.shared.start() else { return }
        let cli = DotsSSOCLI()
        let secret = try Self.secretFile(Self.secret, in: cli)
        let client = ["--issuer", glewlwyd.issuer, "--client-id", "dots-secret", "--client-secret-file", secret]
        #expect(try await Self.signIn(cli, glewlwyd, client).status == 0)
        let cache = try #require(
            try FileManager.default.contentsOfDirectory(atPath: cli.cacheDirectory).first { $0.hasSuffix(".json") && !$0.hasPrefix(".") })
        let entry = URL(fileURLWithPath: cli.cacheDirectory).appendingPathComponent(cache)
        let before = try Data(contentsOf: entry)
        #expect(try await cli.run(["refresh", "--force"] + client).status == 0)
        // The sign-in from before the rotation comes back (a restored backup, a second CI job with the same secret).
        try before.write(to: entry)
        let replayed = try await cli.run(["refresh", "--force"] + client)
        #expect(replayed.status == 77, "\(replayed.allOutput)")
        #expect(
            replayed.stderr.contains("read as the refresh token refused (used already, rotated away, or revoked)"), "\(replayed.stderr)")
        #expect(replayed.stderr.contains("sign in again with `dots-sso authorize`"))
        let next = try await cli.run(["token", "print", "--min-validity", "99999"] + client)
        #expect(next.status == 77, "\(next.allOutput)")
    }

    @Test("an unregistered redirect URI without PAR: Glewlwyd's empty 403 ends the sign-in at once (78), not after --timeout")
    func refusedPage() async throws {
        guard let glewlwyd = try await Shared.shared.start() else { return }
        let unregistered = "http://127.0.0.1:\(try freeLoopbackPort())/callback"
        let result = try await DotsSSOCLI().run(
            ["authorize", "--no-browser", "--no-par", "--redirect-uri", unregistered, "--timeout", "120"] + Self.keyed(glewlwyd))
        #expect(result.status == 78, "\(result.allOutput)")
        #expect(result.duration < 20, "no wait for a redirect that cannot come: \(result.duration) s")
        #expect(
            result.stderr.contains(
                "(HTTP 403, an empty body); check that the client id dots-keyed is registered there with the redirect URI \(unregistered)"),
            "\(result.stderr)")
    }
}
