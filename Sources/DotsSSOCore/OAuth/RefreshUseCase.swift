import Foundation

/// `dots-sso refresh`: renews the cached access token when it has less than `minValidity` seconds left (or
/// always, forced), under the cache lock, so concurrent processes refresh once.
public struct RefreshUseCase: Sendable {
    public var signIn: SignInSettings
    public var minValidity: TimeInterval
    public var force: Bool

    public init(signIn: SignInSettings, minValidity: TimeInterval = 60, force: Bool = false) {
        self.signIn = signIn
        self.minValidity = minValidity
        self.force = force
    }

    /// What `refresh` reports: never a token.
    public struct Result: Codable, Sendable, Equatable {
        public var refreshed: Bool
        public var subject: String?
        public var scope: String?
        public var expiresAt: Date?
        public var hasRefreshToken: Bool
    }

    public func run(_ ctx: CommandContext) async throws -> Result {
        let (signedIn, refreshed) = try await SignInContext(signIn, in: ctx).session().valid(minValidity: minValidity, force: force)
        return Result(
            refreshed: refreshed, subject: signedIn.entry.subject, scope: signedIn.tokens.scope,
            expiresAt: signedIn.tokens.expiresAt, hasRefreshToken: signedIn.tokens.refreshToken != nil)
    }
}
