import DotsSSOBasics
import Foundation

/// `dots-sso token print`: exactly one token, because the user asked for it. The access token is refreshed
/// first when it has less than `minValidity` seconds left; the id and refresh tokens are printed as cached.
package struct TokenPrintUseCase: Sendable {
    package enum Which: Sendable, Equatable {
        case access, id, refresh
    }

    package var signIn: SignInSettings
    package var which: Which
    package var minValidity: TimeInterval

    package init(signIn: SignInSettings, which: Which = .access, minValidity: TimeInterval = 60) {
        self.signIn = signIn
        self.which = which
        self.minValidity = minValidity
    }

    package func run(_ ctx: CommandContext) async throws -> String {
        let session = try SignInContext(signIn, in: ctx).session()
        switch which {
        case .access:
            return try await session.valid(minValidity: minValidity).signedIn.tokens.accessToken
        case .id:
            guard let token = try session.current().tokens.idToken else {
                throw UsageError.invalid("the provider issued no id_token for this sign-in")
            }
            return token
        case .refresh:
            guard let token = try session.current().tokens.refreshToken else {
                throw UsageError.invalid("the provider issued no refresh token for this sign-in")
            }
            return token
        }
    }
}
