import DotsSSOBasics
import FoundationEssentials

extension BridgeSession {
    /// Reads the fields dots-sso needs from a `UserSessionInfo` body.
    init(json: [String: JSONValue], study: String, now: Date) throws {
        guard let token = json["sessionToken"]?.stringValue, !token.isEmpty else {
            throw OAuthError.malformedToken("the sign-in response has no sessionToken")
        }
        var consented: Bool?
        var authenticated: Bool?
        if case .bool(let value)? = json["consented"] { consented = value }
        if case .bool(let value)? = json["authenticated"] { authenticated = value }
        self.init(
            sessionToken: token, reauthToken: json["reauthToken"]?.stringValue, userId: json["id"]?.stringValue,
            email: json["email"]?.stringValue, authenticated: authenticated, consented: consented, study: study, createdAt: now)
    }
}

/// Plays the app's part of Bridge's e-mail sign-in (seed 001): ask for a link, redeem its token.
package struct MagicLinkClient: Sendable {
    package let http: any HTTPClient
    package let baseURL: URL
    /// The command's clock: a session is stamped with it.
    package let clock: WallClock

    package init(http: any HTTPClient, baseURL: String, clock: WallClock) throws {
        self.http = http
        self.baseURL = try URLPolicy.validate(baseURL)
        self.clock = clock
    }

    /// The documented window during which a second request is refused.
    package static let throttleWindow = 60

    package enum RequestOutcome: Encodable, Sendable, Equatable {
        case accepted
        case rateLimited(retryAfter: String?)

        enum CodingKeys: String, CodingKey { case accepted, rateLimited, retryAfter }

        /// `magic-link request --json`: `{"accepted": true, "rateLimited": false}`, or refused with `retryAfter`.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(self == .accepted, forKey: .accepted)
            if case .rateLimited(let retryAfter) = self {
                try container.encode(true, forKey: .rateLimited)
                try container.encodeIfPresent(retryAfter, forKey: .retryAfter)
            } else {
                try container.encode(false, forKey: .rateLimited)
            }
        }
    }

    /// `POST /v3/auth/email`. An invalid address is refused locally (64) without a request.
    /// `warn` hears about an answer that works but is not the seed's (200/201 instead of 202 Accepted).
    package func request(email: String, study: String, warn: @Sendable (String) -> Void = { _ in }) async throws -> RequestOutcome {
        if let problem = EmailAddress.problem(with: email) {
            throw UsageError.invalid("\(CLIFlag.email) \"\(email)\" is not a valid address: \(EmailAddress.describe(problem))")
        }
        let response = try await http.send(try .json(endpoint("v3/auth/email"), ["email": email, "study": study]))
        switch response.status {
        case 202: return .accepted
        case 200, 201:
            warn(
                "\(response.url.redactedForDisplay) answered HTTP \(response.status) rather than 202 Accepted (seed 001): the e-mail goes out "
                    + "later, so the request is accepted, not done; clients that wait for 202 may treat this as a different answer")
            return .accepted
        case 429: return .rateLimited(retryAfter: response.header("Retry-After"))
        default: throw BridgeError(response: response)
        }
    }

    package struct Redemption: Sendable {
        package var session: BridgeSession
        /// 412: signed in, but the participant still has to consent.
        package var consentRequired: Bool
    }

    /// `POST /v3/auth/email/signIn` with the token (and a new password when given).
    package func redeem(email: String, study: String, token: String, password: String?) async throws -> Redemption {
        var body = ["email": email, "study": study, "token": token]
        if let password { body["password"] = password }
        // Bridge says only "Account not found." for a wrong, used or expired token (links live 60 s, seed 001).
        return try Self.redemption(
            from: try await http.send(try .json(endpoint("v3/auth/email/signIn"), body)), study: study,
            accountNotFound:
                "the link may have expired (magic links live 60 s) or been used already, or the address has no account; request a new one with `dots-sso magic-link request`",
            now: clock.now())
    }

    /// `POST /v3/auth/signUp`: the account the app creates at first install, with its generated password (seed 001).
    package func signUp(email: String, study: String, password: String) async throws {
        if let problem = EmailAddress.problem(with: email) {
            throw UsageError.invalid("\(CLIFlag.email) \"\(email)\" is not a valid address: \(EmailAddress.describe(problem))")
        }
        let response = try await http.send(try .json(endpoint("v3/auth/signUp"), ["email": email, "study": study, "password": password]))
        guard response.isSuccess else { throw BridgeError(response: response) }
    }

    /// `POST /v3/auth/signIn`: what the app does when its session expires, with the password it generated.
    package func signIn(email: String, study: String, password: String) async throws -> Redemption {
        let response = try await http.send(try .json(endpoint("v3/auth/signIn"), ["email": email, "study": study, "password": password]))
        return try Self.redemption(
            from: response, study: study,
            accountNotFound:
                "the address has no account in this study, or the password is not its current one (a magic-link sign-in with a new password replaces it)",
            now: clock.now())
    }

    /// A 200 or 412 answer's session (412: signed in, consent still to give); any other answer is Bridge's error,
    /// with `accountNotFound` saying what its bare "Account not found." most likely means for this call.
    static func redemption(from response: HTTPResponse, study: String, accountNotFound: String, now: Date) throws -> Redemption {
        guard response.status == 200 || response.status == 412 else {
            var error = BridgeError(response: response)
            if error.status == 404, error.entityClass == "Account" { error.hint = accountNotFound }
            throw error
        }
        guard case .object(let json) = try response.decodeJSON(JSONValue.self) else {
            throw HTTPError.malformedBody(url: response.url.redactedForDisplay, expected: "a session object", found: "another JSON value")
        }
        let session = try BridgeSession(json: json, study: study, now: now)
        return Redemption(session: session, consentRequired: response.status == 412 || session.consented == false)
    }

    func endpoint(_ path: String) -> URL {
        baseURL.absoluteString.hasSuffix("/") ? URL(string: baseURL.absoluteString + path)! : baseURL.appendingPathComponent(path)
    }

    /// Where a study's session is cached: the server, the study, and the participant's address.
    package static func cacheKey(baseURL: String, study: String, email: String) -> CacheKey {
        CacheKey.bridge(server: baseURL, study: study, email: email)
    }
}
