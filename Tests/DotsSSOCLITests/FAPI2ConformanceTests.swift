import Foundation
import TestSupport
import Testing

/// The OpenID Foundation's FAPI 2.0 Security Profile (final) RP test plan, in its "private key + DPoP" and "mTLS"
/// (tls_client_auth, certificate-bound tokens, mtls_endpoint_aliases on a TLS port that requires the client's
/// certificate) variants: each module a provider breaking one rule (`Tests/Peers/fapi2_conformance.py`), the built
/// binary signing in through it with `--security-profile fapi2`. As in the suite, any request a module does not expect fails it, so every case checks
/// that none did. README's "FAPI 2.0 RP conformance" table lists the same outcomes.
@Suite("FAPI 2.0 RP conformance modules against the built binary")
struct FAPI2ConformanceTests {
    static let prefix = "fapi2-security-profile-final-client-test-"

    /// The plan's two client variants.
    enum Variant: String, CaseIterable, Sendable { case dpop, mtls }

    /// What the shared provider is: its port, request log, the client key, and the test CA with the client's certificate.
    struct Setup: Sendable {
        let port: Int
        /// The mTLS variant's TLS port (the `mtls_endpoint_aliases`).
        let mtlsPort: Int
        let log: String
        let key: String
        let pki: TestPKI
        let certificate: (certificate: String, key: String)
    }

    /// One provider, one client key and one client certificate for the whole suite (the provider registers both).
    enum SharedProvider {
        static let peer = SharedPeer<(peer: BackgroundProcess, setup: Setup, work: TemporaryDirectory)>()

        static func start() async throws -> Setup { try await peer.value { try await launch() }.setup }

        private static func launch() async throws -> (peer: BackgroundProcess, setup: Setup, work: TemporaryDirectory) {
            let work = TemporaryDirectory("fapi2")
            let keys = try await DotsSSOCLI().run(["keys", "generate", "--output", work.path("client.pem")])
            try #require(keys.status == 0, "keys generate: \(keys.stderr)")
            try Data(keys.stdout.utf8).write(to: URL(fileURLWithPath: work.path("client.jwk")))
            let pki = try TestPKI()
            let certificate = try pki.client(name: "dots-fapi")
            let (peer, port, mtlsPort) = try await Peers.fapi2Conformance(
                log: work.path("requests.log"), clientJWK: work.path("client.jwk"), pki: pki, clientCertificate: certificate.certificate)
            let setup = Setup(
                port: port, mtlsPort: mtlsPort, log: work.path("requests.log"), key: work.path("client.pem"), pki: pki,
                certificate: certificate)
            return (peer, setup, work)
        }
    }

    /// One module, and a dots-sso home of its own.
    struct Client {
        let setup: Setup
        let logStart: Int
        let cli = DotsSSOCLI()
        let module: String
        let variant: Variant
        var port: Int { setup.port }
        var log: String { setup.log }
        var key: String { setup.key }

        /// A fresh run of `module` in `variant` (the provider keeps each run's state apart, as the suite's module
        /// instances are; a run named mtls… plays the mTLS variant).
        init(_ module: String, _ variant: Variant = .dpop) async throws {
            self.variant = variant
            self.module = "\(module)~\(variant == .mtls ? "mtls-" : "")\(UUID().uuidString.prefix(8).lowercased())"
            setup = try await SharedProvider.start()
            logStart = (try? Data(contentsOf: URL(fileURLWithPath: setup.log)).count) ?? 0
        }

        var issuer: String { "http://127.0.0.1:\(port)/\(module)/" }
        /// The authorization URL a sign-in prints, as a pattern with one capture group.
        var authorizeURL: String { "^(http://127\\.0\\.0\\.1:\(port)/\(module)/authorize\\?\\S+)$" }
        /// The channel as flags: the provider, the client and its key (or its certificate, and the CA of the provider's
        /// TLS port); the profile is added by each call.
        var provider: [String] {
            switch variant {
            case .dpop: ["--issuer", issuer, "--client-id", "dots-fapi", "--client-key-file", key]
            case .mtls:
                [
                    "--issuer", issuer, "--client-id", "dots-fapi", "--client-cert-file", setup.certificate.certificate,
                    "--client-cert-key-file", setup.certificate.key, "--cacert", setup.pki.caCertificate,
                ]
            }
        }
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
        "modules that sign in: the sign-in completes (0) and the resource (userinfo) answers the bound token (DPoP after its nonce; mTLS over the alias)",
        arguments: [
            (Variant.dpop, "happy-path"), (.dpop, "valid-aud-as-array"), (.dpop, "token-endpoint-response-without-expires_in"),
            (.dpop, "token-type-case-insensitivity"), (.dpop, "rs-dpop-auth-scheme-case-insensitivity"),
            (.dpop, "happy-path-no-dpop-nonce"),
            // The suite runs the DPoP-only modules (the RS scheme's case, no nonce) for DPoP alone.
            (.mtls, "happy-path"), (.mtls, "valid-aud-as-array"), (.mtls, "token-endpoint-response-without-expires_in"),
            (.mtls, "token-type-case-insensitivity"),
        ])
    func signsIn(variant: Variant, module: String) async throws {
        let client = try await Client(Self.prefix + module, variant)
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
        if variant == .mtls || module == "happy-path-no-dpop-nonce" {
            // mTLS has no nonces; the no-nonce module asks for none, and none is met.
            #expect(flow.filter { $0 == "POST token" }.count == 1, "one token request: \(flow)")
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
        ].flatMap { module, expected in Variant.allCases.map { ($0, module, expected) } })
    func idTokenRefused(variant: Variant, module: String, expected: String) async throws {
        let client = try await Client(Self.prefix + module, variant)
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
        ].flatMap { module, expected in Variant.allCases.map { ($0, module, expected) } })
    func authorizationResponseRefused(variant: Variant, module: String, expected: String) async throws {
        let client = try await Client(Self.prefix + module, variant)
        // A wrong or missing state is waited past, so those modules take the whole timeout; 4 s was too short for the
        // browser's two requests on a loaded CI machine (the redirect came after the wait had ended: 75, not 77). The
        // issuer modules end at the redirect, so their longer wait costs nothing.
        let result = try await client.signIn(Client.profile, timeout: expected == "state" ? 8 : 20)
        #expect(result.status == 77, "\(module): \(result.allOutput)")
        #expect(result.stderr.contains(expected), "\(module): \(result.stderr)")
        #expect(!client.requests.contains { $0.hasPrefix("POST token") }, "no token request after it: \(client.requests)")
    }

    @Test("discovery issuer mismatch: refused before any other request (76)", arguments: Variant.allCases)
    func discoveryIssuerMismatch(variant: Variant) async throws {
        let client = try await Client(Self.prefix + "discovery-issuer-mismatch", variant)
        let result = try await client.cli.run(["authorize", "--no-browser", "--timeout", "5"] + client.provider + Client.profile)
        #expect(result.status == 76, "\(result.allOutput)")
        #expect(result.stderr.contains("https://attacker.example/"), "\(result.stderr)")
        #expect(client.requests == ["GET .well-known/openid-configuration"], "\(client.requests)")
        client.expectModuleNotFailed()
    }

    @Test(
        "refresh under the profile: the assertion and a DPoP proof with the server's nonce, or the certificate over the alias; the rotated tokens replace the old",
        arguments: Variant.allCases)
    func refresh(variant: Variant) async throws {
        let client = try await Client("dots-fapi2-refresh", variant)
        #expect(try await client.signIn().status == 0)
        let before = try await client.cli.run(["token", "print"] + client.provider)
        let refreshed = try await client.run(["refresh", "--force"])
        #expect(refreshed.status == 0, "\(refreshed.allOutput)")
        let after = try await client.cli.run(["token", "print"] + client.provider)
        #expect(before.status == 0 && after.status == 0 && before.stdout != after.stdout, "the refreshed token replaced the old")
        let profile = try await client.run(["profile", "--json"])
        #expect(profile.stdout.contains("member-1"), "the refreshed token is bound to the same key: \(profile.allOutput)")
        if variant == .dpop {
            // A refresh is held to the profile as the sign-in was: an assertion to the endpoint is refused unsent.
            let weaker = try await client.cli.run(
                ["refresh", "--force", "--client-assertion-audience", "endpoint"] + client.provider + Client.profile)
            #expect(weaker.status == 78 && weaker.stderr.contains("(§5.3.3.1)"), "\(weaker.allOutput)")
            client.expectModuleNotFailed()
        }
    }

    @Test(
        "mTLS at openssl s_server requiring a client certificate from the test CA: the bound token's resource is read with the certificate; without it the handshake is refused (69)"
    )
    func opensslRequiresClientCertificate() async throws {
        let client = try await Client(Self.prefix + "happy-path", .mtls)
        #expect(try await client.signIn().status == 0)
        let files = TemporaryDirectory("www")
        try Data(#"{"sub": "member-1", "id": "member-1"}"#.utf8).write(to: URL(fileURLWithPath: files.path("profile.json")))
        let (server, port) = try await Peers.opensslClientCertificateServer(pki: client.setup.pki, serving: files.url.path)
        let endpoint = ["--profile-endpoint", "https://127.0.0.1:\(port)/profile.json"]
        let shown = try await client.cli.run(["profile", "--json"] + endpoint + client.provider + Client.profile)
        #expect(shown.stdout.contains("\"member-1\"") && [0, 1].contains(shown.status), "\(shown.allOutput)")
        // The same cached sign-in without the certificate: s_server refuses the handshake, which is a network failure.
        let bare = try await client.cli.run(
            ["profile", "--json"] + endpoint + [
                "--issuer", client.issuer, "--client-id", "dots-fapi", "--cacert", client.setup.pki.caCertificate,
            ])
        #expect(bare.status == 69, "\(bare.allOutput)")
        withExtendedLifetime(server) {}
    }

    @Test(
        "token print --curl-config of a certificate-bound token names the certificate and key: curl -K reads userinfo over the mTLS alias with it"
    )
    func curlConfigCarriesCertificate() async throws {
        let client = try await Client(Self.prefix + "happy-path", .mtls)
        #expect(try await client.signIn().status == 0)
        let userinfo = "https://127.0.0.1:\(client.setup.mtlsPort)/\(client.module)/userinfo"
        let config = try await client.cli.run(["token", "print", "--curl-config", userinfo] + client.provider + Client.profile)
        #expect(config.status == 0 && config.stdout.contains("cert = \"") && config.stdout.contains("key = \""), "\(config.allOutput)")
        #expect(!config.stdout.contains("PRIVATE KEY"), "the config names the key file, never holds the key")
        let curl = try await ProcessRunner.run(
            "/usr/bin/curl", ["-sS", "--fail", "--cacert", client.setup.pki.caCertificate, "-K", "-"], stdin: Data(config.stdout.utf8),
            timeout: 20)
        #expect(curl.status == 0 && curl.stdout.contains("member-1"), "\(curl.allOutput)")
        client.expectModuleNotFailed()
    }

    @Test(
        "the profile refuses a weaker sign-in before anything but discovery is sent (78), naming its rule",
        arguments: [
            (["--no-dpop"], "(§5.3.3.1)", "sender-constrained"),
            (["--no-par"], "(§5.3.3.2)", "authorization requests are pushed"),
            (["--client-assertion-audience", "endpoint"], "(§5.3.3.1)", "names the issuer as its one audience"),
            (["--client-auth", "client_secret_post"], "(§5.3.3.1)", "private_key_jwt or mTLS, not client_secret_post"),
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
