import Foundation

/// `dots-sso profile` and `flags show`: one member's profile as The Dots app sees it, checked against the
/// channel contract (id, flags, import limits, biography).
public struct ProfileUseCase: Sendable {
    public var member: MemberSettings

    public init(member: MemberSettings) {
        self.member = member
    }

    public func run(_ ctx: CommandContext) async throws -> ProfileReport {
        try await MemberSource(member, needsToken: false, in: ctx).report()
    }
}
