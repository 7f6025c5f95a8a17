import Foundation
import TestSupport
import Testing

/// The OpenID Foundation's RP conformance modules (Basic, Config, Refresh, RP-initiated logout, and parts of the
/// full plan), each a provider misbehaving exactly as the suite's module does (`Tests/Peers/rp_conformance.py`),
/// with the built binary signing in through it. README's "OpenID RP conformance" table lists the same outcomes. As in
/// the suite, a request to a path the module does not serve fails the module: every case checks none did. Each case
/// is a run of its module of its own (`M~RUN`), so cases run side by side.
@Suite("OpenID RP conformance modules against the built binary")
struct RPConformanceTests {
    /// One provider for the whole suite: it serves every module under its own path, and its state (codes, tokens, a
    /// rotated key) is per module or per token, so the modules do not meet. Started once, not once per case.
    enum SharedProvider {
        static let peer = SharedPeer<(peer: BackgroundProcess, port: Int, log: TemporaryDirectory)>()

        /// The provider's port and its request log.
        static func start() async throws -> (port: Int, log: String) {
            let running = try await peer.value {
                let log = TemporaryDirectory("rplog")
                let (peer, port) = try await Peers.rpConformance(log: log.path("requests.log"))
                return (peer, port, log)
            }
            return (running.port, running.log.path("requests.log"))
        }
    }

    /// One module of the shared provider, and a dots-sso home of its own.
    struct RP {
        let port: Int
        let log: String
        /// Where the log stood when this case began (lines of other runs are told apart by their module run).
        let logStart: Int
        let cli = DotsSSOCLI()
        let module: String

        /// A fresh run of `module`.
        init(_ module: String) async throws {
            self.module = "\(module)~\(UUID().uuidString.prefix(8).lowercased())"
            (port, log) = try await SharedProvider.start()
            logStart = (try? Data(contentsOf: URL(fileURLWithPath: log)).count) ?? 0
        }

        var issuer: String { "http://127.0.0.1:\(port)/\(module)" }
        var provider: [String] { ["--issuer", issuer, "--client-id", "dots-rp"] }

        /// The requests this module's provider received, as "METHOD path[ no-cache]".
        var requests: [String] {
            String(decoding: ((try? Data(contentsOf: URL(fileURLWithPath: log))) ?? Data()).dropFirst(logStart), as: UTF8.self)
                .split(separator: "\n")
                .filter { $0.hasPrefix(module + " ") }.map { String($0.dropFirst(module.count + 1)) }
        }

        /// What failed the module, as the suite would have: a request to a path it does not serve, a refresh it does
        /// not test.
        var failures: [String] {
            String(decoding: ((try? Data(contentsOf: URL(fileURLWithPath: log))) ?? Data()).dropFirst(logStart), as: UTF8.self)
                .split(separator: "\n")
                .filter { $0.hasPrefix(module + " FAIL ") }.map { String($0.dropFirst(module.count + 6)) }
        }

        /// The suite's verdict on everything this case sent so far.
        func expectModuleNotFailed(sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(failures.isEmpty, "\(module) failed as the suite fails it: \(failures)", sourceLocation: sourceLocation)
        }

        /// `authorize` through the module's provider, which approves at once: the redirect is followed as a browser would.
        func signIn(_ extra: [String] = []) async throws -> ProcessResult {
            let result = try await cli.signInApprovedAtOnce(
                ["authorize", "--no-browser", "--scope", "openid profile email", "--timeout", "20"] + provider + extra,
                urlPattern: "^(http://127\\.0\\.0\\.1:\(port)/\(module)/authorize\\?\\S+)$")
            expectModuleNotFailed()
            return result
        }

        func run(_ arguments: [String]) async throws -> ProcessResult {
            let result = try await cli.run(arguments + provider)
            expectModuleNotFailed()
            return result
        }

        func cachedAccessToken() async throws -> String? {
            let shown = try await cli.run(["token", "print"] + provider + ["--min-validity", "0"])
            return shown.status == 0 ? shown.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
        }
    }

    @Test(
        "sign-in modules: an id_token the suite expects refused is refused with the reason (76); the others sign in (0)",
        arguments: [
            ("oidcc-client-test", 0, "id_token       validated"),
            ("oidcc-client-test-idtoken-sig-rs256", 0, "id_token       validated"),
            ("oidcc-client-test-idtoken-sig-es256", 0, "id_token       validated"),
            ("oidcc-client-test-kid-absent-single-jwks", 0, "id_token       validated"),
            ("oidcc-client-test-kid-absent-multiple-jwks", 0, "id_token       validated"),
            ("oidcc-client-test-ignores-unparseable-key-in-jwks", 0, "id_token       validated"),
            ("oidcc-client-test-invalid-iss", 76, "iss is \"https://attacker.example/\""),
            ("oidcc-client-test-missing-sub", 76, "it has no sub claim"),
            ("oidcc-client-test-invalid-aud", 76, "does not contain the client id \"dots-rp\""),
            ("oidcc-client-test-missing-aud", 76, "it has no aud claim"),
            ("oidcc-client-test-missing-iat", 76, "it has no iat claim"),
            ("oidcc-client-test-idtoken-sig-none", 76, "it is unsigned (alg none)"),
            ("oidcc-client-test-invalid-sig-rs256", 76, "the signature does not verify"),
            ("oidcc-client-test-invalid-sig-es256", 76, "the signature does not verify"),
            ("oidcc-client-test-idtoken-sig-hs256", 76, "signed with HS256, a key shared with the client"),
            ("oidcc-client-test-nonce-invalid", 76, "its nonce does not match"),
            ("dots-rsa-exponent-1", 76, "kid \"rsa1\"): an RSA key with the public exponent 1 proves nothing"),
            ("dots-rsa-1024", 76, "kid \"rsa1024\"): a 1024-bit RSA key is too short"),
            ("dots-crit-unknown", 76, "\"urn:example:must-understand\" as critical (crit)"),
            ("dots-multiple-aud-no-azp", 76, "several audiences [\"dots-rp\", \"another-client\"] and no azp"),
            ("dots-exp-huge", 76, "its exp claim is not a time (1e+300)"),
            ("dots-idtoken-sig-rs384", 0, "id_token       validated"),
            ("dots-idtoken-sig-rs512", 0, "id_token       validated"),
            ("dots-idtoken-sig-ps256", 0, "id_token       validated"),
            ("dots-idtoken-sig-ps384", 0, "id_token       validated"),
            ("dots-idtoken-sig-ps512", 0, "id_token       validated"),
            ("dots-idtoken-sig-es384", 0, "id_token       validated"),
            ("dots-idtoken-sig-es512", 0, "id_token       validated"),
            ("dots-idtoken-sig-eddsa", 0, "id_token       validated"),
            ("dots-invalid-sig-ps256", 76, "the signature does not verify"),
            ("dots-invalid-sig-es384", 76, "the signature does not verify"),
            ("dots-invalid-sig-eddsa", 76, "the signature does not verify"),
            ("dots-jwk-alg-mismatch", 76, "no PS256 key with kid \"rsa1\" in the provider's JWKS"),
        ])
    func signInModule(module: String, status: Int32, expected: String) async throws {
        let rp = try await RP(module)
        let result = try await rp.signIn()
        #expect(result.status == status, "\(module): \(result.stderr)")
        #expect((result.stdout + result.stderr).contains(expected), "\(module): \(expected) in \(result.stdout) \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count <= 4, "one line for the failure: \(result.stderr)")
        await #expect(try rp.cachedAccessToken() != nil || status != 0, "\(module): the sign-in is cached")
        if status != 0 { await #expect(try rp.cachedAccessToken() == nil, "\(module): a refused id_token caches nothing") }
    }

    @Test("max_age: a fresh auth_time signs in; a provider that ignores max_age (an hour-old auth_time, or none) is refused (76)")
    func maxAge() async throws {
        let fresh = try await RP("oidcc-client-test")
        let signedIn = try await fresh.signIn(["--max-age", "60"])
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        let old = try await RP("dots-auth-time-old")
        let refused = try await old.signIn(["--max-age", "60"])
        #expect(refused.status == 76, "\(refused.allOutput)")
        #expect(
            refused.stderr.contains("authenticated 3600 s ago") || refused.stderr.contains("authenticated 3601 s ago"), "\(refused.stderr)")
        await #expect(try old.cachedAccessToken() == nil, "a refused id_token caches nothing")
        #expect(try await RP("dots-auth-time-old").signIn().status == 0, "without max_age an old authentication is no fault")
        let missing = try await RP("dots-auth-time-missing").signIn(["--max-age", "600"])
        #expect(missing.status == 76 && missing.stderr.contains("no auth_time claim"), "\(missing.allOutput)")
    }

    @Test("client-secret-basic: the secret goes in the Authorization header only, and the sign-in completes")
    func clientSecretBasic() async throws {
        let rp = try await RP("oidcc-client-test-client-secret-basic")
        let secret = rp.cli.home.path("secret")
        try Data("rp-conformance-secret\n".utf8).write(to: URL(fileURLWithPath: secret))
        let result = try await rp.signIn(["--client-secret-file", secret])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains("rp-conformance-secret"))
        let publicClient = try await RP("oidcc-client-test-client-secret-basic")
        await #expect(try publicClient.signIn().status == 78, "without the secret the provider's invalid_client is a configuration error")
    }

    // A userinfo answer is not a Dots profile (no features), so `profile` reports findings (1); what matters here is
    // that its claims were read, or refused.
    @Test(
        "userinfo: claims of the scopes asked, the bearer token in the header; a userinfo sub that is not the id_token's is refused (76)",
        arguments: [
            ("oidcc-client-test-scope-userinfo-claims", 1, "tess@partner.example"),
            ("oidcc-client-test-userinfo-bearer-header", 1, "member-1"),
            (
                "oidcc-client-test-userinfo-invalid-sub", 76,
                "its sub \"someone-else\" is not the signed-in member's (\"member-1\" in the id_token)"
            ),
        ])
    func userinfo(module: String, status: Int32, expected: String) async throws {
        let rp = try await RP(module)
        await #expect(try rp.signIn().status == 0)
        let profile = try await rp.run(["profile", "--json"])
        #expect(profile.status == status, "\(profile.stderr)")
        #expect((profile.stdout + profile.stderr).contains(expected), "\(profile.stdout) \(profile.stderr)")
        if status > 1 {
            // None of the refused answer is shown as a result: stdout is only the failure document, saying why.
            let document = try JSONSerialization.jsonObject(with: Data(profile.stdout.utf8)) as? [String: Any]
            #expect(Set(document?.keys.map { $0 } ?? []) == ["exitStatus", "problem"], "\(profile.stdout)")
        }
        #expect(rp.requests.contains("GET userinfo"))
    }

    @Test("discovery: the document and its JWKS are used; a document naming another issuer is refused before anything is sent (76)")
    func discovery() async throws {
        for module in ["oidcc-client-test-discovery-openid-config", "oidcc-client-test-discovery-jwks-uri-keys"] {
            let rp = try await RP(module)
            await #expect(try rp.signIn().status == 0)
            #expect(rp.requests.contains("GET jwks"), "the id_token was checked with the keys at jwks_uri")
            // Only what the flow needs: the OpenID configuration lacks a revocation endpoint, and nothing else is asked.
            #expect(
                Set(rp.requests.map { $0.split(separator: " ").prefix(2).joined(separator: " ") })
                    == ["GET .well-known/openid-configuration", "GET authorize", "POST token", "GET jwks"], "\(rp.requests)")
        }
        let rp = try await RP("oidcc-client-test-discovery-issuer-mismatch")
        let discover = try await rp.run(["discover"])
        #expect(discover.status == 1)
        #expect(discover.stdout.contains("discover.issuer.mismatch"))
        let authorize = try await rp.cli.run(["authorize", "--no-browser", "--timeout", "5"] + rp.provider)
        #expect(authorize.status == 76, "\(authorize.stderr)")
        #expect(authorize.stderr.contains("it names the issuer \"https://another-issuer.example/\""), "\(authorize.stderr)")
        #expect(!rp.requests.contains { $0.hasPrefix("GET authorize") }, "nothing was sent to the refused metadata's endpoints")
    }

    @Test(
        "signing-key rotation: the second sign-in's id_token has a new kid; a JWKS answered from a stale cache is fetched once more, fresh")
    func keyRotation() async throws {
        let rp = try await RP("oidcc-client-test-signing-key-rotation")
        await #expect(try rp.signIn().status == 0)
        let second = try await rp.signIn()
        #expect(second.status == 0, "\(second.stderr)")
        let jwks = rp.requests.filter { $0.hasPrefix("GET jwks") }
        #expect(jwks == ["GET jwks", "GET jwks", "GET jwks no-cache"], "\(jwks)")
    }

    @Test(
        "refresh: a refreshed id_token of the same member is kept; another iss, sub, aud or azp is refused (76) and the tokens from before stay",
        arguments: [
            ("oidcc-client-test-refresh-token", 0, ""),
            ("oidcc-client-test-refresh-token-invalid-issuer", 76, "iss is \"https://attacker.example/\""),
            ("oidcc-client-test-refresh-token-invalid-sub", 76, "names another subject (\"someone-else\", signed in as \"member-1\")"),
            (
                "oidcc-client-test-refresh-token-invalid-aud", 76,
                "aud [\"dots-rp\", \"another-client\"] is not the sign-in's [\"dots-rp\"]"
            ),
            ("oidcc-client-test-refresh-token-invalid-azp", 76, "azp is \"dots-rp\", the sign-in's had none"),
        ])
    func refresh(module: String, status: Int32, expected: String) async throws {
        let rp = try await RP(module)
        await #expect(try rp.signIn().status == 0)
        let before = try await rp.cachedAccessToken()
        let refreshed = try await rp.run(["refresh", "--force"])
        #expect(refreshed.status == status, "\(refreshed.stderr)")
        #expect(expected.isEmpty || refreshed.stderr.contains(expected), "\(refreshed.stderr)")
        let after = try await rp.cachedAccessToken()
        #expect(before != nil && after != nil)
        #expect((before == after) == (status != 0), "a refused refresh keeps the tokens from before; an accepted one replaces them")
        if status != 0 { #expect(refreshed.stderr.contains("nothing of that answer was kept")) }
    }

    @Test(
        "RP-initiated logout: the state sent comes back and is checked; another state is refused (76); no state is said (0)",
        arguments: [
            ("oidcc-client-test-rp-init-logout", 0, "the provider ended its session and sent the browser back (state checked)"),
            ("oidcc-client-test-rp-init-logout-other-state", 76, "carried a state this logout did not send"),
            ("oidcc-client-test-rp-init-logout-no-state", 0, "without the state this logout sent"),
        ])
    func rpInitiatedLogout(module: String, status: Int32, expected: String) async throws {
        let rp = try await RP(module)
        await #expect(try rp.signIn().status == 0)
        // The "browser": follows the logout URL's redirects to the loopback post-logout page, as a person's would.
        let browser = rp.cli.home.path("browser.sh")
        try Data("#!/bin/sh\ncurl -s -L -o /dev/null --max-time 10 \"$1\" &\n".utf8).write(to: URL(fileURLWithPath: browser))
        chmod(browser, 0o755)
        let returnPort = try freeLoopbackPort()
        let result = try await rp.run([
            "logout", "--open", "--browser-command", browser, "--timeout", "15",
            "--post-logout-redirect-uri", "http://127.0.0.1:\(returnPort)/signed-out",
        ])
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(rp.requests.contains("GET logout"), "the browser went to the end-session endpoint")
        if status == 0 { #expect(result.stdout.contains("state="), "the state was sent: \(result.stdout)") }
        #expect(!result.stdout.contains("id_token_hint"), "the hint goes only to the browser")
    }
}
