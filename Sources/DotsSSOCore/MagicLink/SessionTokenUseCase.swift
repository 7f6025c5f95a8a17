/// `dots-sso token print --session`: the Bridge session token `magic-link redeem` cached for an address.
public struct SessionTokenUseCase: Sendable {
    public var server: MagicLinkSettings
    public var cacheDirectory: String?
    public var email: String

    public init(server: MagicLinkSettings, cacheDirectory: String? = nil, email: String) {
        self.server = server
        self.cacheDirectory = cacheDirectory
        self.email = email
    }

    public func run(_ ctx: CommandContext) throws -> String {
        let key = MagicLinkClient.cacheKey(baseURL: try server.resolvedBaseURL(), study: try server.resolvedStudy(), email: email)
        guard let session = try ctx.tokenCache(directory: cacheDirectory).read(key).entry?.payload(BridgeSession.self) else {
            throw TokenCacheError.notSignedIn(channel: server.channel.name)
        }
        return session.sessionToken
    }
}
