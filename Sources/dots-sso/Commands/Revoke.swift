import ArgumentParser
import DotsSSOCore
import Foundation

/// `dots-sso revoke`
struct Revoke: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke the refresh and access tokens (RFC 7009), remove the cached sign-in and print the provider's logout URL.",
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
        try await RevokeOutput.run(signIn, revocation, ctx)
    }
}

/// `dots-sso logout`
struct Logout: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log out: revoke the tokens, remove the cached sign-in, print the provider's logout URL (same as revoke).",
        discussion: """
        Fails without removing anything when the tokens cannot be revoked at the provider (see `dots-sso help \
        revoke`); --local-only forgets the sign-in here only. The logout URL (OpenID Connect RP-Initiated Logout) \
        carries client_id, post_logout_redirect_uri and a fresh state; --open opens it in the browser with the \
        cached id_token as id_token_hint, which is never printed.

        Examples:
          $ dots-sso logout --channel acme
          $ dots-sso logout --channel acme --open --post-logout-redirect-uri https://app.thedots.example/signed-out
        """
    )

    @OptionGroup var signIn: SignInOptions
    @OptionGroup var revocation: RevocationOptions

    func run(_ ctx: CommandContext) async throws {
        try await RevokeOutput.run(signIn, revocation, ctx)
    }
}

/// What `revoke` and `logout` add to the sign-in options.
struct RevocationOptions: ParsableArguments {
    @Flag(name: .long, help: "Remove the cached sign-in without revoking its tokens at the provider (they stay valid there until they expire).")
    var localOnly = false

    @Flag(name: .long, help: "Open the provider's logout page in the browser (with the id_token_hint the printed URL leaves out).")
    var open = false

    @Option(name: .long, help: ArgumentHelp("Where the provider sends the person after logging out (channel: postLogoutRedirectUri).", valueName: "uri"))
    var postLogoutRedirectUri: String?

    @Option(name: .long, help: ArgumentHelp("The provider's end-session (logout) URL, when discovery does not list one.", valueName: "url"))
    var endSessionEndpoint: String?

    /// The sign-in settings with this command's channel fields applied.
    func apply(to settings: SignInSettings) -> SignInSettings {
        var settings = settings
        settings.channel.postLogoutRedirectUri = postLogoutRedirectUri ?? settings.channel.postLogoutRedirectUri
        settings.channel.endSessionEndpoint = endSessionEndpoint ?? settings.channel.endSessionEndpoint
        return settings
    }
}

/// Runs the revoke use case for `revoke` and `logout` and renders what happened: the logout URL alone on stdout.
enum RevokeOutput {
    static func run(_ signIn: SignInOptions, _ options: RevocationOptions, _ ctx: CommandContext) async throws {
        let result = try await RevokeUseCase(signIn: options.apply(to: try signIn.settings(ctx)), localOnly: options.localOnly,
                                             openBrowser: options.open).run(ctx)
        let console = Console(ctx)
        if signIn.global.json {
            try console.json(result)
            return
        }
        console.err(result.removed ? "removed the cached sign-in \(result.cacheFile)" : "no cached sign-in to remove")
        if !result.revoked.isEmpty { console.err("revoked at the provider: \(result.revoked.joined(separator: ", "))") }
        if let logoutURL = result.logoutURL {
            console.err(result.opened ? "opened the provider's logout page in the browser:"
                                      : "to end the provider's browser session, open (or run again with --open):")
            console.out(logoutURL)
        }
    }
}
