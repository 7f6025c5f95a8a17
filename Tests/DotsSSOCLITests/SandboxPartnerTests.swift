import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

/// The sandbox partner held to the rules with raw HTTP: what a partner must do, it does, and what a partner
/// must refuse, it refuses. Requests go through libcurl (our client), redirects never followed.
@Suite("the sandbox partner, raw HTTP", .serialized)
struct SandboxPartnerTests {
    let http = CurlHTTPClient(options: HTTPClientOptions(timeout: 10))
    static let verifier = String(repeating: "v", count: 43)
    static var challenge: String { (try? PKCE.challenge(for: verifier)) ?? "" }

    func get(_ url: String, headers: [(name: String, value: String)] = []) async throws -> HTTPResponse {
        try await http.send(HTTPRequest(.get, URL(string: url)!, headers: headers, followsRedirects: false))
    }

    func post(_ url: String, _ fields: [(String, String)], headers: [(name: String, value: String)] = []) async throws -> HTTPResponse {
        try await http.send(.form(URL(string: url)!, fields, headers: headers))
    }

    func postJSON(_ url: String, _ body: JSONValue, headers: [(name: String, value: String)] = []) async throws -> HTTPResponse {
        try await http.send(try .json(URL(string: url)!, body, headers: headers))
    }

    func authorizeURL(
        _ sandbox: SandboxPartner, redirect: String = "http://127.0.0.1:4711/callback", challenge: String? = SandboxPartnerTests.challenge,
        client: String = "dots-sandbox-app", extra: [(String, String)] = []
    ) -> String {
        var fields = [
            ("client_id", client), ("redirect_uri", redirect), ("response_type", "code"), ("state", "st-1"), ("scope", "openid email"),
        ]
        if let challenge { fields += [("code_challenge", challenge), ("code_challenge_method", "S256")] }
        return "\(sandbox.issuer)/authorize?" + FormEncoding.encode(fields + extra)
    }

    func query(_ location: String?) -> [String: String] { Browser.query(location ?? "") }

    /// An auto-approved code for jane at `redirect`.
    func code(_ sandbox: SandboxPartner, redirect: String = "http://127.0.0.1:4711/callback") async throws -> String {
        let answer = try await get(authorizeURL(sandbox, redirect: redirect))
        return try #require(query(answer.header("Location"))["code"])
    }

    func exchange(
        _ sandbox: SandboxPartner, code: String, redirect: String = "http://127.0.0.1:4711/callback",
        verifier: String = SandboxPartnerTests.verifier
    ) async throws -> HTTPResponse {
        try await post(
            "\(sandbox.issuer)/token",
            [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect),
                ("code_verifier", verifier), ("client_id", "dots-sandbox-app"),
            ])
    }

    func field(_ response: HTTPResponse, _ name: String) throws -> String? {
        try response.decodeJSON(JSONValue.self).objectValue?[name]?.stringValue
    }

    @Test("the login page works without script, escapes what it shows, says a wrong password clearly, and Cancel returns access_denied")
    func loginPage() async throws {
        let sandbox = try await SandboxPartner.start()
        defer { sandbox.stop() }
        let page = try await get(authorizeURL(sandbox, extra: [("login_hint", "\"><script>alert(1)</script>")]))
        #expect(page.status == 200)
        #expect(page.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
        #expect(page.header("Cache-Control") == "no-store")
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(!html.contains("<script"))
        #expect(html.contains("value=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""))
        #expect(html.contains("<label for=\"password\">"))
        let attempt = try #require(html.firstMatch(of: /name="attempt" value="([^"]+)"/)?.1).description

        let wrong = try await post(
            "\(sandbox.issuer)/login", [("attempt", attempt), ("username", "jane"), ("password", "nope"), ("action", "sign-in")])
        #expect(wrong.status == 401)
        #expect(
            String(decoding: wrong.body, as: UTF8.self).contains("role=\"alert\" id=\"login-error\">The username or password is not right"))

        let signedIn = try await post(
            "\(sandbox.issuer)/login", [("attempt", attempt), ("username", "jane"), ("password", "demo"), ("action", "sign-in")])
        #expect(signedIn.status == 302)
        let back = query(signedIn.header("Location"))
        #expect(back["code"] != nil)
        #expect(back["state"] == "st-1")
        #expect(back["iss"] == sandbox.issuer)
        let replayed = try await post(
            "\(sandbox.issuer)/login", [("attempt", attempt), ("username", "jane"), ("password", "demo"), ("action", "sign-in")])
        #expect(replayed.status == 400)

        let again = String(decoding: try await get(authorizeURL(sandbox)).body, as: UTF8.self)
        let second = try #require(again.firstMatch(of: /name="attempt" value="([^"]+)"/)?.1).description
        let cancelled = try await post("\(sandbox.issuer)/login", [("attempt", second), ("action", "cancel")])
        #expect(cancelled.status == 302)
        #expect(query(cancelled.header("Location"))["error"] == "access_denied")
        #expect(cancelled.header("Location")?.hasPrefix("http://127.0.0.1:4711/callback?") == true)
    }

    @Test(
        "authorization requests: an unknown client or unregistered redirect is shown, never redirected; PKCE S256 is required; any loopback port matches"
    )
    func authorizationRules() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        for url in [
            authorizeURL(sandbox, client: "someone-else"), authorizeURL(sandbox, redirect: "https://evil.example/callback"),
            authorizeURL(sandbox, redirect: "http://127.0.0.1:4711/other"),
            authorizeURL(sandbox, redirect: "http://localhost.evil.example/callback"),
        ] {
            let answer = try await get(url)
            #expect(answer.status == 400, "\(url)")
            #expect(answer.header("Location") == nil)
        }
        let noPKCE = try await get(authorizeURL(sandbox, challenge: nil))
        #expect(query(noPKCE.header("Location"))["error"] == "invalid_request")
        let plain = try await get(
            authorizeURL(sandbox, extra: [("code_challenge_method", "plain")]).replacingOccurrences(
                of: "code_challenge_method=S256&", with: ""))
        #expect(query(plain.header("Location"))["error"] == "invalid_request")
        for port in [1024, 4711, 65_000] {
            let answer = try await get(authorizeURL(sandbox, redirect: "http://127.0.0.1:\(port)/callback"))
            #expect(answer.header("Location")?.hasPrefix("http://127.0.0.1:\(port)/callback?code=") == true)
        }
        let ipv6 = try await get(authorizeURL(sandbox, redirect: "http://[::1]:5000/callback"))
        #expect(ipv6.header("Location")?.hasPrefix("http://[::1]:5000/callback?code=") == true)
    }

    @Test("codes are single-use, short-lived and bound to their redirect URI and verifier; a replayed code ends the grant it started")
    func codes() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        let wrongRedirect = try await exchange(sandbox, code: try await code(sandbox), redirect: "http://127.0.0.1:4712/callback")
        #expect(try field(wrongRedirect, "error") == "invalid_grant")
        let wrongVerifier = try await exchange(sandbox, code: try await code(sandbox), verifier: String(repeating: "w", count: 43))
        #expect(try field(wrongVerifier, "error_description") == "PKCE verification failed")

        let code = try await code(sandbox)
        let first = try await exchange(sandbox, code: code)
        #expect(first.status == 200)
        #expect(first.header("Cache-Control") == "no-store")
        let access = try #require(try field(first, "access_token"))
        let bearer = [(name: "Authorization", value: "Bearer \(access)")]
        #expect(try await get("\(sandbox.issuer)/userinfo", headers: bearer).status == 200)
        let replay = try await exchange(sandbox, code: code)
        #expect(replay.status == 400)
        #expect(try field(replay, "error") == "invalid_grant")
        #expect(try await get("\(sandbox.issuer)/userinfo", headers: bearer).status == 401)

        var quick = SandboxPartner.Settings.jane
        quick.codeLifetime = 0
        let expiring = try await SandboxPartner.start(settings: quick)
        defer { expiring.stop() }
        let expired = try await exchange(expiring, code: try await self.code(expiring))
        #expect(try field(expired, "error_description") == "the authorization code has expired")
    }

    @Test("refresh tokens rotate; a rotated one presented again revokes the grant; revocation (RFC 7009) ends it too")
    func rotationAndRevocation() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        let tokens = try await exchange(sandbox, code: try await code(sandbox))
        let refresh = try #require(try field(tokens, "refresh_token"))
        let rotated = try await post(
            "\(sandbox.issuer)/token", [("grant_type", "refresh_token"), ("refresh_token", refresh), ("client_id", "dots-sandbox-app")])
        let next = try #require(try field(rotated, "refresh_token"))
        #expect(next != refresh)
        let reuse = try await post(
            "\(sandbox.issuer)/token", [("grant_type", "refresh_token"), ("refresh_token", refresh), ("client_id", "dots-sandbox-app")])
        #expect(try field(reuse, "error_description")?.contains("reuse detected") == true)
        let afterReuse = try await post(
            "\(sandbox.issuer)/token", [("grant_type", "refresh_token"), ("refresh_token", next), ("client_id", "dots-sandbox-app")])
        #expect(try field(afterReuse, "error") == "invalid_grant")

        let fresh = try await exchange(sandbox, code: try await code(sandbox))
        let access = try #require(try field(fresh, "access_token"))
        let revoked = try await post("\(sandbox.issuer)/revoke", [("token", access), ("client_id", "dots-sandbox-app")])
        #expect(revoked.status == 200)
        #expect(try await get("\(sandbox.issuer)/api/me", headers: [(name: "Authorization", value: "Bearer \(access)")]).status == 401)
        let unknownClient = try await post("\(sandbox.issuer)/revoke", [("token", access), ("client_id", "nobody")])
        #expect(unknownClient.status == 401)
    }

    @Test("client authentication: a confidential client needs its secret, by Basic or in the form; a public client may not send one")
    func clientAuthentication() async throws {
        var settings = SandboxPartner.Settings.jane
        settings.clients = [.app, SandboxClient(id: "backend", secret: "b4ckend-secret")]
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        func exchangeAs(_ client: String, _ fields: [(String, String)], headers: [(name: String, value: String)] = []) async throws
            -> HTTPResponse
        {
            let answer = try await get(authorizeURL(sandbox, client: client))
            let code = try #require(query(answer.header("Location"))["code"])
            return try await post(
                "\(sandbox.issuer)/token",
                [
                    ("grant_type", "authorization_code"), ("code", code),
                    ("redirect_uri", "http://127.0.0.1:4711/callback"), ("code_verifier", Self.verifier),
                ] + fields,
                headers: headers)
        }
        let basic = "Basic " + Data("backend:b4ckend-secret".utf8).base64EncodedString()
        #expect(try await exchangeAs("backend", [], headers: [(name: "Authorization", value: basic)]).status == 200)
        #expect(try await exchangeAs("backend", [("client_id", "backend"), ("client_secret", "b4ckend-secret")]).status == 200)
        let wrong = try await exchangeAs("backend", [("client_id", "backend"), ("client_secret", "guess")])
        #expect(wrong.status == 401)
        #expect(try field(wrong, "error") == "invalid_client")
        #expect(try await exchangeAs("backend", [("client_id", "backend")]).status == 401)
        #expect(try await exchangeAs("dots-sandbox-app", [("client_id", "dots-sandbox-app"), ("client_secret", "x")]).status == 401)
    }

    @Test(
        "the Channels API: 200 logs a member out and their token stops working; 400, 401, 403 for an admin, 404; a removed member cannot sign in"
    )
    func channelsAPI() async throws {
        let sandbox = try await SandboxPartner.start()
        defer { sandbox.stop() }
        let credentials = [(name: "Authorization", value: "Channel sandbox-channel-key"), (name: "X-Channel", value: "sandbox")]
        let api = "\(sandbox.issuer)/channels"
        let jane = try #require(sandbox.settings.user(named: "jane"))
        // jane signs in through the login page
        let page = String(decoding: try await get(authorizeURL(sandbox)).body, as: UTF8.self)
        let attempt = try #require(page.firstMatch(of: /name="attempt" value="([^"]+)"/)?.1).description
        let login = try await post(
            "\(sandbox.issuer)/login", [("attempt", attempt), ("username", "jane"), ("password", "demo"), ("action", "sign-in")])
        let tokens = try await exchange(sandbox, code: try #require(query(login.header("Location"))["code"]))
        let bearer = [(name: "Authorization", value: "Bearer \(try #require(try field(tokens, "access_token")))")]
        #expect(try await get("\(sandbox.issuer)/api/me", headers: bearer).status == 200)

        let loggedOut = try await postJSON(
            "\(api)/members.log-out-by-sso-id", .object(["ssoId": .string(jane.ssoID)]), headers: credentials)
        #expect(loggedOut.status == 200)
        #expect(try field(loggedOut, "status") == "logged-out")
        #expect(try field(loggedOut, "requestId")?.isEmpty == false)
        #expect(try await get("\(sandbox.issuer)/api/me", headers: bearer).status == 401)

        #expect(try await postJSON("\(api)/members.log-out-by-sso-id", .object(["id": .string("x")]), headers: credentials).status == 400)
        #expect(try await postJSON("\(api)/members.log-out-by-sso-id", .object(["ssoId": .string(jane.ssoID)])).status == 401)
        let wrongKey = [(name: "Authorization", value: "Channel guess"), (name: "X-Channel", value: "sandbox")]
        #expect(
            try await postJSON("\(api)/members.remove-by-sso-id", .object(["ssoId": .string(jane.ssoID)]), headers: wrongKey).status == 401)
        let ops = try #require(sandbox.settings.user(named: "ops"))
        #expect(
            try await postJSON("\(api)/members.remove-by-sso-id", .object(["ssoId": .string(ops.ssoID)]), headers: credentials).status
                == 403)
        #expect(
            try await postJSON("\(api)/members.remove-by-sso-id", .object(["ssoId": .string("nobody")]), headers: credentials).status == 404
        )

        let removed = try await postJSON("\(api)/members.remove-by-sso-id", .object(["ssoId": .string(jane.ssoID)]), headers: credentials)
        #expect(try field(removed, "status") == "removed")
        let retry = String(decoding: try await get(authorizeURL(sandbox)).body, as: UTF8.self)
        let again = try #require(retry.firstMatch(of: /name="attempt" value="([^"]+)"/)?.1).description
        let refused = try await post(
            "\(sandbox.issuer)/login", [("attempt", again), ("username", "jane"), ("password", "demo"), ("action", "sign-in")])
        #expect(refused.status == 403)
    }

    @Test(
        "e-mail sign-in: 202 and a link in the outbox, 429 with Retry-After, 412 until consent, 404 for a wrong or used token, the password steps"
    )
    func magicLinks() async throws {
        let outbox = TemporaryDirectory("outbox")
        var settings = SandboxPartner.Settings()
        settings.outbox = outbox.url
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        let auth = "\(sandbox.issuer)/v3/auth"
        let jane = "jane.doe@example.com"
        let requested = try await postJSON("\(auth)/email", .object(["email": .string(jane), "study": .string("sandbox")]))
        #expect(requested.status == 202)
        let throttled = try await postJSON("\(auth)/email", .object(["email": .string(jane), "study": .string("sandbox")]))
        #expect(throttled.status == 429)
        #expect(Int(throttled.header("Retry-After") ?? "") ?? 0 > 0)
        #expect(
            try await postJSON("\(auth)/email", .object(["email": .string("stranger@example.com"), "study": .string("sandbox")])).status
                == 202)
        #expect(try await postJSON("\(auth)/email", .object(["email": .string(jane), "study": .string("other")])).status == 404)

        let emails = await sandbox.emails()
        #expect(emails.map(\.to) == [jane])
        let files = try FileManager.default.contentsOfDirectory(atPath: outbox.url.path)
        #expect(files.count == 1)
        let message = try String(contentsOfFile: outbox.path(try #require(files.first)), encoding: .utf8)
        let link = try #require(emails.first?.link)
        #expect(message.contains(link))
        #expect(message.contains("To: \(jane)"))
        let token = try #require(Browser.query(link)["token"])

        let wrongToken = try await postJSON(
            "\(auth)/email/signIn", .object(["email": .string(jane), "study": .string("sandbox"), "token": .string("guess")]))
        #expect(wrongToken.status == 404)
        #expect(try field(wrongToken, "message") == "Account not found.")
        let body: JSONValue = .object([
            "email": .string(jane), "study": .string("sandbox"), "token": .string(token), "password": .string("n3w-passw0rd"),
        ])
        let session = try await postJSON("\(auth)/email/signIn", body)
        #expect(session.status == 200)
        #expect(try field(session, "sessionToken")?.hasPrefix("session-") == true)
        #expect(try await postJSON("\(auth)/email/signIn", body).status == 404)
        #expect(
            try await postJSON(
                "\(auth)/signIn", .object(["email": .string(jane), "study": .string("sandbox"), "password": .string("n3w-passw0rd")])
            ).status == 200)
        #expect(
            try await postJSON(
                "\(auth)/signIn", .object(["email": .string(jane), "study": .string("sandbox"), "password": .string("demo")])
            ).status == 404)

        // sam has not consented: the session comes back with 412
        _ = try await postJSON("\(auth)/email", .object(["email": .string("sam.lowe@example.com"), "study": .string("sandbox")]))
        let samLink = try #require(await sandbox.emails().last?.link)
        let samToken = try #require(Browser.query(samLink)["token"])
        let pending = try await postJSON(
            "\(auth)/email/signIn",
            .object(["email": .string("sam.lowe@example.com"), "study": .string("sandbox"), "token": .string(samToken)]))
        #expect(pending.status == 412)

        let signUp = try await postJSON(
            "\(auth)/signUp",
            .object(["email": .string("new@example.com"), "study": .string("sandbox"), "password": .string("long-enough-1")]))
        #expect(signUp.status == 201)
        #expect(
            try await postJSON(
                "\(auth)/signIn",
                .object(["email": .string("new@example.com"), "study": .string("sandbox"), "password": .string("long-enough-1")])
            ).status == 412)
        #expect(
            try await postJSON(
                "\(auth)/signUp", .object(["email": .string("new@example.com"), "study": .string("sandbox"), "password": .string("short")])
            ).status == 400)
    }

    @Test("end-session returns to a registered post_logout_redirect_uri with state and ends the grant; an unregistered one is not followed")
    func endSession() async throws {
        let sandbox = try await SandboxPartner.start(settings: .jane)
        defer { sandbox.stop() }
        let tokens = try await exchange(sandbox, code: try await code(sandbox))
        let idToken = try #require(try field(tokens, "id_token"))
        let access = try #require(try field(tokens, "access_token"))
        let back = try await get(
            "\(sandbox.issuer)/logout?"
                + FormEncoding.encode([
                    ("id_token_hint", idToken), ("post_logout_redirect_uri", "http://127.0.0.1:4711/callback"), ("state", "bye"),
                ]))
        #expect(back.status == 302)
        #expect(back.header("Location") == "http://127.0.0.1:4711/callback?state=bye")
        #expect(try await get("\(sandbox.issuer)/userinfo", headers: [(name: "Authorization", value: "Bearer \(access)")]).status == 401)
        let elsewhere = try await get(
            "\(sandbox.issuer)/logout?"
                + FormEncoding.encode([
                    ("client_id", "dots-sandbox-app"), ("post_logout_redirect_uri", "https://evil.example/"),
                ]))
        #expect(elsewhere.status == 400)
        #expect(elsewhere.header("Location") == nil)
    }

    @Test("the deliverables: a PDF whose cross-reference offsets point at its objects, HTML legal pages, the trust root in PEM")
    func deliverables() async throws {
        let sandbox = try await SandboxPartner.start()
        defer { sandbox.stop() }
        let legal = try #require(sandbox.channel.legal)
        let pdf = try await get(try #require(legal.privacyPolicy))
        #expect(pdf.mediaType == "application/pdf")
        let text = String(decoding: pdf.body, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.4\n"))
        #expect(text.hasSuffix("%%EOF\n"))
        let bytes = [UInt8](pdf.body)
        let startxrefText = try #require(text.firstMatch(of: /startxref\n(\d+)\n/)?.1)
        let startxref = try #require(Int(startxrefText))
        #expect(String(decoding: bytes[startxref..<startxref + 4], as: UTF8.self) == "xref")
        let offsets = text.matches(of: #/(\d{10}) 00000 n /#).compactMap { Int($0.1) }
        #expect(offsets.count == 5)
        for (index, offset) in offsets.enumerated() {
            #expect(String(decoding: bytes[offset..<offset + 8], as: UTF8.self) == "\(index + 1) 0 obj\n")
        }
        for page in [legal.termsAndConditions, legal.jointControllerStatement] {
            let answer = try await get(try #require(page))
            #expect(answer.status == 200)
            #expect(answer.mediaType == "text/html")
        }
        let root = try await get("\(sandbox.issuer)/sandbox/ca.pem")
        #expect(String(decoding: root.body, as: UTF8.self) == sandbox.passSigningRoot)
        #expect(sandbox.passSigningRoot.hasPrefix("-----BEGIN CERTIFICATE-----"))
    }

    @Test("a users file replaces the built-in members; a file that is not an array of users is refused with the reason")
    func usersFile() async throws {
        let folder = TemporaryDirectory("users")
        let file = folder.path("users.json")
        try """
        [{"username": "kim", "password": "kims-password", "profile": {"id": "kim-1", "email": "kim@example.com",
          "features": {"canAccessApp": true}}, "passes": 1}]
        """.write(toFile: file, atomically: true, encoding: .utf8)
        var settings = SandboxPartner.Settings()
        settings.users = try SandboxUser.load(file: file)
        settings.autoApprove = "kim"
        let sandbox = try await SandboxPartner.start(settings: settings)
        defer { sandbox.stop() }
        let tokens = try await exchange(sandbox, code: try await code(sandbox))
        let bearer = [(name: "Authorization", value: "Bearer \(try #require(try field(tokens, "access_token")))")]
        let profile = try await get("\(sandbox.issuer)/api/me", headers: bearer).decodeJSON(JSONValue.self)
        #expect(profile.objectValue?["id"] == .string("kim-1"))
        let passes = try await get("\(sandbox.issuer)/api/passes", headers: bearer).decodeJSON(JSONValue.self)
        #expect(passes.stringArray?.count == 1)

        for (contents, reason) in [
            ("{}", "expected an array"), ("[]", "empty"), ("[{\"username\": \"x\"}]", "profile"),
            ("[{\"username\": \"x\", \"profile\": [1]}]", "profile must be a JSON object"),
        ] {
            try contents.write(toFile: file, atomically: true, encoding: .utf8)
            #expect {
                try SandboxUser.load(file: file)
            } throws: { error in
                guard let error = error as? SandboxError, case .unreadableUsers(_, let found) = error else { return false }
                return found.localizedCaseInsensitiveContains(reason) || error.message.contains(reason)
            }
        }
    }
}
