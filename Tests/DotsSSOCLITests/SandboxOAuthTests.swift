import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// What oidc-provider-mock cannot show: PKCE enforced, refresh tokens rotated, RFC 7009 revocation and
/// RFC 9207 `iss`, against the project's own sandbox provider.
@Suite("sign-in against the sandbox provider", .serialized)
struct SandboxOAuthTests {
    let cli = DotsSSOCLI()

    func provider(_ sandbox: SandboxPartner) -> [String] {
        ["--issuer", sandbox.issuer, "--client-id", "dots-sandbox-app"]
    }

    /// Runs `authorize --no-browser` and lets the sandbox auto-approve, returning the run and the authorization URL.
    func login(_ sandbox: SandboxPartner, extra: [String] = []) async throws -> (ProcessResult, String) {
        let process = try cli.start(["authorize", "--no-browser", "--scope", "openid email"] + provider(sandbox) + extra)
        let url = try await process.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
        let callback = try await Browser.redirectTarget(of: url)
        _ = try await Browser.get(callback)
        return (await process.finish(), url)
    }

    func cached(_ sandbox: SandboxPartner) throws -> CacheEntry? {
        try TokenCache(directory: URL(fileURLWithPath: cli.cacheDirectory))
            .read(CacheKey(authority: sandbox.issuer, clientId: "dots-sandbox-app")).entry
    }

    @Test("the client sends PKCE S256: challenge = base64url(SHA-256(verifier)), 43 characters; the sandbox enforces it")
    func pkce() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        let (result, url) = try await login(sandbox)
        #expect(result.status == 0, "\(result.stderr)")
        let authorize = Browser.query(url)
        let challenge = try #require(authorize["code_challenge"])
        #expect(authorize["code_challenge_method"] == "S256")
        #expect(challenge.count == 43)
        let tokenRequest = try #require(await sandbox.requests().first { $0.path == "/token" })
        let verifier = try #require(tokenRequest.form["code_verifier"])
        #expect((43...128).contains(verifier.count))
        #expect(Base64URL.encode(try DigestAlgorithm.sha256.digest(Data(verifier.utf8))) == challenge)
        #expect(!result.allOutput.contains(verifier))
        #expect(try cached(sandbox)?.subject == SandboxPartner.Settings.jane.subject)
    }

    @Test("--no-exchange then exchange: the stored verifier completes the sign-in; a wrong verifier is refused (77)")
    func deferredExchange() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        for useWrongVerifier in [true, false] {
            let process = try cli.start(["authorize", "--no-browser", "--no-exchange", "--scope", "openid"] + provider(sandbox))
            let url = try await process.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
            _ = try await Browser.get(try Browser.redirectTarget(of: url))
            let paused = await process.finish()
            #expect(paused.status == 0, "\(paused.stderr)")
            let pending = try #require(try JSONSerialization.jsonObject(with: Data(paused.stdout.utf8)) as? [String: String])
            let code = try #require(pending["code"])
            let state = try #require(pending["state"])
            // `=` keeps a value that starts with "-" (base64url can) from being read as a flag.
            var arguments = ["exchange", "--code=\(code)", "--state=\(state)"] + provider(sandbox)
            if useWrongVerifier { arguments += ["--code-verifier", String(repeating: "x", count: 43)] }
            let exchanged = try await cli.run(arguments)
            if useWrongVerifier {
                #expect(exchanged.status == 77)
                #expect(exchanged.stderr.contains("PKCE"))
            } else {
                #expect(exchanged.status == 0, "\(exchanged.stderr) | authorize said: \(paused.stderr)")
                #expect(try cached(sandbox)?.oauth.pending == nil)
            }
        }
        let forged = try await cli.run(["exchange", "--code", "c", "--state", "not-the-pending-state"] + provider(sandbox))
        #expect(forged.status == 77 || forged.status == 64)
    }

    @Test("refresh tokens rotate, the rotated one is saved, and reusing an old one revokes the grant")
    func rotation() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        await #expect(try login(sandbox).0.status == 0)
        let first = try #require(try cached(sandbox)?.oauth.tokens)
        #expect(try await cli.run(["refresh", "--force"] + provider(sandbox)).status == 0)
        let second = try #require(try cached(sandbox)?.oauth.tokens)
        #expect(second.refreshToken != first.refreshToken)
        #expect(second.accessToken != first.accessToken)
        #expect(try await cli.run(["refresh", "--force"] + provider(sandbox)).status == 0)
        // Replaying the first, rotated-away refresh token is reuse: the provider ends the whole grant.
        let replay = try await Browser.post(
            "\(sandbox.issuer)/token",
            form: ["grant_type": "refresh_token", "refresh_token": first.refreshToken!, "client_id": "dots-sandbox-app"])
        #expect(replay.status == 400)
        #expect(replay.body.contains("invalid_grant"))
        let afterReuse = try await cli.run(["refresh", "--force"] + provider(sandbox))
        #expect(afterReuse.status == 77)
    }

    @Test(
        "--browser-command opens the URL as its last argument; a command that fails is a warning, not a failed sign-in; no display means no attempt"
    )
    func browserCommand() async throws {
        var settings = SandboxPartner.Settings.jane
        settings.autoApprove = "jane"
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        // A "browser" that follows the redirects as one would and lands on the callback page.
        let landed = cli.home.path("landed.html")
        let follow = "curl -sSL --max-time 20 -o \(landed)"
        let result = try await cli.run(["authorize", "--browser-command", follow, "--timeout", "30"] + provider(sandbox))
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try String(contentsOfFile: landed, encoding: .utf8)).contains("<h1>Signed in</h1>"))
        #expect(!result.stderr.contains("could not open a browser"))

        let failing = try cli.start(["authorize", "--browser-command", "false", "--timeout", "30"] + provider(sandbox))
        let url = try await failing.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
        _ = try await Browser.get(try Browser.redirectTarget(of: url))
        let finished = await failing.finish()
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(
            finished.stderr.contains("warning: could not open a browser (false exited with status 1); open the URL above by hand"),
            "\(finished.stderr)")

        // Asked for the loopback flow with no display (without --flow the device flow would be chosen).
        let headless = try cli.start(
            ["authorize", "--flow", "loopback", "--timeout", "30"] + provider(sandbox),
            environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "BROWSER": ""])
        let shown = try await headless.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
        _ = try await Browser.get(try Browser.redirectTarget(of: shown))
        let done = await headless.finish()
        #expect(done.status == 0, "\(done.stderr)")
        #expect(
            done.stderr.contains("not opening a browser: there is no display (DISPLAY and WAYLAND_DISPLAY are unset)"), "\(done.stderr)")
    }

    @Test("revoke: RFC 7009 for the refresh then the access token, entry removed, logout URL printed")
    func revoke() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        await #expect(try login(sandbox).0.status == 0)
        let tokens = try #require(try cached(sandbox)?.oauth.tokens)
        let result = try await cli.run(["revoke"] + provider(sandbox))
        #expect(result.status == 0, "\(result.stderr)")
        let revocations = await sandbox.requests().filter { $0.path == "/revoke" }
        #expect(revocations.map { $0.form["token_type_hint"] } == ["refresh_token", "access_token"])
        #expect(try cached(sandbox) == nil)
        #expect(result.stdout.hasPrefix("\(sandbox.issuer)/logout?client_id=dots-sandbox-app"))
        #expect(!result.allOutput.contains(tokens.accessToken))
        let userinfo = try await Browser.get("\(sandbox.issuer)/userinfo", headers: ["Authorization: Bearer \(tokens.accessToken)"])
        #expect(userinfo.status == 401)
        #expect(try await cli.run(["token", "print"] + provider(sandbox)).status == 77)
    }

    /// `url` with `fields` added to its query, form-encoded.
    static func with(_ url: String, _ fields: [String: String]) -> String {
        url + "?" + FormEncoding.encode(fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    @Test(
        "logout id_token_hint (RP-Initiated Logout §2): an unsigned, tampered or foreign hint naming the member revokes nothing and asks to confirm; the sandbox's own ends the grants"
    )
    func logoutHint() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        await #expect(try login(sandbox).0.status == 0)
        let tokens = try #require(try cached(sandbox)?.oauth.tokens)
        let idToken = try #require(tokens.idToken)
        let parts = idToken.split(separator: ".").map(String.init)
        let claims = try #require(try JWT(idToken).claims["sub"]?.stringValue)
        let forgedPayload = Base64URL.encode(
            Data(#"{"iss":"\#(sandbox.issuer)","sub":"\#(claims)","aud":"dots-sandbox-app","exp":4102444800,"iat":1700000000}"#.utf8))
        let unsigned = Base64URL.encode(Data(#"{"alg":"none"}"#.utf8)) + "." + forgedPayload + "."
        let tampered = parts[0] + "." + forgedPayload + "." + parts[2]
        let bearer = ["Authorization: Bearer \(tokens.accessToken)"]
        for hint in [unsigned, tampered] {
            let page = try await Browser.get(
                Self.with("\(sandbox.issuer)/logout", ["id_token_hint": hint, "client_id": "dots-sandbox-app"]))
            #expect(page.status == 200 && page.body.contains("could not be verified"), "\(page.body)")
            #expect(page.body.contains("name=\"confirm\""), "the page asks the person")
            #expect(
                try await Browser.get("\(sandbox.issuer)/userinfo", headers: bearer).status == 200,
                "nothing was revoked on a forged hint's say-so")
        }
        // A genuine id_token of another provider (its own keys, issuer and audience) names no sign-in here either.
        var elsewhere = SandboxPartner.Settings.jane
        elsewhere.clients = [SandboxClient(id: "someone-elses-app")]
        let other = try await SandboxPartner.start(settings: elsewhere)
        defer { other.stop() }
        let foreignLogin = try cli.start([
            "authorize", "--no-browser", "--scope", "openid", "--issuer", other.issuer, "--client-id", "someone-elses-app",
        ])
        _ = try await Browser.get(
            try Browser.redirectTarget(
                of: try foreignLogin.waitFor("^(http://127\\.0\\.0\\.1:\(other.port)/authorize\\?\\S+)$", inErrors: true)))
        #expect(await foreignLogin.finish().status == 0)
        let foreignEntry = try TokenCache(directory: URL(fileURLWithPath: cli.cacheDirectory)).read(
            CacheKey(authority: other.issuer, clientId: "someone-elses-app")
        ).entry
        let foreign = try #require(foreignEntry?.oauth.tokens?.idToken)
        let page = try await Browser.get(Self.with("\(sandbox.issuer)/logout", ["id_token_hint": foreign]))
        #expect(page.status == 200 && page.body.contains("could not be verified"), "\(page.body)")
        #expect(try await Browser.get("\(sandbox.issuer)/userinfo", headers: bearer).status == 200, "a foreign audience revokes nothing")
        let confirmed = try await Browser.post("\(sandbox.issuer)/logout", form: ["id_token_hint": unsigned, "confirm": "yes"])
        #expect(confirmed.status == 200 && confirmed.body.contains("Nothing was revoked"), "\(confirmed.body)")
        #expect(try await Browser.get("\(sandbox.issuer)/userinfo", headers: bearer).status == 200)
        // POST, as RP-Initiated Logout allows, with the real hint: the member's grants end.
        let real = try await Browser.post("\(sandbox.issuer)/logout", form: ["id_token_hint": idToken])
        #expect(real.status == 200 && real.body.contains("You are signed out"), "\(real.body)")
        #expect(try await Browser.get("\(sandbox.issuer)/userinfo", headers: bearer).status == 401)
    }

    @Test("POST /userinfo answers as GET does (OIDC Core §5.3.1); POST /revoke without a token is 400 invalid_request (RFC 7009 §2.1)")
    func postVariants() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        await #expect(try login(sandbox).0.status == 0)
        let tokens = try #require(try cached(sandbox)?.oauth.tokens)
        let posted = try await ProcessRunner.run(
            "/usr/bin/curl",
            [
                "-sS", "-X", "POST", "-H", "Authorization: Bearer \(tokens.accessToken)",
                "-w", "\n%{http_code}", "\(sandbox.issuer)/userinfo",
            ], timeout: 30)
        #expect(posted.stdout.hasSuffix("\n200") && posted.stdout.contains(#""sub""#), "\(posted.stdout)")
        let revoke = try await Browser.post("\(sandbox.issuer)/revoke", form: ["client_id": "dots-sandbox-app"])
        #expect(revoke.status == 400 && revoke.body.contains("invalid_request"), "\(revoke.body)")
    }

    @Test("a standard client library (Authlib, from PyPI) signs in with max_age and validates the id_token: auth_time, signature, nonce")
    func standardClientWithMaxAge() async throws {
        guard let python = TestPaths.venvPython else {
            print("NOTICE: .venv is missing (run Scripts/test); skipping the Authlib client check")
            return
        }
        var settings = SandboxPartner.Settings.jane
        settings.autoApprove = "jane"
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        let result = try await ProcessRunner.run(
            python,
            [
                TestPaths.peers.appendingPathComponent("oidc_client_check.py").path, sandbox.issuer,
                "dots-sandbox-app", "--max-age", "300",
            ], timeout: 60)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let claims = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        #expect(claims["sub"] as? String == SandboxPartner.Settings.jane.subject)
        #expect(claims["alg"] as? String == "RS256", "RS256 by default (Discovery 1.0 §3)")
        let authTime = try #require(claims["auth_time"] as? Double)
        #expect(abs(authTime - Date().timeIntervalSince1970) < 120, "auth_time is the sign-in's moment")
    }

    @Test(
        "id_tokens are RS256 by default and ES256 for a client registered so; both keys are in the JWKS with their own kids; dots-sso validates each"
    )
    func signingAlgorithms() async throws {
        var settings = SandboxPartner.Settings.jane
        settings.clients = [.app, SandboxClient(id: "dots-es256-app", idTokenAlgorithm: .es256)]
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        let jwks = try await #require(
            try JSONSerialization.jsonObject(with: Data(try Browser.get("\(sandbox.issuer)/jwks").body.utf8)) as? [String: Any])
        let keys = try #require(jwks["keys"] as? [[String: Any]])
        #expect(Set(keys.compactMap { $0["alg"] as? String }) == ["RS256", "ES256"])
        #expect(Set(keys.compactMap { $0["kid"] as? String }).count == 2)
        let metadata = try await Browser.get("\(sandbox.issuer)/.well-known/openid-configuration").body
        #expect(metadata.contains(#""id_token_signing_alg_values_supported":["RS256","ES256"]"#), "\(metadata)")
        for (client, algorithm) in [("dots-sandbox-app", "RS256"), ("dots-es256-app", "ES256")] {
            let process = try cli.start([
                "authorize", "--no-browser", "--scope", "openid", "--issuer", sandbox.issuer, "--client-id", client,
            ])
            let url = try await process.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
            _ = try await Browser.get(try Browser.redirectTarget(of: url))
            let result = await process.finish()
            #expect(result.status == 0 && result.stdout.contains("validated"), "\(client): \(result.stderr)")
            let entry = try TokenCache(directory: URL(fileURLWithPath: cli.cacheDirectory)).read(
                CacheKey(authority: sandbox.issuer, clientId: client)
            ).entry
            let idToken = try #require(entry?.oauth.tokens?.idToken)
            #expect(try JWT(idToken).algorithm == algorithm)
        }
        // The sandbox signs with the two it has keys for; an algorithm dots-sso only verifies is a usage error.
        let refused = try await cli.run(["sandbox", "--id-token-alg", "ps256"])
        #expect(refused.status == 64 && refused.stderr.contains("RS256") && refused.stderr.contains("ES256"), "\(refused.stderr)")
    }

    @Test(
        "prompt=none with nobody signed in is error=login_required with state and iss (OIDC Core §3.1.2.1), with a member signed in a code; never the login page"
    )
    func promptNone() async throws {
        // No --auto-approve: nobody is signed in.
        var settings = SandboxPartner.Settings.jane
        settings.autoApprove = nil
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        let challenge = Base64URL.encode(try DigestAlgorithm.sha256.digest(Data(String(repeating: "v", count: 43).utf8)))
        let url = Self.with(
            "\(sandbox.issuer)/authorize",
            [
                "client_id": "dots-sandbox-app", "redirect_uri": "http://127.0.0.1:4711/callback", "response_type": "code",
                "scope": "openid",
                "state": "st-none", "code_challenge": challenge, "code_challenge_method": "S256", "prompt": "none",
            ])
        let target = try await Browser.redirectTarget(of: url)
        let answer = Browser.query(target)
        #expect(answer["error"] == "login_required", "\(target)")
        #expect(answer["state"] == "st-none" && answer["iss"] == sandbox.issuer, "\(target)")
        // With --auto-approve the member counts as signed in: prompt=none succeeds with a code, no page either.
        let signedIn = try await SandboxPartner.start(settings: .jane)
        defer { signedIn.stop() }
        let approved = await Browser.query(
            try Browser.redirectTarget(of: url.replacingOccurrences(of: sandbox.issuer, with: signedIn.issuer)))
        #expect(approved["code"] != nil && approved["error"] == nil, "\(approved)")
    }

    /// One request through curl with a cookie jar, as a browser would keep it: status, headers (lower-cased names,
    /// Set-Cookie joined) and body.
    static func browse(_ url: String, jar: String, form: [String: String]? = nil) async throws -> (
        status: Int, headers: [String: String], body: String
    ) {
        var arguments = ["-sS", "-i", "--max-time", "20", "-b", jar, "-c", jar]
        for (name, value) in form ?? [:] { arguments += ["--data-urlencode", "\(name)=\(value)"] }
        let result = try await ProcessRunner.run("/usr/bin/curl", arguments + [url], timeout: 30)
        let parts = result.stdout.components(separatedBy: "\r\n\r\n")
        var headers: [String: String] = [:]
        for line in (parts.first ?? "").components(separatedBy: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased(), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + "\n" + value } ?? value
        }
        let status = Int((parts.first ?? "").split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, headers, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    @Test(
        "after the login form the browser keeps a session (HttpOnly, SameSite=Lax): prompt=none then gets a code with the login's auth_time, prompt=login and an exceeded max_age show the form, logout ends it"
    )
    func browserSession() async throws {
        let clock = MovableClock()
        var settings = SandboxPartner.Settings.jane
        settings.autoApprove = nil
        settings.now = { clock.now() }
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        let jar = cli.home.path("cookies.txt")
        let verifier = String(repeating: "v", count: 43)
        let challenge = Base64URL.encode(try DigestAlgorithm.sha256.digest(Data(verifier.utf8)))
        let redirect = "http://127.0.0.1:4711/callback"
        func authorize(_ extra: [String: String]) -> String {
            Self.with(
                "\(sandbox.issuer)/authorize",
                [
                    "client_id": "dots-sandbox-app", "redirect_uri": redirect, "response_type": "code", "scope": "openid",
                    "state": "st", "code_challenge": challenge, "code_challenge_method": "S256", "nonce": "n-1",
                ].merging(extra) { $1 })
        }
        func isLoginPage(_ page: (status: Int, headers: [String: String], body: String)) -> Bool {
            page.status == 200 && page.body.contains("name=\"attempt\"")
        }

        let page = try await Self.browse(authorize([:]), jar: jar)
        #expect(isLoginPage(page), "nobody is signed in yet: \(page.status)")
        let attempt = try #require(page.body.firstMatch(of: /name="attempt" value="([^"]+)"/)?.1)
        let loginTime = clock.now()
        let signedIn = try await Self.browse(
            "\(sandbox.issuer)/login", jar: jar,
            form: ["attempt": String(attempt), "username": "jane", "password": "demo", "action": "sign-in"])
        #expect(signedIn.status == 302 && Browser.query(signedIn.headers["location"] ?? "")["code"] != nil, "\(signedIn.headers)")
        let cookie = try #require(signedIn.headers["set-cookie"])
        #expect(
            cookie.hasPrefix("sandbox_session=") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax")
                && cookie.contains("Path=/"), "\(cookie)")

        // prompt=none with the session: a code, no page; its id_token's auth_time is the login's, not now.
        clock.advance(120)
        let silent = try await Self.browse(authorize(["prompt": "none"]), jar: jar)
        let answer = Browser.query(silent.headers["location"] ?? "")
        let code = try #require(answer["code"], "\(silent.status) \(silent.headers)")
        #expect(answer["state"] == "st" && answer["iss"] == sandbox.issuer)
        let exchanged = try await Browser.post(
            "\(sandbox.issuer)/token",
            form: [
                "grant_type": "authorization_code", "code": code, "redirect_uri": redirect, "client_id": "dots-sandbox-app",
                "code_verifier": verifier,
            ])
        #expect(exchanged.status == 200, "\(exchanged.body)")
        let tokens = try #require(try JSONSerialization.jsonObject(with: Data(exchanged.body.utf8)) as? [String: Any])
        let idToken = try JWT(try #require(tokens["id_token"] as? String))
        guard case .number(let authTime)? = idToken.claims["auth_time"] else { Issue.record("no auth_time: \(idToken.claims)"); return }
        #expect(abs(authTime - loginTime.timeIntervalSince1970) < 2, "auth_time is the login's moment, 120 s before this code")
        await #expect(try Self.browse(authorize([:]), jar: jar).status == 302, "a signed-in browser skips the form")

        await #expect(isLoginPage(try Self.browse(authorize(["prompt": "login"]), jar: jar)), "prompt=login forces the form")
        await #expect(isLoginPage(try Self.browse(authorize(["max_age": "60"]), jar: jar)), "the login is 120 s old, max_age 60")
        await #expect(try Self.browse(authorize(["max_age": "600"]), jar: jar).status == 302)
        let stale = await Browser.query(
            try Self.browse(authorize(["prompt": "none", "max_age": "60"]), jar: jar).headers["location"] ?? "")
        #expect(stale["error"] == "login_required", "\(stale)")
        let combined = await Browser.query(try Self.browse(authorize(["prompt": "none login"]), jar: jar).headers["location"] ?? "")
        #expect(combined["error"] == "invalid_request", "none with another value (§3.1.2.1)")

        // Logging out at the sandbox ends the browser session and clears the cookie.
        let out = try await Self.browse("\(sandbox.issuer)/logout", jar: jar)
        #expect(out.status == 200 && out.headers["set-cookie"]?.contains("Max-Age=0") == true, "\(out.headers)")
        let after = await Browser.query(try Self.browse(authorize(["prompt": "none"]), jar: jar).headers["location"] ?? "")
        #expect(after["error"] == "login_required", "\(after)")
    }

    @Test("a provider gone away: logout fails (69) and keeps the sign-in; --local-only forgets it offline")
    func revokeOffline() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        await #expect(try login(sandbox).0.status == 0)
        let issuer = sandbox.issuer
        await sandbox.shutdown()
        let failed = try await cli.run(["logout", "--issuer", issuer, "--client-id", "dots-sandbox-app", "--timeout", "5"])
        #expect(failed.status == 69, "\(failed.stderr)")
        #expect(failed.stderr.contains("the tokens were not revoked at the provider"))
        #expect(try cached(sandbox)?.oauth.tokens != nil)
        let local = try await cli.run(["logout", "--local-only", "--issuer", issuer, "--client-id", "dots-sandbox-app", "--timeout", "5"])
        #expect(local.status == 0, "\(local.stderr)")
        #expect(local.stderr.contains("warning: --local-only"))
        #expect(local.stderr.contains("removed the cached sign-in"))
        #expect(try cached(sandbox) == nil)
    }

    @Test("an authorization response with another issuer's iss is refused (RFC 9207)")
    func mixUp() async throws {
        var settings = SandboxPartner.Settings.jane
        settings.wrongIssuer = true
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        let (result, _) = try await login(sandbox)
        #expect(result.status == 77)
        #expect(result.stderr.contains("iss"))
        #expect(await sandbox.requests().filter { $0.path == "/token" }.isEmpty)
    }

    @Test("a confidential client authenticates with client_secret_basic from a secret file, and a wrong secret is a configuration error")
    func confidentialClient() async throws {
        var settings = SandboxPartner.Settings.jane
        settings.clients = [SandboxClient(id: "dots-sandbox-app", secret: "s3cret-value", redirectURIs: SandboxClient.app.redirectURIs)]
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        let secretFile = cli.home.path("secret")
        try "s3cret-value\n".write(toFile: secretFile, atomically: true, encoding: .utf8)
        let (result, _) = try await login(sandbox, extra: ["--client-secret-file", secretFile])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.allOutput.contains("s3cret-value"))
        try "wrong\n".write(toFile: secretFile, atomically: true, encoding: .utf8)
        let refresh = try await cli.run(["refresh", "--force", "--client-secret-file", secretFile, "-v"] + provider(sandbox))
        #expect(refresh.status == 78)
        #expect(refresh.stderr.contains("invalid_client"))
        #expect(refresh.stderr.contains("Authorization: Basic [redacted]"))
        #expect(!refresh.allOutput.contains("wrong"))
    }

    @Test("a registered non-loopback --redirect-uri: the pasted landing URL completes the sign-in")
    func pastedRedirect() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        let process = try cli.start(
            ["authorize", "--no-browser", "--scope", "openid", "--redirect-uri", "https://app.thedots.example/sso/callback"]
                + provider(sandbox), interactive: true)
        let url = try await process.waitFor("^(http://127\\.0\\.0\\.1:\(sandbox.port)/authorize\\?\\S+)$", inErrors: true)
        #expect(Browser.query(url)["redirect_uri"] == "https://app.thedots.example/sso/callback")
        let landing = try await Browser.redirectTarget(of: url)
        #expect(landing.hasPrefix("https://app.thedots.example/sso/callback?code="))
        _ = try await process.waitFor("(paste)", inErrors: true)
        process.type(landing)
        let result = await process.finish()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("validated"))
    }

    @Test("a 401 from the profile endpoint refreshes once and retries with the new token")
    func refreshOn401() async throws {
        let settings = SandboxPartner.Settings.jane
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        await #expect(try login(sandbox).0.status == 0)
        await sandbox.dropAccessTokens(subject: settings.subject)
        let result = try await cli.run(["flags", "check"] + provider(sandbox))
        #expect(result.status == 0, "\(result.stderr)")
        let requests = await sandbox.requests()
        #expect(requests.filter { $0.path == "/userinfo" }.count == 2)
        #expect(requests.filter { $0.path == "/token" }.count == 2)
        await sandbox.revokeAll(subject: settings.subject)
        let revoked = try await cli.run(["profile"] + provider(sandbox))
        #expect(revoked.status == 77)
        #expect(revoked.stderr.contains("sign in again"))
    }
}

extension SandboxPartner.Settings {
    /// The sandbox with jane (every flag on) signed in at once.
    static var jane: Self {
        var settings = Self()
        settings.autoApprove = "jane"
        return settings
    }

    var subject: String { user(named: autoApprove ?? "")?.subject ?? "" }
}
