import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso refresh`: renew the cached access token.
struct Refresh: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Refresh the cached access token when it is due.",
        discussion: """
            Refreshes when less than --min-validity seconds are left (or always with --force), under the cache lock: \
            concurrent dots-sso processes refresh once and all get the new token (a process that waited for the lock \
            takes the token another has just got). A --min-validity longer than the provider's tokens live is said \
            once and means half their lifetime, so scripts do not refresh on every call. A rotated refresh token is saved \
            before the command returns. If the provider answers invalid_grant, the entry is marked and every later \
            command says to sign in again without contacting the provider.

            Examples:
              $ dots-sso refresh --channel acme
              $ dots-sso refresh --channel acme --force --json
            """
    )

    @OptionGroup var signIn: SignInOptions
    @OptionGroup var tokenUse: TokenUseOptions

    @Flag(name: .long, help: "Refresh even when the access token is still valid.")
    var force = false

    func run(_ ctx: CommandContext) async throws {
        let result = try await RefreshUseCase(signIn: try signIn.settings(ctx), minValidity: tokenUse.minValidity, force: force).run(ctx)
        try Console(ctx).emit(result, json: signIn.global.json)
    }
}
