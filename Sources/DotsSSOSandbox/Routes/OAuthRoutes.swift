import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials
import Hummingbird

/// The OIDC provider: discovery, JWKS, authorization, token, revocation, userinfo and end-session. Errors follow
/// RFC 6749 (§4.1.2.1 on redirects, §5.2 as JSON from the token endpoint).
extension SandboxRoutes {
    func registerOAuth(on router: Router<BasicRequestContext>) {
        router.get("/.well-known/openid-configuration") { request, _ in
            await log(request)
            return json(.ok, discovery())
        }
        router.get("/jwks") { request, _ in
            await log(request)
            return json(.ok, jwks())
        }
        router.get("/authorize") { request, _ in try await authorize(request) }
        if settings.pushedAuthorization != .off {
            router.post("/par") { request, _ in try await pushAuthorization(request) }
        }
        router.post("/token") { request, _ in try await token(request) }
        router.post("/revoke") { request, _ in
            let form = try await formFields(request)
            await log(request, form: form)
            guard await client(authenticating: request, form: form) != nil else {
                return oauthError(.unauthorized, "invalid_client", "client authentication failed")
            }
            // RFC 7009 §2.1: `token` is required; §2.2: 200 whether or not the token was known.
            guard let value = form["token"], !value.isEmpty else {
                return oauthError(.badRequest, "invalid_request", "the token parameter is required (RFC 7009 §2.1)")
            }
            await state.revoke(value)
            return Response(status: .ok, headers: [.cacheControl: "no-store"])
        }
        router.post("/introspect") { request, _ in try await introspect(request) }
        // OIDC Core §5.3.1: the UserInfo endpoint answers GET and POST.
        router.get("/userinfo") { request, _ in await userinfo(request) }
        router.post("/userinfo") { request, _ in await userinfo(request) }
        // RP-Initiated Logout 1.0 §2: GET and POST (form-serialized).
        router.get("/logout") { request, _ in await endSession(request, parameters: query(request)) }
        router.post("/logout") { request, _ in await endSession(request, parameters: try await formFields(request)) }
    }

    /// RFC 7662: whether a token is active, and what it is. The caller authenticates as a registered client (a public
    /// client by its id), and learns only about its own tokens (§4: the server may limit what a client sees): another
    /// client's token, an unknown, expired or revoked one is `{"active": false}`, never an error.
    func introspect(_ request: Request) async throws -> Response {
        let form = try await formFields(request)
        await log(request, form: form)
        guard let caller = await client(authenticating: request, form: form) else {
            return oauthError(.unauthorized, "invalid_client", "client authentication failed")
        }
        guard let value = form["token"], !value.isEmpty else {
            return oauthError(.badRequest, "invalid_request", "the token parameter is required (RFC 7662 §2.1)")
        }
        guard let (token, refresh) = await state.introspect(value, now: settings.now()), token.clientID == caller.id else {
            return json(.ok, .object(["active": .bool(false)]), extra: [.cacheControl: "no-store"])
        }
        var answer: [String: JSONValue] = [
            "active": .bool(true), "scope": .string(token.scope), "client_id": .string(token.clientID), "sub": .string(token.subject),
            "iss": .string(issuer), "aud": .string(token.clientID),
            "auth_time": .number(token.authTime.timeIntervalSince1970.rounded(.down)),
        ]
        if !refresh {
            answer["exp"] = .number(token.expiresAt.timeIntervalSince1970.rounded(.down))
            answer["token_type"] = .string(token.jkt == nil ? "Bearer" : "DPoP")
        }
        if let email = user(subject: token.subject)?.email { answer["username"] = .string(email) }
        // RFC 9449 §6.2: a DPoP-bound token says which key.
        if let jkt = token.jkt { answer["cnf"] = .object(["jkt": .string(jkt)]) }
        return json(.ok, .object(answer), extra: [.cacheControl: "no-store"])
    }

    /// The signing keys as a JWKS document: what `/jwks` serves and what a logout hint is checked against.
    func jwks() -> JSONValue { keys.document }

    func userinfo(_ request: Request) async -> Response {
        await log(request)
        guard let member = await member(bearer: request) else {
            return oauthError(
                .unauthorized, "invalid_token", "the access token is unknown, expired or revoked",
                extra: [.wwwAuthenticate: "Bearer error=\"invalid_token\""])
        }
        return json(.ok, .object(userInfo(member)))
    }

    func discovery() -> JSONValue {
        .object(
            [
                "issuer": .string(issuer),
                "authorization_endpoint": .string("\(issuer)/authorize"),
                "token_endpoint": .string("\(issuer)/token"),
                "userinfo_endpoint": .string("\(issuer)/userinfo"),
                "jwks_uri": .string("\(issuer)/jwks"),
                "revocation_endpoint": .string("\(issuer)/revoke"),
                "introspection_endpoint": .string("\(issuer)/introspect"),
                "end_session_endpoint": .string("\(issuer)/logout"),
                "device_authorization_endpoint": .string("\(issuer)/device_authorization"),

                "response_types_supported": .array([.string("code")]),
                "response_modes_supported": .array([.string("query")]),
                "grant_types_supported": .array(
                    ["authorization_code", "refresh_token", TokenEndpointClient.deviceCodeGrant].map(JSONValue.string)),
                "code_challenge_methods_supported": .array([.string("S256")]),
                "token_endpoint_auth_methods_supported": .array(
                    ["none", "client_secret_basic", "client_secret_post", "private_key_jwt"].map(JSONValue.string)),
                "token_endpoint_auth_signing_alg_values_supported": .array(JWSAlgorithm.allCases.map { JSONValue.string($0.rawValue) }),
                "dpop_signing_alg_values_supported": .array(Self.dpopAlgorithms.map { JSONValue.string($0.rawValue) }),
                "revocation_endpoint_auth_methods_supported": .array(
                    ["none", "client_secret_basic", "client_secret_post"].map(JSONValue.string)),
                "introspection_endpoint_auth_methods_supported": .array(
                    ["none", "client_secret_basic", "client_secret_post", "private_key_jwt"].map(JSONValue.string)),
                "scopes_supported": .array(["openid", "profile", "email", "offline_access"].map(JSONValue.string)),
                "claims_supported": .array(
                    ["sub", "auth_time", "email", "email_verified", "given_name", "family_name", "name"].map(JSONValue.string)),
                "subject_types_supported": .array([.string("public")]),
                "id_token_signing_alg_values_supported": .array([.string("RS256"), .string("ES256")]),
                "authorization_response_iss_parameter_supported": .bool(settings.sendIssuer),
            ].merging(settings.fapi2 ? fapi2Metadata : [:]) { $1 }.filter { $0.value != .null }.merging(
                settings.pushedAuthorization == .off
                    ? [:]
                    : [
                        "pushed_authorization_request_endpoint": .string("\(issuer)/par"),
                        "require_pushed_authorization_requests": .bool(settings.pushedAuthorization == .required),
                    ]
            ) { $1 })
    }

    /// What a FAPI 2.0 provider's metadata says instead (`sandbox --fapi2`): private_key_jwt only, the profile's
    /// algorithms only (§5.4.1), no device grant.
    var fapi2Metadata: [String: JSONValue] {
        let allowed = FAPI2Profile.algorithms.map { JSONValue.string($0.rawValue) }
        return [
            "token_endpoint_auth_methods_supported": .array([.string("private_key_jwt")]),
            "revocation_endpoint_auth_methods_supported": .array([.string("private_key_jwt")]),
            "introspection_endpoint_auth_methods_supported": .array([.string("private_key_jwt")]),
            "token_endpoint_auth_signing_alg_values_supported": .array(allowed),
            "dpop_signing_alg_values_supported": .array(
                Self.dpopAlgorithms.filter(FAPI2Profile.algorithms.contains).map { JSONValue.string($0.rawValue) }),
            "id_token_signing_alg_values_supported": .array([.string(JWSAlgorithm.es256.rawValue)]),
            "grant_types_supported": .array(["authorization_code", "refresh_token"].map(JSONValue.string)),
            "device_authorization_endpoint": .null,
        ]
    }

    /// The standard claims of a member, from their profile.
    func userInfo(_ member: SandboxUser) -> [String: JSONValue] {
        let profile = member.profile.objectValue ?? [:]
        var claims: [String: JSONValue] = ["sub": .string(member.subject)]
        if let email = member.email {
            claims["email"] = .string(email)
            claims["email_verified"] = .bool(true)
        }
        let given = profile["firstName"]?.stringValue, family = profile["lastName"]?.stringValue
        if let given { claims["given_name"] = .string(given) }
        if let family { claims["family_name"] = .string(family) }
        let name = [given, family].compactMap { $0 }.joined(separator: " ")
        if !name.isEmpty { claims["name"] = .string(name) }
        if let features = profile["features"] { claims["features"] = features }
        return claims
    }

    /// Validates the request, then shows the login page, or signs the `--auto-approve` member in at once.
    /// The page shown instead of a redirect when the request cannot be trusted with one (RFC 6749 §4.1.2.1).
    func signInError(_ heading: String, _ alert: String) -> Response {
        html(
            .badRequest, HTMLText.page(title: "Sign-in error", body: "<h1>\(heading)</h1>\n<p class=\"error\" role=\"alert\">\(alert)</p>"))
    }

    /// RFC 9126 §2: the client posts the whole authorization request, authenticated as at the token endpoint, and gets a
    /// single-use `request_uri` for the browser. What /authorize would refuse is refused here, as JSON.
    func pushAuthorization(_ request: Request) async throws -> Response {
        let form = try await formFields(request)
        await log(request, form: form)
        func refuse(_ error: String, _ description: String, status: HTTPResponse.Status = .badRequest) -> Response {
            json(status, .object(["error": .string(error), "error_description": .string(description)]))
        }
        guard let client = await client(authenticating: request, form: form) else {
            return refuse("invalid_client", "client authentication failed", status: .unauthorized)
        }
        guard form["request_uri"] == nil else { return refuse("invalid_request", "request_uri cannot be pushed (RFC 9126 §2.1)") }
        guard let redirectURI = form["redirect_uri"], client.accepts(redirectURI: redirectURI) else {
            return refuse("invalid_request", "redirect_uri does not match a URI registered for this client")
        }
        guard form["response_type"] == "code" else { return refuse("unsupported_response_type", "only response_type=code") }
        guard let challenge = form["code_challenge"], form["code_challenge_method"] == "S256", challenge.count == 43 else {
            return refuse("invalid_request", "PKCE with code_challenge_method=S256 is required")
        }
        let requestURI = "urn:ietf:params:oauth:request_uri:" + (try SecureRandom.base64URLString(byteCount: 24))
        var parameters = form
        for secret in ["client_secret", "client_assertion", "client_assertion_type"] { parameters.removeValue(forKey: secret) }
        parameters["client_id"] = client.id
        await state.storePushed(requestURI, clientID: client.id, parameters: parameters, expires: settings.now().addingTimeInterval(60))
        return json(.created, .object(["request_uri": .string(requestURI), "expires_in": .number(60)]))
    }

    func authorize(_ request: Request) async throws -> Response {
        await log(request)
        var query = query(request)
        if let requestURI = query["request_uri"] {
            // RFC 9126 §4: the pushed parameters are the request; the browser's address only names them.
            guard let clientID = query["client_id"],
                let pushed = await state.takePushed(requestURI, clientID: clientID, now: settings.now())
            else {
                return signInError(
                    "This sign-in link has expired",
                    "invalid_request_uri: the request_uri is unknown, used already, expired, or another client's.")
            }
            query = pushed
        } else if settings.pushedAuthorization == .required {
            return signInError(
                "This provider needs pushed requests",
                "invalid_request: authorization requests must be pushed first (require_pushed_authorization_requests, RFC 9126).")
        }
        guard let clientID = query["client_id"], let client = settings.clients.first(where: { $0.id == clientID }) else {
            return signInError("This app is not registered", "invalid_request: the client_id is missing or unknown to this provider.")
        }
        guard let redirectURI = query["redirect_uri"], client.accepts(redirectURI: redirectURI) else {
            // Never redirect to an unregistered URI (RFC 6749 §4.1.2.1): the error is shown here.
            return signInError(
                "The redirect URI is not registered",
                "invalid_request: redirect_uri does not match a URI registered for this client (a loopback URI matches on any port).")
        }
        let state = query["state"]
        guard query["response_type"] == "code" else {
            return redirectBack(redirectURI, state: state, [("error", "unsupported_response_type")])
        }
        guard let challenge = query["code_challenge"], query["code_challenge_method"] == "S256", challenge.count == 43 else {
            return redirectBack(
                redirectURI, state: state,
                [("error", "invalid_request"), ("error_description", "PKCE with code_challenge_method=S256 is required")])
        }
        let prompts = Set((query["prompt"] ?? "").split(separator: " ").map(String.init))
        guard !prompts.contains("none") || prompts.count == 1 else {
            // OIDC Core §3.1.2.1: none with any other value is an error.
            return redirectBack(
                redirectURI, state: state,
                [("error", "invalid_request"), ("error_description", "prompt=none cannot be combined with other values")])
        }
        var maxAge: TimeInterval?
        if let value = query["max_age"] {
            guard let seconds = Int(value), seconds >= 0 else {
                return redirectBack(
                    redirectURI, state: state,
                    [("error", "invalid_request"), ("error_description", "max_age must be a whole number of seconds")])
            }
            maxAge = TimeInterval(seconds)
        }
        let now = settings.now()
        let attempt = SandboxState.AuthorizationAttempt(
            client: client, redirectURI: redirectURI, state: state, challenge: challenge,
            scope: query["scope"] ?? "openid", nonce: query["nonce"], createdAt: now, dpopJkt: query["dpop_jkt"]
        )
        if let name = settings.autoApprove, let member = settings.user(named: name), !prompts.contains("login") {
            return try await approve(attempt, member: member, authTime: now)
        }
        // A browser already signed in here gets its code without the form (OIDC Core §3.1.2.3), unless the client
        // asks for a fresh login (prompt=login) or the sign-in is older than max_age (§3.1.2.1).
        if !prompts.contains("login"), let (_, session) = await browserSession(of: request),
            maxAge.map({ now.timeIntervalSince(session.authTime) <= $0 }) ?? true,
            let member = settings.users.first(where: { $0.subject == session.subject })
        {
            return try await approve(attempt, member: member, authTime: session.authTime)
        }
        // prompt=none must not show a page (OIDC Core §3.1.2.1).
        if prompts.contains("none") {
            return redirectBack(
                redirectURI, state: state,
                [
                    ("error", "login_required"),
                    ("error_description", "prompt=none and nobody is signed in to the sandbox in this browser"),
                ])
        }
        let id = try SecureRandom.base64URLString(byteCount: 18)
        await self.state.storeAttempt(id, attempt)
        return html(
            .ok,
            LoginPage.render(
                attempt: id, clientID: client.id, username: query["login_hint"] ?? "", error: nil,
                users: settings.usernames))
    }

    /// Issues a single-use code for `member`, who authenticated at `authTime`, and sends the browser back with it.
    func approve(_ attempt: SandboxState.AuthorizationAttempt, member: SandboxUser, authTime: Date) async throws -> Response {
        let code = try SecureRandom.base64URLString(byteCount: 24)
        await state.storeCode(
            code,
            .init(
                clientID: attempt.client.id, redirectURI: attempt.redirectURI, challenge: attempt.challenge,
                subject: member.subject, scope: attempt.scope, nonce: attempt.nonce,
                expiresAt: settings.now().addingTimeInterval(settings.codeLifetime), authTime: authTime, dpopJkt: attempt.dpopJkt))
        settings.log("signed in \(member.username) for \(attempt.client.id)")
        return redirectBack(attempt.redirectURI, state: attempt.state, [("code", code)])
    }

    /// A redirect to the client with `fields`, `state` and (RFC 9207) `iss`.
    func redirectBack(_ redirectURI: String, state: String?, _ fields: [(String, String)]) -> Response {
        var all = fields
        if let state { all.append(("state", state)) }
        if settings.sendIssuer { all.append(("iss", settings.wrongIssuer ? "https://evil.example" : issuer)) }
        return redirect(redirectURI, adding: all) ?? text(.badRequest, "invalid redirect_uri\n")
    }

    func token(_ request: Request) async throws -> Response {
        let form = try await formFields(request)
        await log(request, form: form)
        guard let client = await client(authenticating: request, form: form) else {
            return oauthError(
                .unauthorized, "invalid_client", "client authentication failed", extra: [.wwwAuthenticate: "Basic realm=\"sandbox\""])
        }
        // RFC 9449 §5: a proof, when sent, binds what is issued to its key; a broken one or a missing nonce is refused.
        let proof = await dpopProof(request, target: "\(issuer)/token")
        var jkt: String?
        switch proof {
        case .absent where settings.fapi2:
            // FAPI 2.0 §5.3.2.1: only sender-constrained access tokens are issued.
            return oauthError(.badRequest, "invalid_dpop_proof", "FAPI 2.0: tokens are sender-constrained; send a DPoP proof (RFC 9449)")
        case .absent: jkt = nil
        case .valid(let thumbprint): jkt = thumbprint
        case .needsNonce, .invalid: return dpopRefusal(proof)
        }
        switch form["grant_type"] {
        case "authorization_code":
            guard let code = form["code"] else { return oauthError(.badRequest, "invalid_request", "code is missing") }
            let grant: SandboxState.Grant
            switch await state.takeCode(code, now: settings.now()) {
            case .valid(let found) where found.clientID == client.id: grant = found
            case .expired: return oauthError(.badRequest, "invalid_grant", "the authorization code has expired")
            case .reused: return oauthError(.badRequest, "invalid_grant", "the authorization code was already used; its tokens are revoked")
            default: return oauthError(.badRequest, "invalid_grant", "unknown or foreign authorization code")
            }
            // RFC 9449 §10: a code bound to a key at the authorization request is exchanged by that key only.
            if let bound = grant.dpopJkt, bound != jkt {
                return oauthError(.badRequest, "invalid_dpop_proof", "the code is bound to another DPoP key (dpop_jkt)")
            }
            guard form["redirect_uri"] == grant.redirectURI else {
                return oauthError(.badRequest, "invalid_grant", "redirect_uri does not match the authorization request")
            }
            guard let verifier = form["code_verifier"], (43...128).contains(verifier.count),
                (try? PKCE.challenge(for: verifier)) == grant.challenge
            else {
                return oauthError(.badRequest, "invalid_grant", "PKCE verification failed")
            }
            return try await issue(
                subject: grant.subject, clientID: client.id, scope: grant.scope, nonce: grant.nonce, family: code,
                authTime: grant.authTime, jkt: jkt)
        case "refresh_token":
            guard let presented = form["refresh_token"] else {
                return oauthError(.badRequest, "invalid_request", "refresh_token is missing")
            }
            switch await state.consumeRefresh(presented) {
            case .valid(let previous) where previous.clientID == client.id:
                // RFC 9449 §5: a bound refresh token is refreshed by its key only, and stays bound to it.
                if let bound = previous.jkt, bound != jkt {
                    return oauthError(
                        .badRequest, "invalid_dpop_proof", "the refresh token is bound to a DPoP key this request does not prove")
                }
                return try await issue(
                    subject: previous.subject, clientID: client.id, scope: previous.scope, nonce: nil, family: previous.family,
                    authTime: previous.authTime, jkt: previous.jkt ?? jkt)
            case .reused:
                return oauthError(.badRequest, "invalid_grant", "refresh token reuse detected; the grant is revoked")
            default:
                return oauthError(.badRequest, "invalid_grant", "unknown or revoked refresh token")
            }
        case TokenEndpointClient.deviceCodeGrant:
            return try await deviceToken(form, client: client, jkt: jkt)
        default:
            return oauthError(
                .badRequest, "unsupported_grant_type", "use authorization_code, refresh_token or \(TokenEndpointClient.deviceCodeGrant)")
        }
    }

    /// A new access token, a rotated refresh token and (for `openid`) an id_token signed as the client asks (RS256 by
    /// default, ES256 for a client registered so).
    func issue(
        subject: String, clientID: String, scope: String, nonce: String?, family: String, authTime: Date, jkt: String? = nil
    ) async throws -> Response {
        let access = try SecureRandom.base64URLString(byteCount: 32)
        let refresh = try SecureRandom.base64URLString(byteCount: 32)
        let now = settings.now()
        let expiry = now.addingTimeInterval(settings.accessTokenLifetime)
        await state.storeTokens(
            access: access, refresh: refresh,
            token: .init(
                subject: subject, clientID: clientID, scope: scope, expiresAt: expiry, family: family,
                authTime: authTime, jkt: jkt))
        var body: [String: JSONValue] = [
            "access_token": .string(access), "token_type": .string(jkt == nil ? "Bearer" : DPoPKey.tokenType),
            "expires_in": .number(settings.accessTokenLifetime), "refresh_token": .string(refresh), "scope": .string(scope),
        ]
        if scope.split(separator: " ").contains("openid") {
            var claims = user(subject: subject).map(userInfo) ?? [:]
            claims["features"] = nil
            claims["iss"] = .string(issuer)
            claims["sub"] = .string(subject)
            claims["aud"] = .string(clientID)
            claims["iat"] = .number(now.timeIntervalSince1970.rounded(.down))
            claims["exp"] = .number(expiry.timeIntervalSince1970.rounded(.down))
            // OIDC Core §2, §3.1.2.1: required when max_age was asked; always sent, as many providers do.
            claims["auth_time"] = .number(authTime.timeIntervalSince1970.rounded(.down))
            if let nonce { claims["nonce"] = .string(nonce) }
            let algorithm = settings.clients.first { $0.id == clientID }?.idTokenAlgorithm ?? .rs256
            body["id_token"] = .string(try signedJWT(claims, algorithm: algorithm))
        }
        return json(.ok, .object(body), extra: [.cacheControl: "no-store", HTTPFields.Element.Name("Pragma")!: "no-cache"])
    }

    func signedJWT(_ claims: [String: JSONValue], algorithm: JWSAlgorithm = .rs256) throws -> String {
        let key = keys.key(for: algorithm)
        return try key.compactJWS(header: ["typ": .string("JWT"), "kid": .string(keys.keyID(key))], claims: claims, algorithm: algorithm)
    }

    /// The client after RFC 6749 §2.3 authentication: Basic or form secret for a confidential client, the
    /// client id alone (or with an empty secret) for a public one.
    func client(authenticating request: Request, form: [String: String]) async -> SandboxClient? {
        if form["client_assertion_type"] != nil || form["client_assertion"] != nil {
            return await client(asserting: form, endpoint: "\(issuer)\(request.uri.path)")
        }
        var clientID = form["client_id"]
        var secret = form["client_secret"]
        if let header = request.headers[.authorization], header.hasPrefix("Basic ") {
            guard let decoded = Data(base64Encoded: String(header.dropFirst(6))).flatMap({ String(data: $0, encoding: .utf8) }),
                let colon = decoded.firstIndex(of: ":")
            else { return nil }
            clientID = PercentEncoding.decode(decoded[..<colon])
            secret = PercentEncoding.decode(decoded[decoded.index(after: colon)...])
        }
        guard let clientID, let client = settings.clients.first(where: { $0.id == clientID }), client.jwks == nil else { return nil }
        if let expected = client.secret {
            return secret.map { ConstantTime.equals($0, expected) } == true ? client : nil
        }
        // A public client presenting an empty secret (`-u client:`, `client_secret=`) presents no secret, not a wrong one.
        return (secret ?? "").isEmpty ? client : nil
    }

    /// RP-initiated logout: ends the member's grants named by `id_token_hint` when it is an id_token this sandbox
    /// issued, then returns to a registered `post_logout_redirect_uri` (with `state`), or shows a signed-out page.
    /// A hint that is not one of ours (unsigned, signed by anyone else, for another audience) revokes nothing: the
    /// page asks the person to confirm instead (RP-Initiated Logout 1.0 §2: the OP MUST validate the hint).
    func endSession(_ request: Request, parameters: [String: String]) async -> Response {
        await log(request, form: request.method == .post ? parameters : [:])
        var clientID = parameters["client_id"]
        var revoked = true
        if let hint = parameters["id_token_hint"] {
            if let verified = verifiedHint(hint) {
                await state.revokeAll(subject: verified.subject)
                clientID = clientID ?? verified.client
            } else if parameters["confirm"] == "yes" {
                revoked = false
            } else {
                return confirmLogout(parameters)
            }
        }
        // The browser's own session at the sandbox ends whichever way the person got here.
        var response = signedOut(parameters, clientID: clientID, revoked: revoked)
        await endBrowserSession(of: request, on: &response)
        return response
    }

    /// The id_token a logout hint is, when it is one this sandbox issued to one of its clients: signature, `iss`
    /// and `aud` checked; an expired one is still a hint (judged as of when it was issued).
    func verifiedHint(_ hint: String) -> (subject: String, client: String)? {
        guard let token = try? JWT(hint), let keys = try? JWKSet(document: jwks()) else { return nil }
        let issuedAt = ((try? token.date("iat")) ?? nil) ?? settings.now()
        for client in settings.clients where token.audiences.contains(client.id) {
            let validator = IDTokenValidator(issuer: issuer, clientID: client.id, keys: keys)
            if let verified = try? validator.validate(hint, nonce: nil, nonceRequired: false, now: issuedAt),
                let subject = verified.claims["sub"]?.stringValue
            {
                return (subject, client.id)
            }
        }
        return nil
    }

    /// Back to the registered post-logout redirect with `state`, or the signed-out page.
    func signedOut(_ parameters: [String: String], clientID: String?, revoked: Bool) -> Response {
        if let target = parameters["post_logout_redirect_uri"] {
            guard let client = settings.clients.first(where: { $0.id == clientID }),
                client.accepts(redirectURI: target) || target.hasPrefix(issuer + "/")
            else {
                return html(
                    .badRequest,
                    HTMLText.page(
                        title: "Signed out",
                        body: """
                            <h1>Signed out</h1>
                            <p class="error" role="alert">post_logout_redirect_uri is not registered for this client, so you stay on this page.</p>
                            """))
            }
            return redirect(target, adding: parameters["state"].map { [("state", $0)] } ?? [])
                ?? text(.badRequest, "invalid post_logout_redirect_uri\n")
        }
        let note =
            revoked
            ? "You are signed out of the sandbox partner." : "Nothing was revoked: the request did not name a sign-in of this sandbox."
        return html(.ok, HTMLText.page(title: "Signed out", body: "<h1>Signed out</h1>\n<p>\(note) You can close this tab.</p>"))
    }

    /// The page for a logout request whose hint this sandbox did not issue: the person decides, nothing is revoked.
    func confirmLogout(_ parameters: [String: String]) -> Response {
        let kept = ["client_id", "post_logout_redirect_uri", "state", "id_token_hint"].compactMap { name in
            parameters[name].map { "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTMLText.escape($0))\">" }
        }.joined(separator: "\n")
        return html(
            .ok,
            HTMLText.page(
                title: "Sign out?",
                body: """
                    <h1>Sign out?</h1>
                    <p class="error" role="alert">This sign-out request could not be verified: it does not carry an id_token this sandbox issued. \
                    No sign-in is ended on its say-so.</p>
                    <form method="post" action="/logout">
                    \(kept)
                    <button type="submit" name="confirm" value="yes">Continue</button>
                    </form>
                    """))
    }
}
