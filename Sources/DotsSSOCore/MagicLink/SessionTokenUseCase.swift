import DotsSSOBasics

/// `dots-sso token print --session`: the Bridge session token `magic-link redeem` cached for an address.
package struct SessionTokenUseCase: Sendable {
    package var server: MagicLinkSettings
    package var cacheDirectory: String?
    package var email: String?

    package init(server: MagicLinkSettings, cacheDirectory: String? = nil, email: String?) {
        self.server = server
        self.cacheDirectory = cacheDirectory
        self.email = email
    }

    package func run(_ ctx: CommandContext) throws -> String {
        // A session is cached under all three: say every one that is missing at once, not one per attempt.
        let baseURL = try? server.resolvedBaseURL(), study = try? server.resolvedStudy()
        let missing = [
            email == nil ? "\(CLIFlag.email) ADDRESS (the address the link was redeemed for)" : nil,
            baseURL == nil ? "\(CLIFlag.baseUrl) URL (or the channel's magicLink.baseUrl)" : nil,
            study == nil ? "\(CLIFlag.study) NAME (or the channel's magicLink.study)" : nil,
        ].compactMap { $0 }
        guard let email, let baseURL, let study else {
            throw UsageError.invalid(
                "token print \(CLIFlag.session) needs " + missing.joined(separator: ", ")
                    + ": the session is cached under the address, server and study")
        }
        let key = MagicLinkClient.cacheKey(baseURL: baseURL, study: study, email: email)
        guard let session = try ctx.tokenCache(directory: cacheDirectory).read(key).entry?.payload(BridgeSession.self) else {
            throw TokenCacheError.notSignedIn(channel: server.channel.hintSelector)
        }
        return session.sessionToken
    }
}
