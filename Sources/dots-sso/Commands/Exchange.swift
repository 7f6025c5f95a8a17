import ArgumentParser
import DotsSSOCore
import Foundation

/// `dots-sso exchange`: trade an authorization code for tokens.
struct Exchange: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exchange",
        abstract: "Exchange an authorization code for tokens and cache them.",
        discussion: """
        The PKCE verifier, redirect URI and nonce come from the authorization started with \
        `dots-sso authorize --no-exchange` unless given. Client authentication is client_secret_basic when a \
        secret is configured, else none; --client-auth chooses. Write --code="$CODE" with an equals sign: \
        codes may start with "-".

        Examples:
          $ dots-sso exchange --channel acme --code="$CODE" --state="$STATE"
          $ dots-sso exchange --channel acme --code="$CODE" --code-verifier="$VERIFIER" --redirect-uri https://app.example/cb
        """
    )

    @OptionGroup var signIn: SignInOptions

    @Option(name: .long, help: ArgumentHelp("The authorization code from the redirect.", valueName: "code"))
    var code: String

    @Option(name: .long, help: ArgumentHelp("The state from the redirect; checked against the pending authorization.", valueName: "state"))
    var state: String?

    @Option(name: .long, help: ArgumentHelp("The PKCE verifier (default: the pending authorization's).", valueName: "verifier"))
    var codeVerifier: String?

    func run() async throws {
        let context = try signIn.context()
        let pending = (try? context.cache.read(context.key).entry)?.pending
        if let state, let pending, state != pending.state {
            throw OAuthError.stateMismatch
        }
        guard let verifier = codeVerifier ?? pending?.codeVerifier else { throw OAuthError.noPendingAuthorization }
        guard let redirectURI = signIn.channel.redirectUri ?? pending?.redirectUri ?? context.channel.redirectUri else {
            throw ConfigError.missingSetting(name: "redirect URI", flag: "--redirect-uri", key: "redirectUri")
        }
        let endpoints = try await context.endpoints()
        let scopes = context.channel.scopes ?? (endpoints.jwks != nil ? ["openid"] : [])
        let completion = SignIn(http: context.http, endpoints: endpoints, credentials: context.credentials, cache: context.cache,
                            key: context.key, channelName: context.channelName, scopes: scopes)
        let result = try await completion.complete(code: code, verifier: verifier, redirectURI: redirectURI, nonce: codeVerifier == nil ? pending?.nonce : nil)
        try SignInOutput.render(result, json: signIn.global.json, console: context.console)
    }
}
