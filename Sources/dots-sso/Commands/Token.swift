import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso token`: the cached token for scripts.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print or decode the cached token (for scripts).",
        subcommands: [TokenPrint.self, TokenShow.self, TokenIntrospect.self, TokenExport.self]
    )
}

/// `dots-sso token print`
struct TokenPrint: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print exactly one token and a newline, refreshing the access token first when needed.",
        discussion: """
            This is the one command that prints a secret, because you asked for it. The access token comes from the \
            cached sign-in, or --refresh-token-file (a CI secret; the rotated token is written back), \
            --access-token-file or --access-token-env.

            In the form the next tool wants: --header URL prints the request's header lines (Authorization, and a \
            DPoP proof made for URL and --method when the token is bound); --curl-config URL a config for \
            `curl -K`, read from a pipe so the token is on no command line; --json the token with its type, expiry \
            and scopes. --client-credentials asks for the client's own token instead (RFC 6749 §4.4, a confidential \
            client: its secret or private_key_jwt key, DPoP-bound when the channel uses DPoP), each time afresh.

            Examples:
              $ curl -K <(dots-sso token print --channel acme --curl-config https://api.acme.example/me)
              $ dots-sso token print --channel acme --header https://api.acme.example/orders --method POST
              $ dots-sso token print --channel acme --refresh-token-file .dots-sso/refresh-token --curl-config https://api.acme.example/me
              $ dots-sso token print --channel acme --json --jq .expiresIn
              $ dots-sso token print --channel acme --client-credentials --scope orders:read --curl-config https://api.acme.example/orders
              $ dots-sso token print --channel acme --id-token
            """
    )

    @OptionGroup var signIn: SignInOptions
    @OptionGroup var tokenUse: TokenUseOptions
    @OptionGroup var token: MemberTokenOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Print the header lines of one request to this URL: Authorization, and DPoP with a proof when the token is bound.",
            valueName: "url"))
    var header: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Print a curl config (for curl -K) that sends the access token to this URL.", valueName: "url"))
    var curlConfig: String?

    @Option(name: .long, help: ArgumentHelp("The request's method for --header and --curl-config.", valueName: "method"))
    var method = "GET"

    @Flag(
        name: .long,
        help: "A token for the client itself (client credentials grant, RFC 6749 §4.4), for partner APIs that take a machine's token.")
    var clientCredentials = false

    @Option(
        name: .long, help: ArgumentHelp("With --client-credentials: the API the token is for (RFC 8707; repeatable).", valueName: "uri"))
    var resource: [String] = []

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
        let forms = [idToken, refreshToken, session, !dpopProof.isEmpty, header != nil, curlConfig != nil]
        if forms.filter({ $0 }).count > 1 {
            throw ValidationError("choose one of --id-token, --refresh-token, --session, --dpop-proof, --header and --curl-config")
        }
        if !dpopProof.isEmpty && dpopProof.count != 2 {
            throw ValidationError("--dpop-proof takes two values: the request's URL and its method (GET, POST, …)")
        }
        if method != "GET" && header == nil && curlConfig == nil {
            throw ValidationError("--method is the method of --header's or --curl-config's request; give one of them")
        }
        let memberToken = token.isGiven
        if clientCredentials && (memberToken || idToken || refreshToken || session || !dpopProof.isEmpty) {
            throw ValidationError(
                "--client-credentials asks for the client's own token: it takes no member token, --id-token, --refresh-token, --session or --dpop-proof"
            )
        }
        if !resource.isEmpty && !clientCredentials {
            throw ValidationError(
                "--resource names the API of a --client-credentials token; a member's token gets it at sign-in (authorize --resource)")
        }
        if memberToken && (idToken || refreshToken || session) {
            throw ValidationError(
                "--access-token-file, --access-token-env and --refresh-token-file give an access token; they print no other token")
        }
        try token.validateOneSource()
    }

    func run(_ ctx: CommandContext) async throws {
        let console = Console(ctx)
        if dpopProof.count == 2 {
            guard let url = URL(string: dpopProof[0]) else { throw ValidationError("--dpop-proof: '\(dpopProof[0])' is not a URL") }
            let use = TokenPrintUseCase(signIn: try signIn.settings(ctx), minValidity: tokenUse.minValidity)
            let headers = try await use.proofHeaders(url: url, method: dpopProof[1], ctx)
            try console.emit(ProofHeaders(authorization: headers.authorization, dpop: headers.proof), json: signIn.global.json)
            return
        }
        if session {
            let server = magicLink.settings(try signIn.channel.resolve(ctx))
            let token = try SessionTokenUseCase(server: server, cacheDirectory: signIn.cacheOptions.cacheDir, email: email).run(ctx)
            return try console.emit(RequestedToken(name: "token", value: token), json: signIn.global.json)
        }
        if idToken || refreshToken {
            let which: TokenPrintUseCase.Which = idToken ? .id : .refresh
            let token = try await TokenPrintUseCase(signIn: try signIn.settings(ctx), which: which, minValidity: tokenUse.minValidity).run(
                ctx)
            return try console.emit(RequestedToken(name: "token", value: token), json: signIn.global.json)
        }
        let settings = try signIn.settings(ctx)
        let access: AccessCredential
        if clientCredentials {
            let resources =
                resource.isEmpty
                ? (try AuthorizationParameters(channel: settings.channel.authParams, given: [])).fields.filter { $0.0 == "resource" }.map(
                    \.1) : resource
            let scopes = signIn.channel.scope.isEmpty ? nil : signIn.channel.scope.flatMap { $0.split(separator: " ").map(String.init) }
            access = try await ClientCredentialsGrant(signIn: settings, resources: resources, scopes: scopes).run(ctx)
        } else {
            access = try await TokenPrintUseCase(signIn: settings, minValidity: tokenUse.minValidity).access(
                member: token.settings(signIn: settings, minValidity: tokenUse.minValidity), ctx)
        }
        if let target = header ?? curlConfig {
            guard let url = URL(string: target) else { throw ValidationError("'\(target)' is not a URL") }
            if curlConfig != nil {
                // The config itself: a file curl reads, so no --json form.
                ctx.stdout.write(try TokenForms.curlConfig(access, url: url, method: method))
                return
            }
            let headers = try TokenForms.headers(access, url: url, method: method)
            return try console.emit(RequestHeaders(headers: headers), json: signIn.global.json)
        }
        try console.emit(PrintedAccessToken(access: access, now: ctx.clock.now()), json: signIn.global.json)
    }
}

/// `dots-sso token introspect`
struct TokenIntrospect: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "introspect",
        abstract: "Ask the provider about the access token (RFC 7662): active, whose, scopes, expiry.",
        discussion: """
            The provider's own answer, for a support desk holding a member's token: sent to its introspection \
            endpoint with the client's authentication (most providers answer only a confidential client, and only \
            about its own tokens), never printed. The token is the cached sign-in's, or --access-token-file, \
            --access-token-env or --refresh-token-file. Exit 0 when the provider says it is active, 77 when not, \
            78 when the provider has no introspection endpoint.

            Examples:
              $ dots-sso token introspect --channel acme
              $ dots-sso token introspect --channel acme --access-token-file member-token.txt --json
            """
    )

    @OptionGroup var signIn: SignInOptions
    @OptionGroup var token: MemberTokenOptions

    func validate() throws { try token.validateOneSource() }

    func run(_ ctx: CommandContext) async throws {
        let settings = try signIn.settings(ctx)
        let result = try await IntrospectUseCase(signIn: settings, member: token.settings(signIn: settings)).run(ctx)
        let status: ExitStatus = result.active ? .success : .notAuthorized
        try Console(ctx).emit(IntrospectionOutput(result: result, exitStatus: status.rawValue), json: signIn.global.json)
        if !result.active { throw ExitCode(status.rawValue) }
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
