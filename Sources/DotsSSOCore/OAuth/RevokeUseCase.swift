import Foundation

/// `dots-sso revoke` and `logout`: RFC 7009 revocation of the refresh token, then the access token; removal of
/// the cached sign-in (which works offline: a provider that cannot be reached only costs a warning); and the
/// provider's logout URL, so the user can end the browser session too.
public struct RevokeUseCase: Sendable {
    public var signIn: SignInSettings

    public init(signIn: SignInSettings) {
        self.signIn = signIn
    }

    /// What happened; `--json` shows every field but the cache file (the text output names it).
    public struct Result: Encodable, Sendable, Equatable {
        public var removed: Bool
        /// Which tokens the provider revoked, in the order asked.
        public var revoked: [String]
        /// Why the tokens were not revoked at the provider, when they were not.
        public var revocationProblem: String?
        public var logoutURL: String?
        /// The cache file that held (or would hold) the sign-in.
        public var cacheFile: String

        enum CodingKeys: String, CodingKey {
            case removed, revoked, revocationProblem, logoutURL
        }
    }

    public func run(_ ctx: CommandContext) async throws -> Result {
        let client = try SignInContext(signIn, in: ctx)
        let oauth = (try? client.cache.read(client.key).entry)?.oauth
        let endpoints = await self.endpoints(remembered: oauth?.endpoints, client: client)
        var revoked: [String] = []
        var problem: String?
        if let tokens = oauth?.tokens {
            if let revocation = endpoints.revocation {
                do {
                    let url = try URLPolicy.validate(revocation)
                    let tokenClient = TokenEndpointClient(http: client.http, credentials: client.credentials)
                    // RFC 7009 §2.1: revoking the refresh token first also ends its access tokens at most providers.
                    if let refresh = tokens.refreshToken {
                        try await tokenClient.revoke(token: refresh, hint: "refresh_token", endpoint: url)
                        revoked.append("refresh_token")
                    }
                    try await tokenClient.revoke(token: tokens.accessToken, hint: "access_token", endpoint: url)
                    revoked.append("access_token")
                } catch let error as UserFacingError {
                    problem = error.message
                }
            } else {
                problem = "the provider has no revocation endpoint; the tokens stay valid there until they expire"
            }
        }
        // Removed whatever state the file is in (a corrupt or over-readable entry goes too), under the lock.
        let removed = try await client.cache.remove(client.key)
        if let problem { ctx.warn(problem) }
        return Result(removed: removed, revoked: revoked, revocationProblem: problem,
                      logoutURL: endpoints.endSession.flatMap { Self.logoutURL($0, clientID: client.credentials.clientID) },
                      cacheFile: client.cache.url(for: client.key).path)
    }

    /// The revocation and end-session endpoints: the channel's settings win, then what the sign-in remembered,
    /// then discovery (only when something is still missing, and never fatal: revoking works offline).
    private func endpoints(remembered: StoredEndpoints?, client: SignInContext) async -> StoredEndpoints {
        var endpoints = remembered ?? StoredEndpoints()
        let channel = client.channel
        if endpoints.revocation == nil || endpoints.endSession == nil, channel.issuer != nil || channel.revocationEndpoint != nil,
           let discovered = try? await client.endpoints() {
            endpoints.revocation = endpoints.revocation ?? discovered.revocation
            endpoints.endSession = endpoints.endSession ?? discovered.endSession
        }
        endpoints.revocation = channel.revocationEndpoint ?? endpoints.revocation
        endpoints.endSession = channel.endSessionEndpoint ?? endpoints.endSession
        return endpoints
    }

    /// The provider's logout URL with our `client_id` (OIDC RP-initiated logout).
    static func logoutURL(_ endSession: String, clientID: String) -> String? {
        guard var components = URLComponents(string: endSession) else { return nil }
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "client_id", value: clientID)]
        return components.string
    }
}
