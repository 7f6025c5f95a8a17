import DotsSSOCore
import Foundation
import Hummingbird
import NIOCore

/// The sandbox provider's endpoints. Errors follow RFC 6749 §5.2 (JSON `error`, `error_description`).
struct SandboxRoutes: Sendable {
    let settings: SandboxProvider.Settings
    let state: SandboxState
    let key: SigningKey
    let keyID: String
    let port: OnceBox<Int>

    var issuer: String { "http://127.0.0.1:\(port.value ?? 0)" }

    func register(on router: Router<BasicRequestContext>) {
        router.get("/.well-known/openid-configuration") { request, _ in
            await log(request, form: [:])
            return json(.ok, discovery())
        }
        router.get("/jwks") { request, _ in
            await log(request, form: [:])
            return json(.ok, .object(["keys": .array([.object([
                "kty": .string("EC"), "crv": .string("P-256"), "use": .string("sig"), "alg": .string("ES256"), "kid": .string(keyID),
                "x": .string(Base64URL.encode(key.x)), "y": .string(Base64URL.encode(key.y)),
            ])])]))
        }
        router.get("/authorize") { request, _ in try await authorize(request) }
        router.post("/token") { request, _ in try await token(request) }
        router.post("/revoke") { request, _ in
            let form = try await formFields(request)
            await log(request, form: form)
            if let value = form["token"] { await state.revoke(value) }
            return Response(status: .ok)
        }
        router.get("/userinfo") { request, _ in
            await log(request, form: [:])
            guard let header = request.headers[.authorization], header.hasPrefix("Bearer "),
                  let token = await state.accessToken(String(header.dropFirst(7))) else {
                return Response(status: .unauthorized, headers: [.wwwAuthenticate: "Bearer error=\"invalid_token\""])
            }
            var claims = settings.claims[token.subject] ?? [:]
            claims["sub"] = .string(token.subject)
            return json(.ok, .object(claims))
        }
        router.get("/logout") { request, _ in
            await log(request, form: [:])
            return text(.ok, "Signed out of the sandbox partner.\n")
        }
    }

    func discovery() -> JSONValue {
        .object([
            "issuer": .string(issuer),
            "authorization_endpoint": .string("\(issuer)/authorize"),
            "token_endpoint": .string("\(issuer)/token"),
            "userinfo_endpoint": .string("\(issuer)/userinfo"),
            "jwks_uri": .string("\(issuer)/jwks"),
            "revocation_endpoint": .string("\(issuer)/revoke"),
            "end_session_endpoint": .string("\(issuer)/logout"),
            "response_types_supported": .array([.string("code")]),
            "grant_types_supported": .array([.string("authorization_code"), .string("refresh_token")]),
            "code_challenge_methods_supported": .array([.string("S256")]),
            "token_endpoint_auth_methods_supported": .array(["none", "client_secret_basic", "client_secret_post"].map(JSONValue.string)),
            "scopes_supported": .array(["openid", "profile", "email", "offline_access"].map(JSONValue.string)),
            "subject_types_supported": .array([.string("public")]),
            "id_token_signing_alg_values_supported": .array([.string("ES256")]),
            "authorization_response_iss_parameter_supported": .bool(settings.sendIssuer),
        ])
    }

    /// Auto-approves the configured member and redirects with `code`, `state` and `iss`; PKCE S256 is mandatory.
    func authorize(_ request: Request) async throws -> Response {
        await log(request, form: [:])
        let query = Dictionary(FormEncoding.decode(request.uri.query ?? ""), uniquingKeysWith: { first, _ in first })
        guard let clientID = query["client_id"], let redirectURI = query["redirect_uri"], let redirect = URL(string: redirectURI),
              isKnownClient(clientID) else {
            // Without a trustworthy redirect URI the error is shown, never redirected (RFC 6749 §4.1.2.1).
            return text(.badRequest, "invalid_request: unknown client or missing redirect_uri\n")
        }
        func back(_ fields: [(String, String)]) -> Response {
            var all = fields
            if let state = query["state"] { all.append(("state", state)) }
            if settings.sendIssuer { all.append(("iss", settings.wrongIssuer ? "https://evil.example" : issuer)) }
            var components = URLComponents(url: redirect, resolvingAgainstBaseURL: false)!
            components.percentEncodedQuery = FormEncoding.encode(all)
            return Response(status: .found, headers: [.location: components.string!])
        }
        guard query["response_type"] == "code" else { return back([("error", "unsupported_response_type")]) }
        guard let challenge = query["code_challenge"], query["code_challenge_method"] == "S256", challenge.count == 43 else {
            return back([("error", "invalid_request"), ("error_description", "PKCE with code_challenge_method=S256 is required")])
        }
        let code = try SecureRandom.base64URLString(byteCount: 24)
        await state.storeCode(code, .init(clientID: clientID, redirectURI: redirectURI, challenge: challenge,
                                          subject: query["login_hint"] ?? settings.subject,
                                          scope: query["scope"] ?? "", nonce: query["nonce"]))
        return back([("code", code)])
    }

    func token(_ request: Request) async throws -> Response {
        let form = try await formFields(request)
        await log(request, form: form)
        guard let clientID = authenticatedClient(request, form: form) else {
            return oauthError(.unauthorized, "invalid_client", "client authentication failed")
        }
        switch form["grant_type"] {
        case "authorization_code":
            guard let code = form["code"], let grant = await state.takeCode(code), grant.clientID == clientID else {
                return oauthError(.badRequest, "invalid_grant", "unknown, used or foreign authorization code")
            }
            guard form["redirect_uri"] == grant.redirectURI else {
                return oauthError(.badRequest, "invalid_grant", "redirect_uri does not match the authorization request")
            }
            guard let verifier = form["code_verifier"], (43...128).contains(verifier.count),
                  (try? PKCE.challenge(for: verifier)) == grant.challenge else {
                return oauthError(.badRequest, "invalid_grant", "PKCE verification failed")
            }
            return try await issue(subject: grant.subject, clientID: clientID, scope: grant.scope, nonce: grant.nonce, family: code)
        case "refresh_token":
            guard let presented = form["refresh_token"] else { return oauthError(.badRequest, "invalid_request", "refresh_token is missing") }
            switch await state.consumeRefresh(presented) {
            case .valid(let previous) where previous.clientID == clientID:
                return try await issue(subject: previous.subject, clientID: clientID, scope: previous.scope, nonce: nil, family: previous.family)
            case .reused:
                return oauthError(.badRequest, "invalid_grant", "refresh token reuse detected; the grant is revoked")
            default:
                return oauthError(.badRequest, "invalid_grant", "unknown or revoked refresh token")
            }
        default:
            return oauthError(.badRequest, "unsupported_grant_type", "use authorization_code or refresh_token")
        }
    }

    /// A new access token, a rotated refresh token and (for `openid`) an ES256 id_token.
    func issue(subject: String, clientID: String, scope: String, nonce: String?, family: String) async throws -> Response {
        let access = try SecureRandom.base64URLString(byteCount: 32)
        let refresh = try SecureRandom.base64URLString(byteCount: 32)
        let now = Date()
        let expiry = now.addingTimeInterval(settings.accessTokenLifetime)
        await state.storeTokens(access: access, refresh: refresh, token: .init(subject: subject, clientID: clientID, scope: scope, expiresAt: expiry, family: family))
        var body: [String: JSONValue] = [
            "access_token": .string(access), "token_type": .string("Bearer"),
            "expires_in": .number(settings.accessTokenLifetime), "refresh_token": .string(refresh), "scope": .string(scope),
        ]
        if scope.split(separator: " ").contains("openid") {
            var claims: [String: JSONValue] = settings.claims[subject] ?? [:]
            claims["iss"] = .string(issuer)
            claims["sub"] = .string(subject)
            claims["aud"] = .string(clientID)
            claims["iat"] = .number(now.timeIntervalSince1970.rounded(.down))
            claims["exp"] = .number(expiry.timeIntervalSince1970.rounded(.down))
            if let nonce { claims["nonce"] = .string(nonce) }
            body["id_token"] = .string(try signedJWT(claims))
        }
        return json(.ok, .object(body), extra: [.cacheControl: "no-store"])
    }

    func signedJWT(_ claims: [String: JSONValue]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let header = Base64URL.encode(try encoder.encode(JSONValue.object(["alg": .string("ES256"), "typ": .string("JWT"), "kid": .string(keyID)])))
        let payload = Base64URL.encode(try encoder.encode(JSONValue.object(claims)))
        let signature = try key.sign(Data("\(header).\(payload)".utf8))
        return "\(header).\(payload).\(Base64URL.encode(signature))"
    }

    func isKnownClient(_ clientID: String) -> Bool {
        settings.clients.isEmpty || settings.clients[clientID] != nil
    }

    /// The client id after RFC 6749 §2.3 authentication (Basic, form secret, or none for public clients).
    func authenticatedClient(_ request: Request, form: [String: String]) -> String? {
        var clientID = form["client_id"]
        var secret = form["client_secret"]
        if let header = request.headers[.authorization], header.hasPrefix("Basic "),
           let decoded = Data(base64Encoded: String(header.dropFirst(6))).flatMap({ String(data: $0, encoding: .utf8) }),
           let colon = decoded.firstIndex(of: ":") {
            clientID = String(decoded[..<colon]).removingPercentEncoding
            secret = String(decoded[decoded.index(after: colon)...]).removingPercentEncoding
        }
        guard let clientID, isKnownClient(clientID) else { return nil }
        if let expected = settings.clients[clientID] ?? nil {
            return secret == expected ? clientID : nil
        }
        return clientID
    }

    func formFields(_ request: Request) async throws -> [String: String] {
        let buffer = try await request.body.collect(upTo: 64 * 1024)
        return Dictionary(FormEncoding.decode(String(buffer: buffer)), uniquingKeysWith: { first, _ in first })
    }

    func log(_ request: Request, form: [String: String]) async {
        let query = Dictionary(FormEncoding.decode(request.uri.query ?? ""), uniquingKeysWith: { first, _ in first })
        await state.log(.init(method: request.method.rawValue, path: request.uri.path, query: query, form: form))
    }

    func json(_ status: HTTPResponse.Status, _ value: JSONValue, extra: HTTPFields = [:]) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var headers: HTTPFields = [.contentType: "application/json"]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(data: (try? encoder.encode(value)) ?? Data())))
    }

    func text(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    func oauthError(_ status: HTTPResponse.Status, _ code: String, _ description: String) -> Response {
        json(status, .object(["error": .string(code), "error_description": .string(description)]), extra: [.cacheControl: "no-store"])
    }
}
