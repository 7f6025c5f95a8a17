import DotsSSOBasics
import FoundationEssentials

/// `dots-sso profile` and `flags show`: one member's profile as The Dots app sees it, checked against the
/// channel contract (id, flags, import limits, biography).
package struct ProfileUseCase: Sendable {
    package var member: MemberSettings

    package init(member: MemberSettings) {
        self.member = member
    }

    package func run(_ ctx: CommandContext) async throws -> ProfileReport {
        try await MemberSource(member, needsToken: false, in: ctx).report()
    }
}
