import ArgumentParser
import DotsSSOCore
import Foundation

/// `dots-sso refresh`: renew the cached access token.
struct Refresh: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Refresh the cached access token when it has expired or is about to.",
        discussion: """
        Refreshes when less than --min-validity seconds are left (or always with --force), under the cache lock: \
        concurrent dots-sso processes refresh once and all get the new token. A rotated refresh token is saved \
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

    struct Output: Encodable {
        var refreshed: Bool
        var subject: String?
        var scope: String?
        var expiresAt: Date?
        var hasRefreshToken: Bool
    }

    func run() async throws {
        let context = try signIn.context()
        let (entry, refreshed) = try await context.session().validEntry(minValidity: tokenUse.minValidity, force: force)
        let output = Output(refreshed: refreshed, subject: entry.subject, scope: entry.tokens?.scope,
                            expiresAt: entry.tokens?.expiresAt, hasRefreshToken: entry.tokens?.refreshToken != nil)
        if signIn.global.json {
            try context.console.json(output)
            return
        }
        let expiry = output.expiresAt.map { ISOTimestamp.string($0) } ?? "no expiry given"
        context.console.out(refreshed ? "refreshed; valid until \(expiry)" : "still valid until \(expiry); nothing to do (use --force to refresh anyway)")
    }
}
