import DotsSSOBasics
import FoundationEssentials

/// `dots-sso refresh`: renews the cached access token when it has less than `minValidity` seconds left (or
/// always, forced), under the cache lock, so concurrent processes refresh once.
package struct RefreshUseCase: Sendable {
    package var signIn: SignInSettings
    package var minValidity: TimeInterval
    package var force: Bool

    package init(signIn: SignInSettings, minValidity: TimeInterval = 60, force: Bool = false) {
        self.signIn = signIn
        self.minValidity = minValidity
        self.force = force
    }

    /// What `refresh` reports: never a token.
    package struct Result: Codable, Sendable, Equatable {
        package var refreshed: Bool
        package var subject: String?
        package var scope: String?
        package var expiresAt: Date?
        package var hasRefreshToken: Bool
    }

    package func run(_ ctx: CommandContext) async throws -> Result {
        let client = try SignInContext(signIn, in: ctx)
        try client.holdRefreshToProfile()
        let (signedIn, refreshed) = try await client.session().valid(minValidity: minValidity, force: force)
        return Result(
            refreshed: refreshed, subject: signedIn.entry.subject, scope: signedIn.tokens.scope,
            expiresAt: signedIn.tokens.expiresAt, hasRefreshToken: signedIn.tokens.refreshToken != nil)
    }
}
