import ArgumentParser
import DotsSSOCore
import Foundation

/// Shared by `revoke` and `logout`: RFC 7009 revocation, local removal, the provider's logout URL.
struct RevokeOptions: ParsableArguments {
    @OptionGroup var signIn: SignInOptions

    struct Output: Encodable {
        var removed: Bool
        var revoked: [String]
        var revocationProblem: String?
        var logoutURL: String?
    }

    func run() async throws {
        let context = try signIn.context()
        let console = context.console
        let entry = try? context.cache.read(context.key).entry
        var revoked: [String] = []
        var problem: String?
        var stored = entry?.endpoints ?? StoredEndpoints()
        if stored.revocation == nil || stored.endSession == nil, context.channel.issuer != nil || context.channel.revocationEndpoint != nil {
            if let endpoints = try? await context.endpoints() {
                stored.revocation = stored.revocation ?? endpoints.revocation
                stored.endSession = stored.endSession ?? endpoints.endSession
            }
        }
        stored.revocation = context.channel.revocationEndpoint ?? stored.revocation
        stored.endSession = context.channel.endSessionEndpoint ?? stored.endSession

        if let tokens = entry?.tokens {
            if let revocation = stored.revocation {
                do {
                    let url = try URLPolicy.validate(revocation)
                    let client = TokenEndpointClient(http: context.http, credentials: context.credentials)
                    // RFC 7009 §2.1: revoking the refresh token first also ends its access tokens at most providers.
                    if let refresh = tokens.refreshToken {
                        try await client.revoke(token: refresh, hint: "refresh_token", endpoint: url)
                        revoked.append("refresh_token")
                    }
                    try await client.revoke(token: tokens.accessToken, hint: "access_token", endpoint: url)
                    revoked.append("access_token")
                } catch let error as UserFacingError {
                    problem = error.message
                }
            } else {
                problem = "the provider has no revocation endpoint; the tokens stay valid there until they expire"
            }
        }
        let removed = try context.cache.remove(context.key)
        var logoutURL: String?
        if let endSession = stored.endSession, var components = URLComponents(string: endSession) {
            components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "client_id", value: context.key.clientId)]
            logoutURL = components.string
        }
        if let problem { console.warn(problem) }
        if signIn.global.json {
            try console.json(Output(removed: removed, revoked: revoked, revocationProblem: problem, logoutURL: logoutURL))
            return
        }
        console.err(removed ? "removed the cached sign-in \(context.cache.url(for: context.key).path)" : "no cached sign-in to remove")
        if !revoked.isEmpty { console.err("revoked at the provider: \(revoked.joined(separator: ", "))") }
        if let logoutURL {
            console.err("to end the provider's browser session, open:")
            console.out(logoutURL)
        }
    }
}

/// `dots-sso revoke`
struct Revoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke the refresh and access tokens (RFC 7009), remove the cached sign-in and print the provider's logout URL.",
        discussion: """
        The local part works offline: the cache entry is removed even when the provider cannot be reached \
        (a warning says the tokens were not revoked there).

        Examples:
          $ dots-sso revoke --channel acme
          $ dots-sso revoke --channel acme --json
        """
    )

    @OptionGroup var options: RevokeOptions

    func run() async throws { try await options.run() }
}

/// `dots-sso logout`
struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log out: revoke the tokens, remove the cached sign-in, print the provider's logout URL (same as revoke).",
        discussion: """
        Example:
          $ dots-sso logout --channel acme
        """
    )

    @OptionGroup var options: RevokeOptions

    func run() async throws { try await options.run() }
}
