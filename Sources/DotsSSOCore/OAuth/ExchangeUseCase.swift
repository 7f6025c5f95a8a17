import DotsSSOBasics
import FoundationEssentials

/// `dots-sso exchange`: trades an authorization code for tokens. The verifier, redirect URI and nonce come from
/// the authorization `authorize --no-exchange` left pending, unless given; a state that does not match the
/// pending one is refused (a forged or stale redirect).
package struct ExchangeUseCase: Sendable {
    package var signIn: SignInSettings
    package var code: String
    package var state: String?
    package var codeVerifier: String?
    /// `--redirect-uri` given on this command line (it wins over the pending one; the channel's comes last).
    package var redirectURIFlag: String?

    package init(signIn: SignInSettings, code: String, state: String? = nil, codeVerifier: String? = nil, redirectURIFlag: String? = nil) {
        self.signIn = signIn
        self.code = code
        self.state = state
        self.codeVerifier = codeVerifier
        self.redirectURIFlag = redirectURIFlag
    }

    package func run(_ ctx: CommandContext) async throws -> SignIn.Result {
        let client = try SignInContext(signIn, in: ctx)
        let pending = (try? client.cache.read(client.key).entry)?.oauth.pending
        if let state, let pending, state != pending.state {
            throw OAuthError.stateMismatch
        }
        guard let verifier = codeVerifier ?? pending?.codeVerifier else { throw OAuthError.noPendingAuthorization }
        guard let redirectURI = redirectURIFlag ?? pending?.redirectUri ?? client.channel.redirectUri else {
            throw ConfigError.missingSetting(name: "redirect URI", flag: "\(CLIFlag.redirectUri)", key: "redirectUri")
        }
        let endpoints = try await client.endpoints()
        // The pending code is bound to the pending key (RFC 9449 §10): the exchange proves that one.
        if codeVerifier == nil, let key = DPoPKey.restore(pending?.dpop, clock: ctx.clock) { client.adopt(key) }
        // The pending nonce belongs to the pending verifier: a verifier from elsewhere brings no nonce we know.
        let nonce = codeVerifier == nil ? pending?.nonce : nil
        // What the pending authorization asked for is what a response without `scope` granted (RFC 6749 §5.1).
        let scopes = (codeVerifier == nil ? pending?.scopes : nil) ?? client.scopes(for: endpoints)
        return try await client.signIn(endpoints: endpoints, scopes: scopes)
            .complete(
                code: code, verifier: verifier, redirectURI: redirectURI, nonce: nonce, maxAge: codeVerifier == nil ? pending?.maxAge : nil)
    }
}
