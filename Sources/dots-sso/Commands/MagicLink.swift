import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso magic-link`: e-mail sign-in without a password (Bridge style, seed 001).
struct MagicLink: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "magic-link",
        abstract: "Request and redeem e-mail sign-in links.",
        subcommands: [MagicLinkRequest.self, MagicLinkRedeem.self, MagicLinkSignUp.self, MagicLinkSignIn.self]
    )
}

/// `dots-sso magic-link request`
struct MagicLinkRequest: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Ask the server to e-mail a sign-in link (POST /v3/auth/email).",
        discussion: """
            A 202 never says whether the account exists: servers answer 202 for unknown addresses on purpose. \
            A 429 means an earlier link is still pending (60 s); current servers may also throttle silently.

            Example:
              $ dots-sso magic-link request --base-url https://webservices.sagebridge.org --study demo --email jane@example.com
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var channel: ChannelOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var server: MagicLinkOptions

    @OptionGroup var participant: ParticipantOption

    func run(_ ctx: CommandContext) async throws {
        let useCase = MagicLinkRequestUseCase(
            server: server.settings(try channel.resolve(ctx)), http: network.settings(verbose: global.verbose), email: participant.email)
        let outcome = try await useCase.run(ctx)
        try Console(ctx).emit(outcome, json: global.json)
        if case .rateLimited(let retryAfter) = outcome {
            throw HTTPError.rateLimited(
                url: "the sign-in server",
                retryAfter: retryAfter.map { "\($0) s" }
                    ?? "the earlier link expires (about \(MagicLinkClient.throttleWindow) s)")
        }
    }
}

/// `dots-sso magic-link redeem`
struct MagicLinkRedeem: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "redeem",
        abstract: "Redeem a sign-in link's token for a session (POST /v3/auth/email/signIn) and cache it.",
        discussion: """
            --link takes the URL from the e-mail (https, an app scheme, or the legacy startSession.html form); the \
            e-mail, study and token are read from it when present. --new-password sends a strong random password, \
            as the app does, and shows it once on stderr. The session is cached (0600) and never printed; \
            `dots-sso token print --session` prints it.

            Examples:
              $ dots-sso magic-link redeem --link 'https://app.example/verify.html?email=jane%40example.com&study=demo&token=…'
              $ dots-sso magic-link redeem --token "$TOKEN" --email jane@example.com --study demo --new-password
            """
    )

    @OptionGroup var session: MagicLinkSessionOptions

    @Option(name: .long, help: ArgumentHelp("The link from the sign-in e-mail.", valueName: "url"))
    var link: String?

    @Option(name: .long, help: ArgumentHelp("The token from the link (instead of --link).", valueName: "token"))
    var token: String?

    @Option(name: .long, help: ArgumentHelp("The participant's e-mail address (when the link has none).", valueName: "address"))
    var email: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Set the password read from this file ('-' reads stdin) while signing in; never pass a password as a flag value.",
            valueName: "file"))
    var passwordFile: String?

    @Flag(name: .long, help: "Generate a strong random password, send it, and show it once on stderr.")
    var newPassword = false

    @Flag(name: .long, help: "Keep the password set here in the cache entry (0600) for `magic-link signin` instead of showing it.")
    var rememberPassword = false

    func validate() throws {
        if (link == nil) == (token == nil) { throw ValidationError("pass either --link or --token") }
        if passwordFile != nil && newPassword { throw ValidationError("--password-file and --new-password cannot be combined") }
        if rememberPassword && passwordFile == nil && !newPassword {
            throw ValidationError("--remember-password needs --new-password or --password-file")
        }
    }

    func run(_ ctx: CommandContext) async throws {
        let password = try passwordFile.map { try SecretInput.password(from: $0) }
        let useCase = MagicLinkRedeemUseCase(
            server: try session.serverSettings(ctx), http: session.http, cacheDirectory: session.cacheDirectory, link: link, token: token,
            email: email,
            password: password, generatePassword: newPassword, rememberPassword: rememberPassword)
        try Console(ctx).emit(try await useCase.run(ctx), json: session.global.json)
    }
}

/// `dots-sso magic-link signup`
struct MagicLinkSignUp: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "signup",
        abstract: "Sign a participant up as the app does at first install (POST /v3/auth/signUp) and cache the session.",
        discussion: """
            Generates a strong random password, signs up with it, then signs in (POST /v3/auth/signIn) and caches the \
            session (0600, never printed). The password is shown once on stderr, or kept in the cache entry with \
            --remember-password so `magic-link signin` can re-authenticate as the app does when its session expires.

            Example:
              $ dots-sso magic-link signup --email new@example.com --base-url https://bridge.example --study demo --remember-password
            """
    )

    @OptionGroup var session: MagicLinkSessionOptions

    @OptionGroup var participant: ParticipantOption

    @Flag(name: .long, help: "Keep the generated password in the cache entry (0600) instead of showing it once.")
    var rememberPassword = false

    func run(_ ctx: CommandContext) async throws {
        let useCase = MagicLinkAccountUseCase(
            server: try session.serverSettings(ctx), http: session.http, cacheDirectory: session.cacheDirectory, email: participant.email,
            step: .signUp, rememberPassword: rememberPassword)
        try Console(ctx).emit(try await useCase.run(ctx), json: session.global.json)
    }
}

/// `dots-sso magic-link signin`
struct MagicLinkSignIn: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "signin",
        abstract: "Sign in again with the account's password, as the app does when its session expires (POST /v3/auth/signIn).",
        discussion: """
            The password comes from --password-file F|- (never a flag value), else the one `signup` or `redeem` kept with \
            --remember-password. The new session replaces the cached one (0600, never printed).

            Examples:
              $ dots-sso magic-link signin --email new@example.com --base-url https://bridge.example --study demo
              $ dots-sso magic-link signin --email jane@example.com --password-file - < password.txt
            """
    )

    @OptionGroup var session: MagicLinkSessionOptions

    @OptionGroup var participant: ParticipantOption

    @Option(
        name: .long, help: ArgumentHelp("A file holding the password ('-' reads stdin); without it, the remembered one.", valueName: "file")
    )
    var passwordFile: String?

    func run(_ ctx: CommandContext) async throws {
        let password = try passwordFile.map { try SecretInput.password(from: $0) }
        let useCase = MagicLinkAccountUseCase(
            server: try session.serverSettings(ctx), http: session.http, cacheDirectory: session.cacheDirectory, email: participant.email,
            step: .signIn(password: password))
        try Console(ctx).emit(try await useCase.run(ctx), json: session.global.json)
    }
}
