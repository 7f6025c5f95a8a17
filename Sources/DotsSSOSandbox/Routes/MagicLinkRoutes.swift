import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials
import Hummingbird

/// E-mail sign-in as a Bridge-style server does it (seed 001): a link e-mailed on request (202 whether or not
/// the account exists, 429 within the throttle), redeemed once for a session (412 until the member consented,
/// 404 "Account not found." for a wrong or expired token), the password steps of the same lifecycle, and the
/// app-link files that make the e-mailed links open the app.
extension SandboxRoutes {
    static let appID = "\(SandboxPasses.team).org.thedots.app"
    static let androidPackage = "org.thedots.app"
    /// The SHA-256 of the sandbox app's (imaginary) signing certificate.
    static let androidFingerprint = (0..<32).map { PlainNumber.hexByte(UInt8(($0 * 37 + 11) % 256)) }.joined(separator: ":")

    func registerMagicLinks(on router: Router<BasicRequestContext>) {
        router.post("/v3/auth/email") { request, _ in try await requestLink(request) }
        router.post("/v3/auth/email/signIn") { request, _ in try await redeemLink(request) }
        router.post("/v3/auth/signUp") { request, _ in try await signUp(request) }
        router.post("/v3/auth/signIn") { request, _ in try await passwordSignIn(request) }
        router.get("/mobile/verify.html") { request, _ in
            await log(request)
            return html(
                .ok,
                HTMLText.page(
                    title: "Open The Dots",
                    body: """
                        <h1>Open this link on your phone</h1>
                        <p>With The Dots app installed, this link opens the app and signs you in.</p>
                        """))
        }
        router.get("/.well-known/apple-app-site-association") { request, _ in
            await log(request)
            return json(
                .ok,
                .object([
                    "applinks": .object([
                        "details": .array([
                            .object([
                                "appIDs": .array([.string(Self.appID)]),
                                "components": .array([
                                    .object(["/": .string("/mobile/verify.html"), "?": .object(["token": .string("?*")])])
                                ]),
                            ])
                        ])
                    ])
                ]))
        }
        router.get("/.well-known/assetlinks.json") { request, _ in
            await log(request)
            return json(
                .ok,
                .array([
                    .object([
                        "relation": .array([.string("delegate_permission/common.handle_all_urls")]),
                        "target": .object([
                            "namespace": .string("android_app"), "package_name": .string(Self.androidPackage),
                            "sha256_cert_fingerprints": .array([.string(Self.androidFingerprint)]),
                        ]),
                    ])
                ]))
        }
    }

    func requestLink(_ request: Request) async throws -> Response {
        await log(request)
        guard let body = try await jsonObject(request), let email = body["email"]?.stringValue, let study = body["study"]?.stringValue
        else {
            return bridgeError(.badRequest, "Email and study are required.", "BadRequestException")
        }
        guard study == settings.study else {
            return bridgeError(.notFound, "Study not found.", "EntityNotFoundException", entityClass: "Study")
        }
        let now = settings.now()
        if let wait = await state.throttle(email.lowercased(), now: now, window: settings.emailThrottle) {
            return json(
                .tooManyRequests,
                .object([
                    "statusCode": .number(429), "message": .string("Too many requests."),
                    "type": .string("RateLimitExceededException"),
                ]),
                extra: [.retryAfter: String(Int(clamping: wait, to: 0...86_400, rounding: .up))])
        }
        // Never says whether the account exists: 202 either way, and only members get an e-mail.
        if let member = user(email: email), await !state.removedSubjects.contains(member.subject) {
            // Never starting with "-": a person pastes it after --token, where a leading dash reads as a flag.
            let token = "ml" + (try SecureRandom.base64URLString(byteCount: 18))
            await state.storeEmailToken(token, for: email.lowercased(), at: now)
            let link = "\(issuer)/mobile/verify.html?" + FormEncoding.encode([("email", email), ("study", study), ("token", token)])
            await send(SandboxEmail(to: email, subject: "Your sign-in link for The Dots", link: link, sentAt: now))
        }
        return json(.accepted, .object(["message": .string("Email sent.")]))
    }

    func redeemLink(_ request: Request) async throws -> Response {
        await log(request)
        guard let body = try await jsonObject(request), let email = body["email"]?.stringValue, let token = body["token"]?.stringValue,
            let study = body["study"]?.stringValue
        else {
            return bridgeError(.badRequest, "Email, study and token are required.", "BadRequestException")
        }
        guard study == settings.study else {
            return bridgeError(.notFound, "Study not found.", "EntityNotFoundException", entityClass: "Study")
        }
        guard let member = user(email: email), await state.takeEmailToken(token, for: email.lowercased(), now: settings.now()) else {
            return bridgeError(.notFound, "Account not found.", "EntityNotFoundException", entityClass: "Account")
        }
        if let password = body["password"]?.stringValue {
            guard password.count >= 8 else {
                return bridgeError(.badRequest, "Password must be at least 8 characters.", "InvalidEntityException")
            }
            await state.setPassword(password, for: member.username)
        }
        return try session(for: member)
    }

    func signUp(_ request: Request) async throws -> Response {
        await log(request)
        guard let body = try await jsonObject(request), let email = body["email"]?.stringValue,
            let password = body["password"]?.stringValue,
            let study = body["study"]?.stringValue
        else {
            return bridgeError(.badRequest, "Email, password and study are required.", "BadRequestException")
        }
        guard study == settings.study else {
            return bridgeError(.notFound, "Study not found.", "EntityNotFoundException", entityClass: "Study")
        }
        guard EmailAddress.isValid(email) else {
            return bridgeError(.badRequest, "Email is not a valid address.", "InvalidEntityException")
        }
        guard password.count >= 8 else {
            return bridgeError(.badRequest, "Password must be at least 8 characters.", "InvalidEntityException")
        }
        // 201 whether or not the address already has an account (no enumeration); a new one waits for consent.
        if user(email: email) == nil { await state.signUp(email.lowercased(), password: password) }
        return json(.created, .object(["message": .string("Signed up.")]))
    }

    func passwordSignIn(_ request: Request) async throws -> Response {
        await log(request)
        guard let body = try await jsonObject(request), let email = body["email"]?.stringValue,
            let password = body["password"]?.stringValue,
            let study = body["study"]?.stringValue
        else {
            return bridgeError(.badRequest, "Email, password and study are required.", "BadRequestException")
        }
        guard study == settings.study else {
            return bridgeError(.notFound, "Study not found.", "EntityNotFoundException", entityClass: "Study")
        }
        if let member = user(email: email), await passwordMatches(member, password), await !state.removedSubjects.contains(member.subject) {
            return try session(for: member)
        }
        if await state.signedUpPassword(email.lowercased()).map({ ConstantTime.equals($0, password) }) == true {
            return try session(
                id: "signup-" + String(try DigestAlgorithm.sha256.hex(Data(email.lowercased().utf8)).prefix(12)), email: email,
                consented: false)
        }
        return bridgeError(.notFound, "Account not found.", "EntityNotFoundException", entityClass: "Account")
    }

    /// A `UserSessionInfo`: 200 for a consented member, 412 (the same body) until they consent.
    func session(for member: SandboxUser) throws -> Response {
        try session(id: member.subject, email: member.email ?? "", consented: member.consented)
    }

    func session(id: String, email: String, consented: Bool) throws -> Response {
        json(
            consented ? .ok : .preconditionFailed,
            .object([
                "type": .string("UserSessionInfo"), "authenticated": .bool(true), "consented": .bool(consented), "email": .string(email),
                "id": .string(id), "sessionToken": .string("session-" + (try SecureRandom.base64URLString(byteCount: 24))),
                "reauthToken": .string("reauth-" + (try SecureRandom.base64URLString(byteCount: 24))), "dataGroups": .array([]),
            ]), extra: [.cacheControl: "no-store"])
    }

    /// Bridge's error body; `entityClass` names what was not found (seed 001: `"Account"` for a wrong, used or expired token).
    func bridgeError(_ status: HTTPResponse.Status, _ message: String, _ type: String, entityClass: String? = nil) -> Response {
        var body: [String: JSONValue] = ["statusCode": .number(Double(status.code)), "message": .string(message), "type": .string(type)]
        if let entityClass { body["entityClass"] = .string(entityClass) }
        return json(status, .object(body))
    }

    /// Keeps the e-mail, writes it to the outbox (0600) and logs its link.
    func send(_ email: SandboxEmail) async {
        await state.record(email)
        if let outbox = settings.outbox {
            let count = await state.emails.count
            let safe = email.to.map { $0.isLetter || $0.isNumber || "@.-_+".contains($0) ? $0 : "_" }
            let file = outbox.appendingPathComponent(PlainNumber.zeroPadded(count, width: 4) + "-" + String(safe) + ".eml")
            do {
                try AtomicFile.write(Data(email.rendered(from: "Sandbox Partner <no-reply@sandbox.invalid>").utf8), to: file)
            } catch {
                settings.log("warning: could not write the e-mail to the outbox: \(error)")
            }
        }
        settings.log("e-mailed a sign-in link to \(email.to): \(email.link)")
    }
}
