import Foundation
import TestSupport
import Testing

/// The OpenID Foundation's FAPI 2.0 Security Profile (final) RP test plan, "private key + DPoP" variant: each module a
/// provider breaking one rule (`Tests/Peers/fapi2_conformance.py`), the built binary signing in through it with
/// `--security-profile fapi2`. As in the suite, any request a module does not expect fails it, so every case checks
/// that none did. README's "FAPI 2.0 RP conformance" table lists the same outcomes.
@Suite("FAPI 2.0 RP conformance modules against the built binary", .serialized)
struct FAPI2ConformanceTests {
    static let prefix = "fapi2-security-profile-final-client-test-"

    /// One provider and one client key for the whole suite (the provider registers the key's public JWK).
    actor SharedProvider {
        static let shared = SharedProvider()
        private var running: (peer: BackgroundProcess, port: Int, work: TemporaryDirectory)?

        func start() async throws -> (port: Int, log: String, key: String) {
            if let running { return (running.port, running.work.path("requests.log"), running.work.path("client.pem")) }
            let work = TemporaryDirectory("fapi2")
            let keys = try await DotsSSOCLI().run(["keys", "generate", "--output", work.path("client.pem")])
            try #require(keys.status == 0, "keys generate: \(keys.stderr)")
            try Data(keys.stdout.utf8).write(to: URL(fileURLWithPath: work.path("client.jwk")))
            let (peer, port) = try await Peers.fapi2Conformance(log: work.path("requests.log"), clientJWK: work.path("client.jwk"))
            running = (peer, port, work)
            return (port, work.path("requests.log"), work.path("client.pem"))
        }
    }

    /// One module, and a dots-sso home of its own.
    struct Client {
        let port: Int
        let log: String
        let key: String
        let logStart: Int
        let cli = DotsSSOCLI()
        let module: String

        /// A fresh run of `module` (the provider keeps each run's state apart, as the suite's module instances are).
        init(_ module: String) async throws {
            self.module = "\(module)~\(UUID().uuidString.prefix(8).lowercased())"
            (port, log, key) = try await SharedProvider.shared.start()
            logStart = (try? Data(contentsOf: URL(fileURLWithPath: log)).count) ?? 0
        }

        var issuer: String { "http://127.0.0.1:\(port)/\(module)/" }
        /// The authorization URL a sign-in prints, as a pattern with one capture group.
        var authorizeURL: String { "^(http://127\\.0\\.0\\.1:\(port)/\(module)/authorize\\?\\S+)$" }
        /// The channel as flags: the provider, the client and its key; the profile is added by each call.
        var provider: [String] { ["--issuer", issuer, "--client-id", "dots-fapi", "--client-key-file", key] }
        static let profile = ["--security-profile", "fapi2"]

        private var lines: [Substring] {
            String(decoding: ((try? Data(contentsOf: URL(fileURLWithPath: log))) ?? Data()).dropFirst(logStart), as: UTF8.self)
                .split(separator: "\n")
        }

        /// The requests this module received, as "METHOD path".
        var requests: [String] {
            lines.filter { $0.hasPrefix(module + " ") && !$0.hasPrefix(module + " FAIL ") }.map { String($0.dropFirst(module.count + 1)) }
        }

        /// What failed the module, as the suite would have.
        var failures: [String] {
            lines.filter { $0.hasPrefix(module + " FAIL ") }.map { String($0.dropFirst(module.count + 6)) }
        }

        func expectModuleNotFailed(sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(failures.isEmpty, "\(module) failed as the suite fails it: \(failures)", sourceLocation: sourceLocation)
        }

        /// `authorize` through the module, whose authorization endpoint approves at once; the redirect is followed as
        /// a browser would.
        func signIn(_ extra: [String] = profile, timeout: Int = 20) async throws -> ProcessResult {
            let result = try await cli.signInApprovedAtOnce(
                ["authorize", "--no-browser", "--scope", "openid", "--timeout", "\(timeout)"] + provider + extra, urlPattern: authorizeURL)
            expectModuleNotFailed()
            return result
        }

        func run(_ arguments: [String]) async throws -> ProcessResult {
            let result = try await cli.run(arguments + provider + Self.profile)
            expectModuleNotFailed()
            return result
        }
    }

    @Test(
        "modules that sign in: the sign-in completes (0) and the resource (userinfo) answers the DPoP-bound token after its nonce",
        arguments: [
            "happy-path", "valid-aud-as-array", "token-endpoint-response-without-expires_in", "token-type-case-insensitivity",
            "rs-dpop-auth-scheme-case-insensitivity", "happy-path-no-dpop-nonce",
        ])
    func signsIn(module: String) async throws {
        let client = try await Client(Self.prefix + module)
        let result = try await client.signIn()
        #expect(result.status == 0, "\(module): \(result.stderr)")
        #expect(result.stdout.contains("id_token       validated"), "\(result.stdout)")
        // A userinfo answer is no Dots profile (no features): findings (1), but its sub was read with the bound token.
        let profile = try await client.run(["profile", "--json"])
        #expect(profile.status == 1 && profile.stdout.contains("member-1"), "\(module): \(profile.allOutput)")
        let flow = client.requests.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        #expect(flow.first == "GET .well-known/openid-configuration", "\(flow)")
        #expect(flow.contains("POST par") && flow.contains("GET authorize") && flow.contains("POST token"), "\(flow)")
        #expect(flow.last == "GET userinfo", "the resource was called last: \(flow)")
        if module == "happy-path-no-dpop-nonce" {
            #expect(flow.filter { $0 == "POST token" }.count == 1, "no nonce asked, none met: one token request: \(flow)")
        } else {
            // The suite's nonces change after every response: one use_dpop_nonce at the token endpoint and one at the
            // resource, each retried once with the nonce given.
            #expect(flow.filter { $0 == "POST token" }.count == 2 && flow.filter { $0 == "GET userinfo" }.count == 2, "\(flow)")
        }
        #expect(!(result.allOutput + profile.allOutput).contains("urn:ietf:params:oauth:request_uri"), "no secret-like value printed")
    }

    @Test(
        "modules with a faulty id_token: refused with the reason (76), nothing cached, no call after it",
        arguments: [
            ("invalid-iss", "iss is \"https://attacker.example/\""),
            ("invalid-aud", "does not contain the client id \"dots-fapi\""),
            ("invalid-secondary-aud", "several audiences [\"dots-fapi\", \"invalid-client-id\"] and no azp"),
            ("invalid-null-alg", "it is unsigned (alg none)"),
            (
                "invalid-alternate-alg",
                "signed with RS256, which the FAPI 2.0 Security Profile does not allow (§5.4.1: PS256, ES256 or EdDSA only)"
            ),
            ("invalid-expired-exp", "it expired at"),
            ("invalid-missing-exp", "it has no exp claim"),
            ("invalid-missing-aud", "it has no aud claim"),
            ("invalid-missing-iss", "iss is \"missing\""),
            ("invalid-nonce", "its nonce does not match"),
            ("invalid-missing-nonce", "its nonce does not match"),
        ])
    func idTokenRefused(module: String, expected: String) async throws {
        let client = try await Client(Self.prefix + module)
        let result = try await client.signIn()
        #expect(result.status == 76, "\(module): \(result.allOutput)")
        #expect(result.stderr.contains(expected), "\(module): \(expected) in \(result.stderr)")
        let token = try await client.cli.run(["token", "print"] + client.provider)
        #expect(token.status == 77, "a refused id_token caches nothing: \(token.allOutput)")
        #expect(!client.requests.contains { $0.hasPrefix("GET userinfo") })
    }

    @Test(
        "modules with a faulty authorization response: refused without a token request (77); a wrong or missing state is waited past until the timeout",
        arguments: [
            ("invalid-authorization-response-iss", "https://attacker.example/"),
            ("remove-authorization-response-iss", "(missing)"),
            ("ensure-authorization-response-with-invalid-state-fails", "state"),
            ("ensure-authorization-response-with-invalid-missing-state-fails", "state"),
        ])
    func authorizationResponseRefused(module: String, expected: String) async throws {
        let client = try await Client(Self.prefix + module)
        let result = try await client.signIn(Client.profile, timeout: 4)
        #expect(result.status == 77, "\(module): \(result.allOutput)")
        #expect(result.stderr.contains(expected), "\(module): \(result.stderr)")
        #expect(!client.requests.contains { $0.hasPrefix("POST token") }, "no token request after it: \(client.requests)")
    }

    @Test("discovery issuer mismatch: refused before any other request (76)")
    func discoveryIssuerMismatch() async throws {
        let client = try await Client(Self.prefix + "discovery-issuer-mismatch")
        let result = try await client.cli.run(["authorize", "--no-browser", "--timeout", "5"] + client.provider + Client.profile)
        #expect(result.status == 76, "\(result.allOutput)")
        #expect(result.stderr.contains("https://attacker.example/"), "\(result.stderr)")
        #expect(client.requests == ["GET .well-known/openid-configuration"], "\(client.requests)")
        client.expectModuleNotFailed()
    }

    @Test("refresh under the profile: the assertion and a DPoP proof with the server's nonce; the rotated tokens replace the old")
    func refresh() async throws {
        let client = try await Client("dots-fapi2-refresh")
        #expect(try await client.signIn().status == 0)
        let before = try await client.cli.run(["token", "print"] + client.provider)
        let refreshed = try await client.run(["refresh", "--force"])
        #expect(refreshed.status == 0, "\(refreshed.allOutput)")
        let after = try await client.cli.run(["token", "print"] + client.provider)
        #expect(before.status == 0 && after.status == 0 && before.stdout != after.stdout, "the refreshed token replaced the old")
        let profile = try await client.run(["profile", "--json"])
        #expect(profile.stdout.contains("member-1"), "the refreshed token is bound to the same key: \(profile.allOutput)")
    }

    @Test(
        "the profile refuses a weaker sign-in before anything but discovery is sent (78), naming its rule",
        arguments: [
            (["--no-dpop"], "(§5.3.3.1)", "sender-constrained"),
            (["--no-par"], "(§5.3.3.2)", "authorization requests are pushed"),
            (["--client-assertion-audience", "endpoint"], "(§5.3.3.1)", "names the issuer as its one audience"),
            (["--client-auth", "client_secret_post"], "(§5.3.3.1)", "private_key_jwt, not client_secret_post"),
            (["--flow", "device"], "(§5.3.3.2)", "not the device flow"),
        ])
    func weakerRefused(extra: [String], section: String, expected: String) async throws {
        let client = try await Client(Self.prefix + "happy-path")
        var arguments = ["authorize", "--no-browser", "--timeout", "5"] + client.provider + Client.profile + extra
        if extra.contains("client_secret_post") {
            let secret = client.cli.home.path("secret")
            try Data("not-to-be-sent\n".utf8).write(to: URL(fileURLWithPath: secret))
            arguments += ["--client-secret-file", secret]
        }
        let result = try await client.cli.run(arguments)
        #expect(result.status == 78, "\(extra): \(result.allOutput)")
        #expect(result.stderr.contains("FAPI 2.0 Security Profile \(section)") && result.stderr.contains(expected), "\(result.stderr)")
        #expect(client.requests.allSatisfy { $0.hasPrefix("GET .well-known/") }, "nothing but discovery was sent: \(client.requests)")
        client.expectModuleNotFailed()
    }

    @Test(
        "discover judges a provider against the profile: the suite's provider passes; one that breaks one rule is named by its code",
        arguments: [
            ("\(prefix)happy-path", 0, nil),
            ("dots-fapi2-provider-no-par", 1, "discover.fapi2.par-missing"),
            ("dots-fapi2-provider-par-optional", 0, "discover.fapi2.par-optional"),
            ("dots-fapi2-provider-no-iss", 1, "discover.fapi2.iss-unadvertised"),
            ("dots-fapi2-provider-bearer", 1, "discover.fapi2.sender-constraint-missing"),
            ("dots-fapi2-provider-secret-auth", 1, "discover.fapi2.client-auth"),
            ("dots-fapi2-provider-rs256", 1, "discover.fapi2.algorithm"),
            ("dots-fapi2-provider-password-grant", 1, "discover.fapi2.grant-forbidden"),
        ] as [(String, Int32, String?)])
    func discoverJudgesProvider(module: String, status: Int32, code: String?) async throws {
        let client = try await Client(module)
        let judged = try await client.cli.run(["discover", "--json", "--issuer", client.issuer, "--security-profile", "fapi2"])
        #expect(judged.status == status, "\(module): \(judged.allOutput)")
        let document = try JSONSerialization.jsonObject(with: Data(judged.stdout.utf8)) as? [String: Any]
        let codes = ((document?["findings"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
        #expect(codes.filter { $0.hasPrefix("discover.fapi2.") } == (code.map { [$0] } ?? []), "\(module): \(codes)")
        // Without the profile the same provider is no FAPI 2.0 provider to judge: none of the profile's findings.
        let plain = try await client.cli.run(["discover", "--json", "--issuer", client.issuer])
        #expect(!plain.stdout.contains("discover.fapi2."), "\(plain.stdout)")
        if module.contains("no-par") {
            // A sign-in held to the profile stops at the same rule, before anything but discovery is sent.
            let refused = try await client.cli.run(["authorize", "--no-browser", "--timeout", "5"] + client.provider + Client.profile)
            #expect(
                refused.status == 78 && refused.stderr.contains("names no pushed_authorization_request_endpoint"), "\(refused.allOutput)")
        }
    }

    @Test(
        "check of a FAPI 2.0 channel judges its provider by the profile: the suite's provider passes discovery, one without PAR fails it"
    )
    func checkJudgesChannelProvider() async throws {
        for (module, status, code) in [
            ("\(Self.prefix)happy-path", Int32(0), nil), ("dots-fapi2-provider-no-par", 1, "discover.fapi2.par-missing"),
        ] {
            let client = try await Client(module)
            let file = client.cli.home.path("fapi.json")
            let channel: [String: Any] = [
                "name": "fapi", "issuer": client.issuer, "clientId": "dots-fapi", "clientKeyFile": client.key, "securityProfile": "fapi2",
            ]
            try JSONSerialization.data(withJSONObject: channel).write(to: URL(fileURLWithPath: file))
            let checked = try await client.cli.run(["check", "--channel", file, "--only", "discovery", "--json"])
            #expect(checked.status == status, "\(module): \(checked.allOutput)")
            let fapiCodes = checked.stdout.components(separatedBy: "\"code\"").dropFirst()
                .compactMap { $0.split(separator: "\"").dropFirst().first.map(String.init) }.filter { $0.hasPrefix("discover.fapi2.") }
            #expect(fapiCodes == (code.map { [$0] } ?? []), "\(module): \(checked.stdout)")
        }
    }

    @Test("without the profile the alternate-alg module's RS256 id_token is accepted: the profile is what refuses it")
    func profileIsWhatRefusesRS256() async throws {
        let client = try await Client(Self.prefix + "invalid-alternate-alg")
        let result = try await client.signIn(["--dpop", "--client-assertion-audience", "issuer"])
        #expect(result.status == 0, "\(result.allOutput)")
    }

    @Test("a channel file's securityProfile holds the sign-in as the flag does, and channel show says so")
    func channelProfile() async throws {
        let client = try await Client(Self.prefix + "invalid-alternate-alg")
        let create = try await client.cli.run(
            [
                "channel", "init", "fapi", "--issuer", client.issuer, "--client-id", "dots-fapi", "--client-key-file", client.key,
                "--security-profile", "fapi2",
            ])
        #expect(create.status == 0, "\(create.allOutput)")
        let show = try await client.cli.run(["channel", "show", "fapi"])
        #expect(show.stdout.contains("fapi2 (FAPI 2.0 Security Profile)"), "\(show.stdout)")
        let result = try await client.cli.signInApprovedAtOnce(
            ["authorize", "--no-browser", "--timeout", "20", "--channel", "fapi"], urlPattern: client.authorizeURL)
        #expect(result.status == 76 && result.stderr.contains("signed with RS256"), "\(result.allOutput)")
        client.expectModuleNotFailed()
    }
}
