import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import Foundation

/// `dots-sso token`: the cached token for scripts.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print or decode the cached token (for scripts).",
        subcommands: [TokenPrint.self, TokenShow.self, TokenExport.self]
    )
}

/// `dots-sso token print`
struct TokenPrint: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print exactly one token and a newline, refreshing the access token first when needed.",
        discussion: """
            This is the one command that prints a secret, because you asked for it.

            Examples:
              $ curl -H "Authorization: Bearer $(dots-sso token print --channel acme)" https://api.acme.example/me
              $ dots-sso token print --channel acme --id-token
              $ dots-sso token print --channel acme --dpop-proof https://api.acme.example/me GET
            """
    )

    @OptionGroup var signIn: SignInOptions
    @OptionGroup var tokenUse: TokenUseOptions

    @Flag(name: .long, help: "Print the id_token instead of the access token.")
    var idToken = false

    @Flag(name: .long, help: "Print the refresh token instead of the access token.")
    var refreshToken = false

    @Flag(name: .long, help: "Print the magic-link session token (from `magic-link redeem`) instead.")
    var session = false

    @OptionGroup var magicLink: MagicLinkOptions

    @Option(name: .long, help: ArgumentHelp("With --session: whose session (the address it was redeemed for).", valueName: "address"))
    var email: String?

    @Option(
        name: .long, parsing: .upToNextOption,
        help: ArgumentHelp(
            "For a DPoP-bound sign-in: print the Authorization and DPoP headers for one request to URL by METHOD.",
            valueName: "url> <method"))
    var dpopProof: [String] = []

    func validate() throws {
        if [idToken, refreshToken, session, !dpopProof.isEmpty].filter({ $0 }).count > 1 {
            throw ValidationError("choose one of --id-token, --refresh-token, --session and --dpop-proof")
        }
        if !dpopProof.isEmpty && dpopProof.count != 2 {
            throw ValidationError("--dpop-proof takes two values: the request's URL and its method (GET, POST, …)")
        }
    }

    func run(_ ctx: CommandContext) async throws {
        if dpopProof.count == 2 {
            guard let url = URL(string: dpopProof[0]) else { throw ValidationError("--dpop-proof: '\(dpopProof[0])' is not a URL") }
            let use = TokenPrintUseCase(signIn: try signIn.settings(ctx), minValidity: tokenUse.minValidity)
            let headers = try await use.proofHeaders(url: url, method: dpopProof[1], ctx)
            try Console(ctx).emit(ProofHeaders(authorization: headers.authorization, dpop: headers.proof), json: signIn.global.json)
            return
        }
        let token: String
        if session {
            let server = magicLink.settings(try signIn.channel.resolve(ctx))
            token = try SessionTokenUseCase(server: server, cacheDirectory: signIn.cacheOptions.cacheDir, email: email).run(ctx)
        } else {
            let which: TokenPrintUseCase.Which = idToken ? .id : refreshToken ? .refresh : .access
            token = try await TokenPrintUseCase(signIn: try signIn.settings(ctx), which: which, minValidity: tokenUse.minValidity).run(ctx)
        }
        try Console(ctx).emit(RequestedToken(name: "token", value: token), json: signIn.global.json)
    }
}

/// `dots-sso token export --refresh-token`
struct TokenExport: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Hand the cached refresh token to CI: print it (for a secret) or write it to a file (0600).",
        discussion: """
            A CI job cannot sign in a member by itself. Sign in once where a person is (`dots-sso authorize \
            --flow device` works over SSH), export the refresh token, store it as the CI's secret, and give the \
            job --refresh-token-file FILE: each run refreshes from it and writes a rotated token back, so keep FILE \
            in the CI's cache between runs. This prints a secret because you asked for it.

            Examples:
              $ dots-sso token export --channel acme --refresh-token | gh secret set DOTS_SSO_REFRESH_TOKEN
              $ dots-sso token export --channel acme --refresh-token --output ci-refresh-token
            """
    )

    @OptionGroup var signIn: SignInOptions

    @Flag(name: .long, help: "Export the refresh token (required: the only token worth keeping in CI).")
    var refreshToken = false

    @Option(name: [.short, .long], help: ArgumentHelp("Write it to this file (0600) instead of stdout.", valueName: "file"))
    var output: String?
    @OptionGroup var formerOut: FormerOutOption

    func validate() throws {
        guard refreshToken else { throw ValidationError("say what to export: --refresh-token") }
        if try formerOut.merged(with: output) == "-" {
            throw ValidationError("--output needs a file; without --output the token goes to stdout")
        }
    }

    func run(_ ctx: CommandContext) async throws {
        let token = try await TokenPrintUseCase(signIn: try signIn.settings(ctx), which: .refresh).run(ctx)
        let console = Console(ctx)
        if let file = try formerOut.merged(with: output) {
            try RefreshTokenFile(path: file).store(token)
            console.err("wrote the refresh token to \(file) (0600); give it to CI with --refresh-token-file \(file)")
        } else {
            let hint = "store it as a CI secret, write it to a file in the job, and pass --refresh-token-file FILE"
            try console.emit(
                RequestedToken(name: "refreshToken", value: token, hints: ctx.stdout.isTerminal ? [hint] : []), json: signIn.global.json)
        }
    }
}

/// `dots-sso token show`
struct TokenShow: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Decode the cached tokens' JWT headers and claims and show their expiry; never a raw token or signature.",
        discussion: """
            Examples:
              $ dots-sso token show --channel acme
              $ dots-sso token show --channel acme --json | jq .idToken.claims
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var channel: ChannelOptions
    @OptionGroup var cacheOptions: CacheOptions

    func run(_ ctx: CommandContext) async throws {
        let output = try TokenShowUseCase(
            channel: try channel.resolve(ctx), cacheDirectory: cacheOptions.cacheDir, account: cacheOptions.account
        ).run(ctx)
        try Console(ctx).emit(output, json: global.json)
    }
}
