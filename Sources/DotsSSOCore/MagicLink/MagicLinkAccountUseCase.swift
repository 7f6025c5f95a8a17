import DotsSSOBasics
import FoundationEssentials

/// `dots-sso magic-link signup` and `signin`: the two steps of seed 001's lifecycle besides the magic link itself.
/// At first install the app signs the member up with a generated password (`POST /v3/auth/signUp`, then signs in);
/// when its session expires it signs in again with that password (`POST /v3/auth/signIn`). Either way the session is
/// cached like `redeem`'s, and never printed.
package struct MagicLinkAccountUseCase: Sendable {
    package enum Step: Sendable, Equatable {
        /// Sign up with a freshly generated password.
        case signUp
        /// Sign in with this password, or the remembered one when nil.
        case signIn(password: String?)
    }

    package var server: MagicLinkSettings
    package var http: HTTPSettings
    package var cacheDirectory: String?
    package var email: String
    package var step: Step
    /// Keep the generated password in the cache entry (0600) instead of showing it once.
    package var rememberPassword: Bool

    package init(
        server: MagicLinkSettings, http: HTTPSettings = HTTPSettings(), cacheDirectory: String? = nil, email: String, step: Step,
        rememberPassword: Bool = false
    ) {
        self.server = server
        self.http = http
        self.cacheDirectory = cacheDirectory
        self.email = email
        self.step = step
        self.rememberPassword = rememberPassword
    }

    package func run(_ ctx: CommandContext) async throws -> MagicLinkRedeemUseCase.Result {
        let study = try server.resolvedStudy()
        let baseURL = try server.resolvedBaseURL()
        let client = try MagicLinkClient(http: try http.client(in: ctx), baseURL: baseURL, clock: ctx.clock)
        let cache = ctx.tokenCache(directory: cacheDirectory)
        let key = MagicLinkClient.cacheKey(baseURL: baseURL, study: study, email: email)
        let password: String
        let generated: Bool
        switch step {
        case .signUp:
            password = try PasswordGenerator.generate()
            generated = true
            try await client.signUp(email: email, study: study, password: password)
        case .signIn(let given?):
            (password, generated) = (given, false)
        case .signIn(nil):
            guard let remembered = try cache.read(key).entry?.payload(RememberedPassword.self)?.password else {
                throw UsageError.invalid(
                    "no password for \(email): pass \(CLIFlag.passwordFile) F|-, or sign up (or redeem \(CLIFlag.newPassword)) with \(CLIFlag.rememberPassword)"
                )
            }
            (password, generated) = (remembered, false)
        }
        let redemption = try await client.signIn(email: email, study: study, password: password)
        if generated && !rememberPassword {
            // Shown once, because nobody else will ever know it.
            ctx.note("dots-sso: the account's password (shown once; store it in a password manager, or use \(CLIFlag.rememberPassword)):")
            ctx.note(password)
        }
        return try await BridgeSessionStore.save(
            redemption, email: email, study: study, baseURL: baseURL, channel: server.channel.name,
            password: generated ? password : nil, remember: rememberPassword, replaceRemembered: false,
            cacheDirectory: cacheDirectory, in: ctx)
    }
}
