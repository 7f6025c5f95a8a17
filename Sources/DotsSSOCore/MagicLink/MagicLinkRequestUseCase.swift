import DotsSSOBasics

/// `dots-sso magic-link request`: asks the server to e-mail a sign-in link (`POST /v3/auth/email`).
package struct MagicLinkRequestUseCase: Sendable {
    package var server: MagicLinkSettings
    package var http: HTTPSettings
    package var email: String

    package init(server: MagicLinkSettings, http: HTTPSettings = HTTPSettings(), email: String) {
        self.server = server
        self.http = http
        self.email = email
    }

    package func run(_ ctx: CommandContext) async throws -> MagicLinkClient.RequestOutcome {
        let client = try MagicLinkClient(http: try http.client(in: ctx), baseURL: try server.resolvedBaseURL(), clock: ctx.clock)
        return try await client.request(email: email, study: try server.resolvedStudy(), warn: { ctx.warn($0) })
    }
}
