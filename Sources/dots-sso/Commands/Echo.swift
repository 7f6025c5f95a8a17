import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso echo`: OAuth Echo (Digits) verification (seed 003).
struct Echo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "echo",
        abstract: "Verify or sign OAuth Echo (Digits) headers.",
        subcommands: [EchoVerify.self, EchoSign.self]
    )
}

/// `dots-sso echo verify`
struct EchoVerify: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check X-Auth-Service-Provider and X-Verify-Credentials-Authorization, then call the provider.",
        discussion: """
            What a backend must do with the two headers a Digits app sends, every local check before any request: \
            the Authorization value must be a valid OAuth 1.0 header (RFC 5849 §3.5.1; else exit 65), its \
            oauth_consumer_key must be ours (else 1), and the provider URL must be https on a host that equals an \
            allowed one exactly — no prefix, suffix, user-info, port or case tricks (else 1). Only then is the \
            provider called with that header, once, without following redirects. A 200 with the user prints the \
            verified id and phone number (exit 0); 401/403 exits 77 with the provider's message. An oauth_timestamp \
            older or newer than --max-skew is a warning.

            The id is the only attribute that never changes: key your account on it, never on the phone number. \
            --authorization - reads the header from stdin, so it stays out of the process list.

            Examples:
              $ dots-sso echo verify --provider "$X_AUTH_SERVICE_PROVIDER" --authorization "$X_VERIFY_CREDENTIALS_AUTHORIZATION" --consumer-key "$DIGITS_KEY"
              $ dots-sso echo verify --provider http://127.0.0.1:8080/1.1/sdk/account.json --allowed-host 127.0.0.1:8080 \\
                  --authorization - --consumer-key sandbox-consumer-key --json < header.txt
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: NetworkOptions

    @Option(name: .long, help: ArgumentHelp("The X-Auth-Service-Provider URL.", valueName: "url"))
    var provider: String

    @Option(name: .long, help: ArgumentHelp("The X-Verify-Credentials-Authorization value ('-' reads stdin).", valueName: "header"))
    var authorization: String

    @OptionGroup var consumer: ConsumerKeyOption

    @Option(
        name: .long, help: ArgumentHelp("A host the provider URL may name (repeatable; default api.digits.com).", valueName: "host[:port]"))
    var allowedHost: [String] = []

    @Option(name: .long, help: ArgumentHelp("Warn when oauth_timestamp is further than this from now (default 300).", valueName: "seconds"))
    var maxSkew: Double = 300

    func validate() throws {
        guard maxSkew >= 0 && maxSkew <= 86_400 * 365 else {
            throw ValidationError("--max-skew must be a number of seconds from 0, got \(maxSkew)")
        }
    }

    func run(_ ctx: CommandContext) async throws {
        var header = authorization
        if authorization == "-" {
            guard let line = ctx.readLine() else { throw UsageError.invalid("--authorization -: stdin is empty") }
            header = line.trimmed()
        }
        let useCase = EchoVerifyUseCase(
            provider: provider, authorization: header, consumerKey: consumer.consumerKey,
            allowedHosts: allowedHost.isEmpty ? EchoProviderPolicy.defaultAllowedHosts : allowedHost,
            maxSkew: maxSkew, http: network.settings(verbose: global.verbose))
        try Console(ctx).emit(try await useCase.run(ctx), json: global.json)
    }
}

/// `dots-sso echo sign`
struct EchoSign: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Make the X-Verify-Credentials-Authorization header a Digits app would send.",
        discussion: """
            Signs an OAuth 1.0 header (RFC 5849, HMAC-SHA1, a fresh nonce, the current timestamp) for a GET of the \
            provider URL with your consumer key and a member's Digits token, as the SDK does; prints it on stdout \
            (--json: with the provider URL and timestamp). The secrets come from files ('-' is stdin, for one of \
            them) so they stay out of the process list; the header carries neither, only the signature. Use it to \
            try a backend's success path, or `echo verify`, without the app. The sandbox prints its consumer secret \
            and each member's token and secret.

            Examples:
              $ dots-sso echo sign --provider http://127.0.0.1:8080/1.1/sdk/account.json --consumer-key sandbox-consumer-key \\
                  --consumer-secret-file consumer.secret --token digits-jane --token-secret-file <(echo digits-secret-jane)
              $ dots-sso echo verify --provider URL --allowed-host 127.0.0.1:8080 --consumer-key sandbox-consumer-key \\
                  --authorization "$(dots-sso echo sign --provider URL … )"
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The X-Auth-Service-Provider URL the header is for.", valueName: "url"))
    var provider: String

    @OptionGroup var consumer: ConsumerKeyOption

    @Option(name: .long, help: ArgumentHelp("File holding the consumer secret ('-' reads stdin).", valueName: "file"))
    var consumerSecretFile: String

    @Option(name: .long, help: ArgumentHelp("The member's Digits (OAuth) token.", valueName: "token"))
    var token: String

    @Option(name: .long, help: ArgumentHelp("File holding the member's token secret ('-' reads stdin).", valueName: "file"))
    var tokenSecretFile: String

    func run(_ ctx: CommandContext) async throws {
        let result = try EchoSignUseCase(
            provider: provider, consumerKey: consumer.consumerKey, consumerSecretFile: consumerSecretFile,
            token: token, tokenSecretFile: tokenSecretFile
        ).run(ctx)
        try Console(ctx).emit(result, json: global.json)
    }
}
