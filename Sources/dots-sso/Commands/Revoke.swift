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
        revoke`); --local-only forgets the sign-in here only.

        Example:
          $ dots-sso logout --channel acme
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
}

/// Runs the revoke use case for `revoke` and `logout` and renders what happened: the logout URL alone on stdout.
enum RevokeOutput {
    static func run(_ signIn: SignInOptions, _ options: RevocationOptions, _ ctx: CommandContext) async throws {
        let result = try await RevokeUseCase(signIn: try signIn.settings(ctx), localOnly: options.localOnly).run(ctx)
        let console = Console(ctx)
        if signIn.global.json {
            try console.json(result)
            return
        }
        console.err(result.removed ? "removed the cached sign-in \(result.cacheFile)" : "no cached sign-in to remove")
        if !result.revoked.isEmpty { console.err("revoked at the provider: \(result.revoked.joined(separator: ", "))") }
        if let logoutURL = result.logoutURL {
            console.err("to end the provider's browser session, open:")
            console.out(logoutURL)
        }
    }
}
