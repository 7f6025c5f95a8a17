import ArgumentParser
import DotsSSOCore
import Foundation

/// `dots-sso revoke`
struct Revoke: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke the refresh and access tokens (RFC 7009), remove the cached sign-in and print the provider's logout URL.",
        discussion: """
        The local part works offline: the cache entry is removed even when the provider cannot be reached \
        (a warning says the tokens were not revoked there).

        Examples:
          $ dots-sso revoke --channel acme
          $ dots-sso revoke --channel acme --json
        """
    )

    @OptionGroup var signIn: SignInOptions

    func run(_ ctx: CommandContext) async throws {
        try await RevokeOutput.run(signIn, ctx)
    }
}

/// `dots-sso logout`
struct Logout: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log out: revoke the tokens, remove the cached sign-in, print the provider's logout URL (same as revoke).",
        discussion: """
        Example:
          $ dots-sso logout --channel acme
        """
    )

    @OptionGroup var signIn: SignInOptions

    func run(_ ctx: CommandContext) async throws {
        try await RevokeOutput.run(signIn, ctx)
    }
}

/// Runs the revoke use case for `revoke` and `logout` and renders what happened: the logout URL alone on stdout.
enum RevokeOutput {
    static func run(_ signIn: SignInOptions, _ ctx: CommandContext) async throws {
        let result = try await RevokeUseCase(signIn: try signIn.settings(ctx)).run(ctx)
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
