import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// `dots-sso openweb`: the OpenWeb SSO handshake (seed 002).
struct OpenWeb: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openweb",
        abstract: "The partner backend's side of OpenWeb SSO.",
        subcommands: [OpenWebRegister.self]
    )
}

/// `dots-sso openweb register`
struct OpenWebRegister: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Exchange an SDK codeA for a codeB via GET /sso/v1/register-user.",
        discussion: """
            The OpenWeb SDK starts an SSO session and hands its codeA to your backend; your backend, having checked \
            that its user is signed in, calls register-user with its secret access token and the user's details, and \
            gives the codeB it gets back to the SDK. This command makes that call and prints the codeB alone on stdout.

            The primary key is the stable user id: never an e-mail address (the same rule as The Dots profile id; \
            such a key is refused before anything is sent). The access token is read from a file or an environment \
            variable, never from a flag value, and is redacted from -v output and every message. \
            Exit codes: 0 codeB printed; 1 the key breaks the id rule or OpenWeb refused the handshake (a used or \
            expired codeA); 77 the access token was refused (401/403); 76 a 200 without a codeB.

            Examples:
              $ dots-sso openweb register --code-a "$CODE_A" --primary-key 3d6479fe --user-name jane --access-token-env OPENWEB_TOKEN
              $ dots-sso openweb register --code-a "$CODE_A" --primary-key 3d6479fe --user-name jane --access-token-file token.txt \\
                  --email jane@example.com --email-verified --json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: NetworkOptions

    @Option(name: .customLong("code-a"), help: ArgumentHelp("The SSO session id the SDK generated.", valueName: "code"))
    var codeA: String

    @Option(name: .long, help: ArgumentHelp("The user's stable id in your system (never an e-mail address).", valueName: "id"))
    var primaryKey: String

    @Option(name: .long, help: ArgumentHelp("The user's display name.", valueName: "name"))
    var userName: String

    @Option(name: .long, help: ArgumentHelp("A file holding the OpenWeb access token ('-' reads stdin).", valueName: "file"))
    var accessTokenFile: String?

    @Option(name: .long, help: ArgumentHelp("An environment variable holding the OpenWeb access token.", valueName: "var"))
    var accessTokenEnv: String?

    @Option(name: .long, help: ArgumentHelp("OpenWeb's API base URL (default \(OpenWebRegisterUseCase.defaultBaseURL)).", valueName: "url"))
    var baseUrl: String?

    @Option(name: .long, help: ArgumentHelp("The user's e-mail address (optional profile field).", valueName: "address"))
    var email: String?

    @Flag(name: .long, help: "Say that the e-mail address has been verified (needs --email).")
    var emailVerified = false

    func validate() throws {
        if (accessTokenFile == nil) == (accessTokenEnv == nil) {
            throw ValidationError("pass the access token with either --access-token-file FILE or --access-token-env VAR")
        }
        if emailVerified && email == nil { throw ValidationError("--email-verified needs --email") }
    }

    func run(_ ctx: CommandContext) async throws {
        let token = try SecretInput.load(
            what: "the OpenWeb access token", file: accessTokenFile, variable: accessTokenEnv,
            fileFlag: "--access-token-file", environment: ctx.environment)
        let useCase = OpenWebRegisterUseCase(
            codeA: codeA, primaryKey: primaryKey, userName: userName, accessToken: token ?? "",
            baseURL: baseUrl, email: email, emailVerified: emailVerified, http: network.settings(verbose: global.verbose))
        let result = try await useCase.run(ctx)
        try Console(ctx).emit(result, json: global.json)
    }
}
