import DotsSSOBasics
import FoundationEssentials

/// The FAPI 2.0 Security Profile (OpenID Foundation, final) as a client holds a sign-in to it. Every rule the client
/// can keep is checked before the first request leaves (a weaker sign-in is refused naming its rule, never sent and
/// then regretted); the rules about what the provider answers (`iss`, id_token algorithms) are checked on arrival.
package enum FAPI2Profile {
    /// §5.4.1: what id_tokens, client assertions and DPoP proofs may be signed with.
    package static let algorithms: [JWSAlgorithm] = [.ps256, .es256, .edDSA]

    /// The names as metadata lists them (`Ed25519`, the fully specified name RFC 9864 gives EdDSA over Ed25519, too).
    package static let algorithmNames: Set<String> = Set(algorithms.map(\.rawValue) + ["Ed25519"])

    /// The profile's algorithms as a sentence: "PS256, ES256 or EdDSA".
    package static var algorithmList: String { "PS256, ES256 or EdDSA" }

    /// The client's side: sender-constrained tokens (DPoP, or the client certificate), client authentication by
    /// private_key_jwt or mTLS, the issuer as the assertion's audience.
    package static func checkClient(_ settings: SignInSettings, credentials: ClientCredentials) throws {
        if !settings.usesDPoP && credentials.certificate == nil {
            let what = settings.dpop == false ? "\(CLIFlag.noDpop)" : "the channel's dpop false"
            throw OAuthError.profileRefused(
                section: "§5.3.3.1",
                detail: "access tokens must be sender-constrained, and \(what) without a client certificate would leave them bearer "
                    + "tokens anyone who copies them can use; drop it (DPoP binds them), or give \(CLIFlag.clientCertFile) (mTLS)")
        }
        switch credentials.method {
        case .privateKeyJWT:
            guard credentials.assertion != nil else { break }
            if try settings.assertionAudienceChoice() == .endpoint {
                let what =
                    settings.assertionAudience == .endpoint
                    ? "\(CLIFlag.clientAssertionAudience) endpoint" : "the channel's clientAssertionAudience"
                throw OAuthError.profileRefused(
                    section: "§5.3.3.1",
                    detail:
                        "a private_key_jwt assertion names the issuer as its one audience, and the endpoint was asked for (\(what)); drop it"
                )
            }
            return
        case .tlsClientAuth, .selfSignedTLSClientAuth:
            if credentials.certificate != nil { return }
        case .clientSecretBasic, .clientSecretPost, .none:
            // A secret, or an explicit method other than these two, is refused by name; a public client below.
            if credentials.assertion != nil || credentials.secret != nil || credentials.certificate != nil || settings.clientAuth != nil {
                throw OAuthError.profileRefused(
                    section: "§5.3.3.1",
                    detail: "the client authenticates with private_key_jwt or mTLS, not \(credentials.method.rawValue); "
                        + "drop \(CLIFlag.clientAuth) or the secret and give \(CLIFlag.clientKeyFile) (`dots-sso keys generate` makes one)")
            }
        }
        throw OAuthError.profileRefused(
            section: "§5.3.3.1",
            detail: "the client authenticates with private_key_jwt or mTLS, and no client key or certificate is configured"
                + (credentials.secret != nil ? " (a client secret is not enough)" : "")
                + ": give \(CLIFlag.clientKeyFile) (`dots-sso keys generate` makes one) or \(CLIFlag.clientCertFile)")
    }

    /// The member signs in by the authorization code flow with PAR only: the profile's providers reject the password
    /// grant (§5.3.2.1), and the device grant is not part of it.
    package static func checkGrant(_ grant: String) throws {
        throw OAuthError.profileRefused(
            section: grant == "password" ? "§5.3.2.1" : "§5.3.3.2",
            detail: grant == "password"
                ? "the resource owner password grant is not allowed; sign in with the authorization code flow (\(CLIFlag.flow) loopback or paste)"
                : "the member signs in by the authorization code flow with PAR, not the \(grant) flow; use \(CLIFlag.flow) loopback or paste"
        )
    }

    /// The provider's side a sign-in needs, once its metadata is read: a PAR endpoint (and `--no-par` refused), an
    /// issuer to check the authorization response's `iss` against, PKCE S256, and algorithms the profile allows for
    /// what this client signs: assertions when it has a key (`assertions`), proofs when it binds with DPoP (`dpop`).
    package static func checkProvider(_ endpoints: ProviderEndpoints, par: Bool?, assertions: Bool, dpop: Bool) throws {
        if par == false {
            throw OAuthError.profileRefused(
                section: "§5.3.3.2", detail: "authorization requests are pushed (PAR, RFC 9126), and \(CLIFlag.noPar) forbids it; drop it")
        }
        if endpoints.pushedAuthorization == nil {
            throw OAuthError.profileRefused(
                section: "§5.3.3.2",
                detail: "authorization requests are pushed (PAR, RFC 9126), and the provider's metadata names no "
                    + "pushed_authorization_request_endpoint")
        }
        if endpoints.issuer == nil {
            throw OAuthError.profileRefused(
                section: "§5.3.3.2",
                detail:
                    "the authorization response's iss is checked against the issuer (RFC 9207), and none is configured: give \(CLIFlag.issuer)"
            )
        }
        if let methods = endpoints.codeChallengeMethods, !methods.isEmpty, !methods.contains("S256") {
            throw OAuthError.profileRefused(
                section: "§5.3.3.2",
                detail: "PKCE uses S256, and the provider lists only \(methods.joined(separator: ", ")) (code_challenge_methods_supported)")
        }
        if assertions, let listed = endpoints.assertionAlgorithms, !listed.isEmpty, allowed(listed).isEmpty {
            throw OAuthError.profileRefused(
                section: "§5.4.1",
                detail: "client assertions are signed \(algorithmList), and the provider accepts only \(listed.joined(separator: ", ")) "
                    + "(token_endpoint_auth_signing_alg_values_supported)")
        }
        if dpop, let listed = endpoints.dpopAlgorithms, !listed.isEmpty, allowed(listed).isEmpty {
            throw OAuthError.profileRefused(
                section: "§5.4.1",
                detail: "DPoP proofs are signed \(algorithmList), and the provider accepts only \(listed.joined(separator: ", ")) "
                    + "(dpop_signing_alg_values_supported)")
        }
    }

    /// The profile's algorithms among those a provider lists (an empty answer when it lists none of them).
    package static func allowed(_ listed: [String]) -> [String] { listed.filter(algorithmNames.contains) }

    /// What a client assertion or DPoP proof may be signed with at a provider listing `listed`: the profile's
    /// algorithms it lists, or all of the profile's when it lists none (it did not say).
    package static func restrict(_ listed: [String]?) -> [String] {
        guard let listed, !listed.isEmpty else { return algorithms.map(\.rawValue) }
        return allowed(listed)
    }
}
