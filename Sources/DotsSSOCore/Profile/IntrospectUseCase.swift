import DotsSSOBasics
import FoundationEssentials

/// `dots-sso token introspect`: asks the provider itself about a member's access token (RFC 7662) — is it active,
/// whose is it, which scopes, when does it expire — with the client's own authentication. The token is the cached
/// sign-in's, or one given with `--access-token-file`/`--access-token-env`; it is sent only to the introspection
/// endpoint, never printed.
package struct IntrospectUseCase: Sendable {
    package var signIn: SignInSettings
    /// A token from a file or a variable instead of the cached sign-in's.
    package var member: MemberSettings?

    package init(signIn: SignInSettings, member: MemberSettings? = nil) {
        self.signIn = signIn
        self.member = member
    }

    /// What the provider said, its claims turned into types (a number from outside converted with a check).
    package struct Result: Codable, Sendable, Equatable {
        package var active: Bool
        package var subject: String?
        package var username: String?
        package var clientId: String?
        package var scopes: [String]?
        package var tokenType: String?
        package var expiresAt: Date?
        /// Seconds left at the time of asking (0 once past).
        package var expiresIn: Int?
        package var issuedAt: Date?
        package var issuer: String?
        package var audience: [String]?
        /// The DPoP key's thumbprint the token is bound to (RFC 9449 §6.2).
        package var boundKey: String?
        package var endpoint: String
    }

    package func run(_ ctx: CommandContext) async throws -> Result {
        let client = try SignInContext(signIn, in: ctx)
        let token: String
        if let member, member.hasUnattendedSource {
            token = try await MemberSource(member, needsToken: true, http: client.http, in: ctx).requireBearer().access().token
        } else {
            token = try await client.session().valid(minValidity: 0).signedIn.tokens.accessToken
        }
        return try await Self.ask(about: token, client: client, now: ctx.clock.now())
    }

    /// One introspection request with `client`'s credentials (`status --check` asks the same way).
    package static func ask(about token: String, client: SignInContext, now: Date) async throws -> Result {
        let endpoints = try await client.endpoints(supplementing: ["introspection_endpoint"])
        guard let endpoint = endpoints.introspection else { throw OAuthError.noIntrospectionEndpoint }
        let url = try URLPolicy.validate(endpoint)
        let answer = try await TokenEndpointClient(http: client.http, credentials: client.credentials).introspect(
            token: token, hint: "access_token", endpoint: url)
        // RFC 7662 §2.2: "active" is the one required member, a boolean.
        guard case .bool(let active)? = answer["active"] else {
            throw HTTPError.malformedBody(
                url: url.redactedForDisplay, expected: "an introspection response with a boolean \"active\" (RFC 7662 §2.2)",
                found: answer["active"] == nil ? "no \"active\"" : "\"active\" of another type")
        }
        func text(_ key: String) -> String? { answer[key]?.stringValue.map { ServerWords.line($0) } }
        func instant(_ key: String) -> Date? {
            guard let seconds = answer[key]?.numberValue, seconds.isFinite, abs(seconds) < 253_402_300_800 else { return nil }
            return Date(timeIntervalSince1970: seconds)
        }
        var result = Result(active: active, endpoint: url.redactedForDisplay)
        guard active else { return result }
        result.subject = text("sub")
        result.username = text("username")
        result.clientId = text("client_id")
        result.scopes = text("scope").map { $0.split(separator: " ").map(String.init) }
        result.tokenType = text("token_type")
        result.expiresAt = instant("exp")
        result.expiresIn = result.expiresAt.map { Int(clamping: $0.timeIntervalSince(now), to: 0...Int(Int32.max)) }
        result.issuedAt = instant("iat")
        result.issuer = text("iss")
        switch answer["aud"] {
        case .string(let one)?: result.audience = [ServerWords.line(one)]
        case .array(let many)?: result.audience = many.compactMap(\.stringValue).map { ServerWords.line($0) }
        default: break
        }
        result.boundKey = answer["cnf"]?.objectValue?["jkt"]?.stringValue.map { ServerWords.line($0) }
        return result
    }
}
