import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso exchange`: trade an authorization code for tokens.
struct Exchange: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "exchange",
        abstract: "Exchange an authorization code for tokens.",
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

    func run(_ ctx: CommandContext) async throws {
        let useCase = ExchangeUseCase(
            signIn: try signIn.settings(ctx), code: code, state: state, codeVerifier: codeVerifier,
            redirectURIFlag: signIn.channel.redirectUri)
        try Console(ctx).emit(try await useCase.run(ctx), json: signIn.global.json)
    }
}
