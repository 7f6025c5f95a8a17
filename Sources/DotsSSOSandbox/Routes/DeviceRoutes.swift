import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials
import Hummingbird

/// The device authorization grant (RFC 8628): `POST /device_authorization` starts a sign-in for a device without a
/// browser; the member opens `/device` on any other device (a phone scanning the QR code), enters the code, signs in
/// and approves or denies; the device polls the token endpoint meanwhile. `--auto-approve USER` approves at once.
extension SandboxRoutes {
    /// RFC 8628 §6.1: consonants only, no vowels (no words) and no look-alikes; 8 of them carry ~34 bits.
    static let userCodeAlphabet = Array("BCDFGHJKLMNPQRSTVWXZ")
    static let deviceCodeLifetime: TimeInterval = 600

    func registerDevice(on router: Router<BasicRequestContext>) {
        router.post("/device_authorization") { request, _ in try await startDevice(request) }
        router.get("/device") { request, _ in
            await log(request)
            let code = query(request)["user_code"] ?? ""
            return html(.ok, DevicePage.render(userCode: code, username: "", error: nil, users: settings.usernames))
        }
        router.post("/device") { request, _ in try await decideDevice(request) }
    }

    func startDevice(_ request: Request) async throws -> Response {
        let form = try await formFields(request)
        await log(request, form: form)
        guard let client = await client(authenticating: request, form: form) else {
            return oauthError(
                .unauthorized, "invalid_client", "client authentication failed", extra: [.wwwAuthenticate: "Basic realm=\"sandbox\""])
        }
        let challenge = form["code_challenge"]
        if let challenge, form["code_challenge_method"] != "S256" || challenge.count != 43 {
            return oauthError(.badRequest, "invalid_request", "PKCE needs code_challenge_method=S256 and a 43-character challenge")
        }
        let deviceCode = try SecureRandom.base64URLString(byteCount: 32)
        var letters = ""
        while letters.count < 8 {
            // 256 is not a multiple of 20: bytes of 240 and above are drawn again so no letter is likelier.
            for byte in try SecureRandom.bytes(16) where byte < 240 && letters.count < 8 {
                letters.append(Self.userCodeAlphabet[Int(byte) % Self.userCodeAlphabet.count])
            }
        }
        let userCode = "\(letters.prefix(4))-\(letters.suffix(4))"
        let autoApproved = settings.autoApprove.flatMap { settings.user(named: $0) }
        // A member who approves at once needs no 5-second wait.
        let interval: TimeInterval = autoApproved == nil ? 5 : 1
        await state.storeDevice(
            deviceCode,
            .init(
                clientID: client.id, scope: form["scope"] ?? "openid", challenge: challenge, nonce: form["nonce"],
                userCode: userCode, expiresAt: settings.now().addingTimeInterval(Self.deviceCodeLifetime),
                interval: interval, lastPoll: nil, decision: autoApproved?.subject))
        if let member = autoApproved { settings.log("approved device sign-in \(userCode) for \(member.username) (auto-approve)") }
        var complete = URLComponents(string: "\(issuer)/device")!
        complete.queryItems = [URLQueryItem(name: "user_code", value: userCode)]
        return json(
            .ok,
            .object([
                "device_code": .string(deviceCode), "user_code": .string(userCode),
                "verification_uri": .string("\(issuer)/device"),
                "verification_uri_complete": .string(complete.string ?? "\(issuer)/device"),
                "expires_in": .number(Self.deviceCodeLifetime), "interval": .number(interval),
            ]), extra: [.cacheControl: "no-store"])
    }

    /// The member's answer on `/device`: the code, their credentials, and approve or deny.
    func decideDevice(_ request: Request) async throws -> Response {
        let form = try await formFields(request)
        await log(request, form: form.filter { $0.key != "password" })
        let userCode = form["user_code"] ?? ""
        let username = form["username"] ?? ""
        func again(_ status: HTTPResponse.Status, _ error: String) -> Response {
            html(status, DevicePage.render(userCode: userCode, username: username, error: error, users: settings.usernames))
        }
        guard let pending = await state.deviceRequest(userCode: userCode) else {
            return again(.badRequest, "That code is not known, has expired or was already used. Check the code your device shows.")
        }
        if form["action"] == "deny" {
            _ = await state.decideDevice(userCode: userCode, subject: nil)
            return html(
                .ok,
                HTMLText.page(
                    title: "Sign-in denied",
                    body: """
                        <h1>Sign-in denied</h1>
                        <p>The device will not be signed in. You can close this page.</p>
                        """))
        }
        guard let member = settings.user(named: username), await passwordMatches(member, form["password"] ?? "") else {
            return again(.unauthorized, "The username or password is not right. Try again.")
        }
        guard await !state.removedSubjects.contains(member.subject) else {
            return again(.forbidden, "This account was removed from the channel.")
        }
        _ = await state.decideDevice(userCode: userCode, subject: member.subject)
        settings.log("approved device sign-in \(pending.userCode) for \(member.username)")
        return html(
            .ok,
            HTMLText.page(
                title: "Device signed in",
                body: """
                    <h1>Device signed in</h1>
                    <p>You approved the sign-in of <strong>\(HTMLText.escape(pending.clientID))</strong> as \(HTMLText.escape(member.username)). \
                    Return to your device; you can close this page.</p>
                    """))
    }

    /// The device grant at the token endpoint (RFC 8628 §3.4–3.5).
    func deviceToken(_ form: [String: String], client: SandboxClient, jkt: String?) async throws -> Response {
        guard let deviceCode = form["device_code"] else { return oauthError(.badRequest, "invalid_request", "device_code is missing") }
        switch await state.pollDevice(deviceCode, clientID: client.id, now: settings.now()) {
        case .pending: return oauthError(.badRequest, "authorization_pending", "the member has not answered yet")
        case .slowDown: return oauthError(.badRequest, "slow_down", "polling faster than the interval; wait 5 s more between polls")
        case .denied: return oauthError(.badRequest, "access_denied", "the member denied the sign-in")
        case .expired: return oauthError(.badRequest, "expired_token", "the device code has expired")
        case .unknown: return oauthError(.badRequest, "invalid_grant", "unknown, used or foreign device code")
        case let .approved(request, subject):
            if let challenge = request.challenge {
                guard let verifier = form["code_verifier"], (43...128).contains(verifier.count),
                    (try? PKCE.challenge(for: verifier)) == challenge
                else {
                    return oauthError(.badRequest, "invalid_grant", "PKCE verification failed")
                }
            }
            return try await issue(
                subject: subject, clientID: client.id, scope: request.scope, nonce: request.nonce, family: deviceCode,
                authTime: settings.now(), jkt: jkt)
        }
    }
}

/// The page a member opens on their phone or laptop to approve a device sign-in, in the login page's style.
enum DevicePage {
    static func render(userCode: String, username: String, error: String?, users: [String]) -> String {
        let alert = error.map { "<p class=\"error\" role=\"alert\" id=\"device-error\">\(HTMLText.escape($0))</p>\n" } ?? ""
        let described = error == nil ? "" : " aria-describedby=\"device-error\""
        return HTMLText.page(
            title: "Sign in a device",
            body: """
                <h1>Sign in a device</h1>
                <p>Enter the code your device shows, then sign in to approve it.</p>
                \(alert)<form method="post" action="/device">
                <label for="user_code">Code</label>
                <input id="user_code" name="user_code" required autocomplete="one-time-code" value="\(HTMLText.escape(userCode))"\(described)>
                <label for="username">Username</label>
                <input id="username" name="username" autocomplete="username" value="\(HTMLText.escape(username))"\(described)>
                <label for="password">Password</label>
                <input id="password" name="password" type="password" autocomplete="current-password"\(described)>
                <button type="submit" name="action" value="approve">Approve</button>
                <button type="submit" name="action" value="deny" formnovalidate>Deny</button>
                </form>
                <p>Sandbox users: \(HTMLText.escape(users.joined(separator: ", "))) (built-in users sign in with the password <code>demo</code>).</p>
                """)
    }
}
