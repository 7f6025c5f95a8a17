import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

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
