import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// The whole sign-in against a provider nobody here wrote: oidc-provider-mock 0.4.8 from PyPI (0.3.4 where the
/// machine's Python is Debian 12's 3.11: that version wants clients to authenticate, so they get a secret).
@Suite("sign-in against oidc-provider-mock", .serialized)
struct OIDCMockTests {
    static let alice =
        #"{"sub":"alice","email":"alice@example.com","given_name":"Alice","features":{"canAccessApp":true,"canAccessContainer1":false}}"#

    /// A running mock, its request log, and a dots-sso home with an isolated cache.
    struct Setup {
        let mock: BackgroundProcess
        let port: Int
        let log: TemporaryDirectory
        let cli = DotsSSOCLI()

        /// Extra client flags: a client secret for the 0.3 mock, which takes no public client.
        let client: [String]
        let version: String

        init(tokenMaxAge: Int? = nil) async throws {
            log = TemporaryDirectory("mocklog")
            (mock, port, version) = try await Peers.oidcMock(
                claims: [OIDCMockTests.alice], tokenMaxAge: tokenMaxAge, log: log.path("requests.log"))
            if version.hasPrefix("0.3.") {
                print("NOTICE: oidc-provider-mock \(version) (Python < 3.12) takes no public client; signing in with a client secret")
                let secret = log.path("client-secret")
                try "any-secret-the-mock-accepts".write(toFile: secret, atomically: true, encoding: .utf8)
                chmod(secret, 0o600)
                client = ["--client-secret-file", secret]
            } else {
                client = []
            }
        }

        var issuer: String { "http://127.0.0.1:\(port)" }
        var provider: [String] { ["--issuer", issuer, "--client-id", "dots-cli"] + client }

        /// The request lines the mock received, e.g. "POST /oauth2/token".
        var requests: [String] {
            ((try? String(contentsOfFile: log.path("requests.log"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        func count(_ line: String) -> Int { requests.filter { $0 == line }.count }

        /// Starts `authorize --no-browser` and returns it with the authorization URL it printed alone on a line of stderr.
        func startAuthorize(_ extra: [String] = []) async throws -> (BackgroundProcess, String) {
            let process = try cli.start(
                ["authorize", "--no-browser", "--scope", "openid profile email", "--timeout", "60"] + provider + extra)
            let url = try await process.waitFor("^(http://127\\.0\\.0\\.1:\(port)/oauth2/authorize\\?\\S+)$", inErrors: true)
            return (process, url)
        }

        /// Signs in as `sub` through the mock's form and returns the finished authorize run.
        func login(as sub: String = "alice") async throws -> ProcessResult {
            let (process, url) = try await startAuthorize()
            let callback = try await Browser.redirectTarget(of: url, form: ["sub": sub])
            let page = try await Browser.get(callback)
            #expect(page.status == 200)
            #expect(page.body.contains("Signed in"))
            return await process.finish()
        }

        /// Makes the cached access token expired, as time passing would, without waiting for it.
        func expireCachedAccessToken() async throws {
            let cache = TokenCache(directory: URL(fileURLWithPath: cli.cacheDirectory))
            try await cache.update(CacheKey(authority: issuer, clientId: "dots-cli")) { entry in
                var oauth = try #require(entry?.oauth)
                oauth.tokens?.expiresAt = Date().addingTimeInterval(-1)
                entry?.oauth = oauth
            }
        }

        /// Moves the cached access token's expiry to `seconds` from now, as time passing would.
        func ageCachedAccessToken(leaving seconds: TimeInterval) async throws {
            let cache = TokenCache(directory: URL(fileURLWithPath: cli.cacheDirectory))
            try await cache.update(CacheKey(authority: issuer, clientId: "dots-cli")) { entry in
                var oauth = try #require(entry?.oauth)
                oauth.tokens?.expiresAt = Date().addingTimeInterval(seconds)
                entry?.oauth = oauth
            }
        }

        func cachedTokens() throws -> TokenSet {
            let cache = TokenCache(directory: URL(fileURLWithPath: cli.cacheDirectory))
            return try #require(try cache.read(CacheKey(authority: issuer, clientId: "dots-cli")).entry?.oauth.tokens)
        }
    }

    @Test("scripted login: tokens cached 0600 in a 0700 directory, never printed; token print feeds userinfo")
    func login() async throws {
        let setup = try await Setup()
        defer { setup.mock.stop() }
        let started = Date()
        let result = try await setup.login()
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("alice"))
        #expect(result.stdout.contains("validated"))
        #expect(result.stdout.contains("openid profile email"))
        print("scripted login against oidc-provider-mock took \(String(format: "%.2f", elapsed)) s end to end")

        let tokens = try setup.cachedTokens()
        let secrets = [tokens.accessToken, tokens.refreshToken, tokens.idToken].compactMap { $0 }
        #expect(secrets.count == 3)
        for secret in secrets { #expect(!result.allOutput.contains(secret)) }
        let directory = setup.cli.cacheDirectory
        #expect((try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int) == 0o700)
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) {
            #expect(
                (try FileManager.default.attributesOfItem(atPath: "\(directory)/\(file)")[.posixPermissions] as? Int) == 0o600, "\(file)")
        }

        let printed = try await setup.cli.run(["token", "print"] + setup.provider)
        #expect(printed.status == 0)
        #expect(printed.stdout == tokens.accessToken + "\n")
        #expect(printed.stderr.isEmpty)
        let userinfo = try await Browser.get(
            "\(setup.issuer)/userinfo", headers: ["Authorization: Bearer \(printed.stdout.trimmingCharacters(in: .newlines))"])
        #expect(userinfo.status == 200)
        #expect(userinfo.body.contains("\"canAccessApp\": true"))

        for command in [
            ["token", "show"], ["token", "show", "--json"], ["refresh"], ["cache", "list"], ["cache", "list", "--json"],
            ["refresh", "--json"],
        ] {
            let output = try await setup.cli.run(command + (command.first == "cache" ? [] : setup.provider))
            #expect(output.status == 0, "\(command): \(output.stderr)")
            for secret in secrets { #expect(!output.allOutput.contains(secret), "\(command) printed a token") }
        }
        let idToken = try await setup.cli.run(["token", "print", "--id-token"] + setup.provider)
        #expect(idToken.stdout == tokens.idToken! + "\n")

        // The profile from the provider's userinfo endpoint, with the cached token.
        let profile = try await setup.cli.run(["profile", "--json"] + setup.provider)
        #expect(profile.status == 0, "\(profile.stderr)")
        #expect(profile.stdout.contains("\"id\" : \"alice\""))
        #expect(profile.stdout.contains("\"canAccessApp\""))
        for secret in secrets { #expect(!profile.allOutput.contains(secret)) }
        #expect(try await setup.cli.run(["flags", "check"] + setup.provider).status == 0)
        #expect(try await setup.cli.run(["flags", "check", "canAccessContainer1"] + setup.provider).status == 1)
    }

    @Test("the profile id seen first is remembered: a changed id is an error (ids are immutable)")
    func immutableID() async throws {
        let setup = try await Setup()
        defer { setup.mock.stop() }
        await #expect(try setup.login().status == 0)
        #expect(try await setup.cli.run(["profile"] + setup.provider).status == 0)
        let changed = try await ProcessRunner.run(
            "/usr/bin/curl",
            [
                "-sS", "-X", "PUT", "-H", "Content-Type: application/json",
                "--data", #"{"id":"new-id-7","email":"alice@example.com","features":{"canAccessApp":true}}"#, "\(setup.issuer)/users/alice",
            ])
        #expect(changed.status == 0)
        let result = try await setup.cli.run(["profile", "--json"] + setup.provider)
        #expect(result.status == 1)
        #expect(result.stdout.contains("profile.id.changed"))
        #expect(result.stdout.contains("new-id-7"))
    }

    @Test("forced refresh gets a new access token with exactly one token request")
    func forcedRefresh() async throws {
        let setup = try await Setup()
        defer { setup.mock.stop() }
        await #expect(try setup.login().status == 0)
        let before = try setup.cachedTokens()
        let refreshed = try await setup.cli.run(["refresh", "--force", "--json"] + setup.provider)
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(refreshed.stdout.contains("\"refreshed\" : true"))
        let after = try setup.cachedTokens()
        #expect(after.accessToken != before.accessToken)
        #expect(setup.count("POST /oauth2/token") == 2)
        let notNeeded = try await setup.cli.run(["refresh"] + setup.provider)
        #expect(notNeeded.stdout.contains("still valid"))
        #expect(setup.count("POST /oauth2/token") == 2)
    }

    @Test("server-side revocation: refresh exits 77 saying sign in again; the next command fails without a request")
    func revokedAtProvider() async throws {
        let setup = try await Setup()
        defer { setup.mock.stop() }
        await #expect(try setup.login().status == 0)
        #expect(try await Browser.post("\(setup.issuer)/users/alice/revoke-tokens").status == 204)
        let refresh = try await setup.cli.run(["refresh", "--force"] + setup.provider)
        #expect(refresh.status == 77)
        #expect(refresh.stderr.contains("invalid_grant"))
        #expect(refresh.stderr.contains("sign in again with `dots-sso authorize`"))
        let requestsBefore = setup.requests.count
        let print = try await setup.cli.run(["token", "print"] + setup.provider)
        #expect(print.status == 77)
        #expect(print.stderr.contains("sign in again"))
        #expect(print.stdout.isEmpty)
        #expect(setup.requests.count == requestsBefore, "a marked entry must not contact the provider")
        await #expect(try setup.login().status == 0, "signing in again clears the mark")
        #expect(try await setup.cli.run(["token", "print"] + setup.provider).status == 0)
    }

    @Test(
        "a forged redirect, a bare /callback and a favicon cannot end the sign-in; the real redirect completes it, and only then says Signed in"
    )
    func forgedState() async throws {
        let setup = try await Setup()
        defer { setup.mock.stop() }
        let (process, url) = try await setup.startAuthorize()
        let callback = try #require(Browser.query(url)["redirect_uri"])
        let forged = try await Browser.get("\(callback)?code=stolen-code&state=forged-state-%3Cscript%3E")
        #expect(forged.status == 400)
        #expect(!forged.body.contains("forged") && !forged.body.contains("script") && !forged.body.contains("stolen"))
        #expect(forged.body.contains("security check (state) does not match"))
        let bare = try await Browser.get(callback)
        #expect(bare.status == 400, "a bare /callback is ignored")
        #expect(bare.body.contains("not the sign-in dots-sso is waiting for"))
        let favicon = try await Browser.get(callback.replacingOccurrences(of: "/callback", with: "/favicon.ico"))
        #expect(favicon.status == 404)
        let real = try await Browser.redirectTarget(of: url, form: ["sub": "alice"])
        let page = try await Browser.getWithHeaders(real)
        #expect(page.status == 200)
        #expect(page.body.contains("<h1>Signed in</h1>"))
        #expect(page.headers["content-security-policy"] == "default-src 'none'; style-src 'unsafe-inline'")
        #expect(page.headers["cache-control"] == "no-store" && page.headers["referrer-policy"] == "no-referrer")
        #expect(!page.body.contains("<script") && !page.body.contains("http"), "self-contained: no script, no external asset")
        let result = await process.finish()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.components(separatedBy: "refused a redirect to the sign-in callback whose state does not match").count == 2,
            "\(result.stderr)")
        #expect(
            result.stderr.components(separatedBy: "ignored a request to the sign-in callback that is not a redirect").count == 2,
            "\(result.stderr)")
        #expect(setup.count("POST /oauth2/token") == 1, "only the real code was exchanged")
    }

    @Test("a code the token endpoint refuses: the browser is told the sign-in failed, never Signed in")
    func failedExchangePage() async throws {
        let setup = try await Setup()
        defer { setup.mock.stop() }
        let (process, url) = try await setup.startAuthorize()
        let callback = try #require(Browser.query(url)["redirect_uri"])
        let state = try #require(Browser.query(url)["state"])
        let page = try await Browser.get("\(callback)?code=not-a-code-the-provider-issued&state=\(state)")
        #expect(page.status == 400)
        #expect(
            page.body.contains(
                "Sign-in failed. The sign-in expired or was already used; start again from the terminal, which has the details."))
        #expect(!page.body.contains("Signed in") && !page.body.contains("not-a-code"))
        let result = await process.finish()
        #expect(result.status == 77, "\(result.stderr)")
    }

    @Test("the user denying access at the provider exits 77 with the provider's error")
    func accessDenied() async throws {
        let setup = try await Setup()
        defer { setup.mock.stop() }
        guard !setup.version.hasPrefix("0.3.") else {
            print("NOTICE: oidc-provider-mock \(setup.version) has no deny button (0.4 does); skipping the denied sign-in")
            return
        }
        let (process, url) = try await setup.startAuthorize()
        let callback = try await Browser.redirectTarget(of: url, form: ["action": "deny"])
        #expect(Browser.query(callback)["error"] == "access_denied")
        _ = try await Browser.get(callback)
        let result = await process.finish()
        #expect(result.status == 77)
        #expect(result.stderr.contains("access_denied"))
    }

    @Test("16 concurrent token print --min-validity 0 on an expired token: one refresh, one shared new token")
    func concurrentRefresh() async throws {
        let setup = try await Setup()
        defer { setup.mock.stop() }
        await #expect(try setup.login().status == 0)
        let expired = try setup.cachedTokens()
        try await setup.expireCachedAccessToken()
        let processes = try (0..<16).map { _ in try setup.cli.start(["token", "print", "--min-validity", "0"] + setup.provider) }
        var results: [ProcessResult] = []
        for process in processes { results.append(await process.finish(timeout: 60)) }
        for result in results { #expect(result.status == 0, "\(result.stderr)") }
        let printed = Set(results.map(\.stdout))
        #expect(printed.count == 1, "processes printed \(printed.count) different tokens")
        #expect(printed.first != expired.accessToken + "\n")
        let tokenRequests = setup.count("POST /oauth2/token")
        #expect(tokenRequests == 2, "expected the login's exchange plus exactly one refresh, saw \(tokenRequests)")
        print("16 concurrent token print on an expired token: \(tokenRequests - 1) refresh request(s), \(printed.count) distinct token(s)")
    }

    @Test("8 concurrent token print --min-validity 12000 on tokens that live 120 s: said once each, at most one refresh, one shared token")
    func unattainableMinValidity() async throws {
        let setup = try await Setup(tokenMaxAge: 120)
        defer { setup.mock.stop() }
        await #expect(try setup.login().status == 0)
        #expect(try setup.cachedTokens().lifetime == 120)
        func printConcurrently() async throws -> [ProcessResult] {
            let processes = try (0..<8).map { _ in try setup.cli.start(["token", "print", "--min-validity", "12000"] + setup.provider) }
            var results: [ProcessResult] = []
            for process in processes { results.append(await process.finish(timeout: 60)) }
            return results
        }
        let warning =
            "warning: --min-validity 12000 s is longer than the provider's access tokens live (120 s); using one with at least 60 s left"

        // A fresh token is as good as a refresh could make it: nobody refreshes.
        let fresh = try setup.cachedTokens()
        for result in try await printConcurrently() {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == fresh.accessToken + "\n")
            #expect(result.stderr.components(separatedBy: "warning:").count == 2, "said once: \(result.stderr)")
            #expect(result.stderr.contains(warning), "\(result.stderr)")
        }
        #expect(setup.count("POST /oauth2/token") == 1, "only the login's exchange")

        // Past half its life: exactly one of the eight refreshes, and all eight print the token it got.
        try await setup.ageCachedAccessToken(leaving: 50)
        let results = try await printConcurrently()
        for result in results { #expect(result.status == 0, "\(result.stderr)") }
        let printed = Set(results.map(\.stdout))
        #expect(printed.count == 1, "processes printed \(printed.count) different tokens")
        #expect(printed.first != fresh.accessToken + "\n")
        #expect(setup.count("POST /oauth2/token") == 2, "the login's exchange plus exactly one refresh")
    }
}
