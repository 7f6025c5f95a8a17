import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

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
