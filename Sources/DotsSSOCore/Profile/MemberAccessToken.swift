import DotsSSOBasics
import FoundationEssentials

extension TokenPrintUseCase {
    /// The member's access token for a next tool: from `member`'s refresh-token file, token file or variable when it
    /// names one (a rotated refresh token written back), else the cached sign-in, refreshed first when due.
    package func access(member: MemberSettings?, _ ctx: CommandContext) async throws -> AccessCredential {
        if let member, member.hasUnattendedSource {
            let source = try MemberSource(member, needsToken: true, http: try member.signIn.http.client(in: ctx), in: ctx)
            return try await source.requireBearer().access()
        }
        return try await SignInContext(signIn, in: ctx).session().valid(minValidity: minValidity).signedIn.access
    }
}
