import DotsSSOBasics
import FoundationEssentials

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

    /// The two headers a script sends with a DPoP-bound token to `url` by `method` (`token print --dpop-proof`): the
    /// `Authorization: DPoP` value and a proof made for that request (RFC 9449 §7), the token refreshed first when needed.
    package func proofHeaders(url: URL, method: String, _ ctx: CommandContext) async throws -> (authorization: String, proof: String) {
        try TokenForms.check(url: url, method: method, flag: .dpopProof)
        let access = try await SignInContext(signIn, in: ctx).session().valid(minValidity: minValidity).signedIn.access
        guard let key = access.dpop else {
            throw UsageError.invalid(
                "this sign-in's access token is a bearer token, not bound to a DPoP key: sign in with \(CLIFlag.dpop) first")
        }
        return (access.authorization, try key.proof(method: method, url: url, accessToken: access.token))
    }
}
