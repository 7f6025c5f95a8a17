import DotsSSOBasics
import FoundationEssentials

/// A machine's token for a partner API (RFC 6749 §4.4, `token print --client-credentials`): asked of the token
/// endpoint with the client's own authentication — a secret, or a private_key_jwt assertion — and bound to a fresh
/// DPoP key when the channel uses DPoP. A member signs nothing in, and nothing is cached: each call asks the provider
/// (a token lasts minutes, and a script that needs another asks again).
package struct ClientCredentialsGrant: Sendable {
    package var signIn: SignInSettings
    /// RFC 8707 resources the token is for (the channel's `authParams` resource, or `--resource`).
    package var resources: [String]
    /// The scopes asked for exactly (`--scope`); nil: the channel's, less the ones that name a member.
    package var scopes: [String]?

    package init(signIn: SignInSettings, resources: [String] = [], scopes: [String]? = nil) {
        self.signIn = signIn
        self.resources = resources
        self.scopes = scopes
    }

    /// OIDC's scopes for a member's identity and claims, which a machine has none of.
    static let memberScopes: Set<String> = ["openid", "profile", "email", "address", "phone", "offline_access"]

    package func run(_ ctx: CommandContext) async throws -> AccessCredential {
        // RFC 6749 §4.4: only a confidential client may use it; a public client has nothing to prove who it is.
        guard signIn.isPublicClient != true else {
            throw ConfigError.missingSetting(
                name: "client secret or key (the client credentials grant is for confidential clients, RFC 6749 §4.4)",
                flag: "\(CLIFlag.clientSecretFile) or \(CLIFlag.clientKeyFile)", key: "clientSecretEnv or clientKeyFile")
        }
        let client = try SignInContext(signIn, in: ctx)
        let endpoints = try await client.endpoints()
        let tokenURL = try endpoints.require(\.token, "token", flag: "\(CLIFlag.tokenEndpoint)")
        // The channel's scopes are a member's sign-in's: a machine asks for its API scopes, less openid and the claims.
        let scopes = self.scopes ?? (client.channel.scopes ?? []).filter { !Self.memberScopes.contains($0) }
        let response = try await client.tokenClient(for: endpoints).clientCredentials(
            scopes: scopes, resources: resources, endpoint: tokenURL)
        let now = ctx.clock.now()
        let credential = AccessCredential(
            token: response.accessToken, tokenType: response.tokenType, key: try client.dpopKey(for: endpoints))
        if client.usesDPoP, credential.dpop == nil {
            ctx.warn(
                "the provider answered token_type \(response.tokenType ?? "Bearer"), not DPoP: it ignored the proof, and this token is not bound to a key"
            )
        }
        // A token issued over mTLS may be bound to the client's certificate (RFC 8705 §3): its requests show it too.
        return credential.issued(expiresAt: response.expiresIn.map { now.addingTimeInterval($0) }, scope: response.scope)
            .presenting(client.credentials.certificate)
    }
}
