import DotsSSOBasics
import FoundationEssentials

/// `dots-sso magic-link redeem`: trades a sign-in link's token for a session (`POST /v3/auth/email/signIn`), as
/// the app does, optionally setting a new strong random password, and caches the session (0600).
package struct MagicLinkRedeemUseCase: Sendable {
    package var server: MagicLinkSettings
    package var http: HTTPSettings
    package var cacheDirectory: String?
    /// The link from the e-mail, or the bare token.
    package var link: String?
    package var token: String?
    package var email: String?
    package var password: String?
    package var generatePassword: Bool
    /// Keep the password set here in the cache entry (0600) for `magic-link signin`; one already remembered is
    /// always replaced, since the account's password has changed.
    package var rememberPassword: Bool

    package init(
        server: MagicLinkSettings, http: HTTPSettings = HTTPSettings(), cacheDirectory: String? = nil, link: String? = nil,
        token: String? = nil, email: String? = nil, password: String? = nil, generatePassword: Bool = false, rememberPassword: Bool = false
    ) {
        self.rememberPassword = rememberPassword
        self.server = server
        self.http = http
        self.cacheDirectory = cacheDirectory
        self.link = link
        self.token = token
        self.email = email
        self.password = password
        self.generatePassword = generatePassword
    }

    package struct Result: Codable, Sendable, Equatable {
        package var email: String
        package var study: String
        package var userId: String?
        package var authenticated: Bool?
        package var consentRequired: Bool
        package var passwordChanged: Bool
        package var cacheFile: String
    }

    package func run(_ ctx: CommandContext) async throws -> Result {
        let parsed = try link.map { try MagicLinkToken(link: $0) } ?? MagicLinkToken(token: token ?? "", email: nil, study: nil)
        guard let address = email ?? parsed.email else { throw UsageError.invalid("the link has no e-mail address; pass \(CLIFlag.email)") }
        let study = try server.resolvedStudy(fromLink: parsed.study)
        let baseURL = try server.resolvedBaseURL()
        let client = try MagicLinkClient(http: try http.client(in: ctx), baseURL: baseURL, clock: ctx.clock)
        let chosenPassword = generatePassword ? try PasswordGenerator.generate() : password
        let redemption = try await client.redeem(email: address, study: study, token: parsed.token, password: chosenPassword)
        if generatePassword, let chosenPassword, !rememberPassword {
            // Shown once, because the user asked for a new password and has no other way to learn it.
            ctx.note("dots-sso: the account's new password (shown once; store it in a password manager now):")
            ctx.note(chosenPassword)
        }
        return try await BridgeSessionStore.save(
            redemption, email: address, study: study, baseURL: baseURL, channel: server.channel.name,
            password: chosenPassword, remember: rememberPassword, replaceRemembered: true,
            cacheDirectory: cacheDirectory, in: ctx)
    }
}
