import DotsSSOBasics
import FoundationEssentials

/// `dots-sso containers show`: the exact request the app makes for each container (token redacted unless asked)
/// and whether the member may open it; works without a member too (then nobody's access is known).
package struct ContainersShowUseCase: Sendable {
    package var member: MemberSettings
    package var showSecrets: Bool

    package init(member: MemberSettings, showSecrets: Bool = false) {
        self.member = member
        self.showSecrets = showSecrets
    }

    /// Each container's request and what was found; its JSON is `containers --json`.
    package struct Result: Encodable, Sendable {
        package var containers: [ContainerRequest]
        package var findings: [Finding]
    }

    package func run(_ ctx: CommandContext) async throws -> Result {
        let source = try MemberSource(member, needsToken: false, in: ctx)
        let containers = source.channel.containers ?? []
        guard !containers.isEmpty else {
            throw ConfigError.missingSetting(name: "containers", flag: "a channel file", key: "containers")
        }
        var report: ProfileReport?
        do {
            report = try await source.report()
        } catch let error as UserFacingError {
            ctx.warn(
                "showing the requests without a member (\(error.message)); sign in or pass \(CLIFlag.profileFile) to see who may open what")
        }
        var token: String?
        if showSecrets, let bearer = source.bearer { token = try? await bearer.token() }
        // The real token only with --show-secrets; otherwise "[redacted]" once a member is known, a placeholder before.
        let shownToken = token ?? (report == nil ? nil : Redactor.placeholder)
        let requests = try containers.map {
            try ContainerRequest($0, token: shownToken, userID: report?.dots.id, flags: report?.dots.flags, showSecrets: true)
        }
        return Result(
            containers: requests, findings: ContainerLint.findings(for: source.channel, userID: report?.dots.id, email: report?.dots.email))
    }
}
