import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import Foundation

/// `dots-sso revoke`
struct Revoke: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke the tokens (RFC 7009), forget the sign-in.",
        discussion: """
            The revocation endpoint comes from the channel, the sign-in, or discovery (the OpenID configuration, \
            else the provider's RFC 8414 document). When the tokens cannot be revoked there (no revocation \
            endpoint, the provider unreachable or refusing), nothing is removed and the command exits with the \
            failure's status (78 no revocation endpoint, 69 unreachable, 75 temporary, 76 another answer), so the \
            tokens are not silently left alive; --local-only removes the cached sign-in without contacting the \
            provider.

            Examples:
              $ dots-sso revoke --channel acme
              $ dots-sso revoke --channel acme --json
              $ dots-sso revoke --channel acme --local-only
            """
    )

    @OptionGroup var signIn: SignInOptions
    @OptionGroup var revocation: RevocationOptions

    func run(_ ctx: CommandContext) async throws {
        try await RevokeRunner.run(signIn, revocation, mode: .revoke, keepSignIn: false, ctx)
    }
}

/// `dots-sso logout`
struct Logout: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "End a sign-in: revoke, forget, print logout URL.",
        discussion: """
            Logout ends the session and always gives the provider's end-session URL when it has one (OpenID Connect \
            RP-Initiated Logout: client_id, post_logout_redirect_uri and a fresh state; --open opens it in the \
            browser with the cached id_token as id_token_hint, which is never printed). A provider without a \
            revocation endpoint is a warning saying what stays valid (the access token until it expires, the refresh \
            token perhaps for ever), and the cached sign-in is removed. A revocation that was tried and failed keeps \
            the sign-in cached, prints the URL, and exits with the failure's status (69 unreachable, 75 temporary, \
            76 another answer, 78 refused). With neither endpoint it fails like revoke (78). --keep-sign-in only ends \
            the browser session; --local-only forgets the sign-in here without revoking.

            Examples:
              $ dots-sso logout --channel acme
              $ dots-sso logout --channel acme --open --post-logout-redirect-uri https://app.thedots.example/signed-out
              $ dots-sso logout --channel acme --keep-sign-in --open
            """
    )

    @OptionGroup var signIn: SignInOptions
    @OptionGroup var revocation: RevocationOptions

    @Flag(name: .long, help: "Only end the provider's browser session: keep the cached sign-in and do not revoke its tokens.")
    var keepSignIn = false

    func validate() throws {
        if keepSignIn && revocation.localOnly {
            throw ValidationError("--keep-sign-in keeps the cached sign-in and --local-only removes it: choose one")
        }
    }

    func run(_ ctx: CommandContext) async throws {
        try await RevokeRunner.run(signIn, revocation, mode: .logout, keepSignIn: keepSignIn, ctx)
    }
}

/// What `revoke` and `logout` add to the sign-in options.
struct RevocationOptions: ParsableArguments {
    @Flag(
        name: .long,
        help: "Remove the cached sign-in without revoking its tokens at the provider (they stay valid there until they expire).")
    var localOnly = false

    @Flag(name: .long, help: "Open the provider's logout page in the browser (with the id_token_hint the printed URL leaves out).")
    var open = false

    @Option(
        name: .long,
        help: ArgumentHelp("Where the provider sends the person after logging out (channel: postLogoutRedirectUri).", valueName: "uri"))
    var postLogoutRedirectUri: String?

    @Option(name: .long, help: ArgumentHelp("The provider's end-session (logout) URL, when discovery does not list one.", valueName: "url"))
    var endSessionEndpoint: String?

    @Option(
        name: .long,
        help: ArgumentHelp("With --open: the command that opens the logout URL (the URL is its last argument).", valueName: "cmd"))
    var browserCommand: String?

    /// The sign-in settings with this command's channel fields applied.
    func apply(to settings: SignInSettings) -> SignInSettings {
        var settings = settings
        settings.channel.postLogoutRedirectUri = postLogoutRedirectUri ?? settings.channel.postLogoutRedirectUri
        settings.channel.endSessionEndpoint = endSessionEndpoint ?? settings.channel.endSessionEndpoint
        return settings
    }
}

/// Runs the revoke use case for `revoke` and `logout` and renders what happened: the logout URL alone on stdout.
enum RevokeRunner {
    static func run(
        _ signIn: SignInOptions, _ options: RevocationOptions, mode: RevokeUseCase.Mode, keepSignIn: Bool,
        _ ctx: CommandContext
    ) async throws {
        if options.browserCommand != nil && !options.open { throw UsageError.invalid("--browser-command opens the logout URL: add --open") }
        let ctx = ctx.usingBrowserCommand(options.browserCommand)
        let result = try await RevokeUseCase(
            signIn: options.apply(to: try signIn.settings(ctx)), mode: mode, localOnly: options.localOnly,
            keepSignIn: keepSignIn, openBrowser: options.open
        ).run(ctx)
        try Console(ctx).emit(result, json: signIn.global.json)
        // logout gave the URL; a revocation it tried and could not complete still fails the command.
        if let failure = result.failure { throw failure }
    }
}
