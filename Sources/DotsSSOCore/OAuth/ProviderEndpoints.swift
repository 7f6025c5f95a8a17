import DotsSSOBasics
import FoundationEssentials

/// The endpoints one sign-in uses: explicit channel settings win, discovery fills the gaps.
package struct ProviderEndpoints: Sendable, Equatable {
    package var issuer: String?
    package var authorization: String?
    package var token: String?
    /// RFC 8628 §4: where a device sign-in starts.
    package var deviceAuthorization: String?
    package var userinfo: String?
    package var jwks: String?
    package var revocation: String?
    package var endSession: String?
    /// RFC 7662's introspection endpoint, from the metadata (`token introspect`, `status --check`).
    package var introspection: String?
    /// RFC 9207: the provider promises an `iss` parameter on every authorization response.
    package var issParameterSupported = false
    /// The metadata's `scopes_supported`, for saying which scopes a refused request could have asked for.
    package var scopesSupported: [String]?
    /// The metadata's `code_challenge_methods_supported` (RFC 8414), to send PKCE with a device sign-in only where listed.
    package var codeChallengeMethods: [String]?
    /// RFC 9126: where authorization requests are pushed before the browser is sent with only a `request_uri`.
    package var pushedAuthorization: String?
    /// RFC 9126 §5: the provider refuses authorization requests that were not pushed.
    package var requiresPushedAuthorization = false
    /// RFC 8414 §2 `token_endpoint_auth_signing_alg_values_supported`: what a `private_key_jwt` assertion may be
    /// signed with.
    package var assertionAlgorithms: [String]?
    /// What the provider accepts DPoP proofs signed with (RFC 9449 §5.1); nil when it does not say it does DPoP.
    package var dpopAlgorithms: [String]?
    /// Whether the RFC 8414 document was read (or tried) to fill gaps in the OpenID configuration.
    package var readOAuthMetadata = false
    /// The security profile the sign-in is held to, remembered so its refreshes judge id_tokens alike.
    package var securityProfile: SecurityProfile?

    package init() {}

    /// Resolves the channel's endpoints, running discovery when it has an issuer. `supplementing` names the endpoint
    /// fields the caller needs enough to read the RFC 8414 document for when the OpenID configuration lacks them:
    /// none for a sign-in, which makes only the requests its flow needs.
    /// `mtls`: the client presents a certificate, so the metadata's `mtls_endpoint_aliases` (RFC 8705 §5) replace the
    /// endpoints it names (those the channel sets itself stay).
    package static func resolve(channel: Channel, http: any HTTPClient, supplementing: [String] = [], mtls: Bool = false) async throws
        -> ProviderEndpoints
    {
        var endpoints = ProviderEndpoints()
        endpoints.issuer = channel.issuer
        endpoints.authorization = channel.authorizationEndpoint
        endpoints.token = channel.tokenEndpoint
        endpoints.deviceAuthorization = channel.deviceAuthorizationEndpoint
        endpoints.revocation = channel.revocationEndpoint
        endpoints.endSession = channel.endSessionEndpoint
        guard let issuer = channel.issuer else { return endpoints }
        let metadata = try await DiscoveryClient(http: http).fetch(issuer: issuer, supplementing: supplementing)
        // OpenID Discovery §4.3, RFC 8414 §3.3: a document naming another issuer must not be used (it may be an
        // attacker's, or another tenant's); its tokens would fail validation later anyway, less clearly.
        if let named = metadata.issuer, named != issuer {
            throw OAuthError.discoveryIssuerMismatch(requested: issuer, named: ServerWords.line(named), url: metadata.source)
        }
        let aliases = mtls ? metadata.mtlsAliases : [:]
        func discovered(_ key: String) -> String? { aliases[key] ?? metadata.document[key]?.stringValue }
        endpoints.authorization = endpoints.authorization ?? metadata.authorizationEndpoint
        endpoints.token = endpoints.token ?? discovered("token_endpoint")
        endpoints.deviceAuthorization = endpoints.deviceAuthorization ?? discovered("device_authorization_endpoint")
        endpoints.codeChallengeMethods = metadata.document["code_challenge_methods_supported"]?.stringArray
        endpoints.userinfo = discovered("userinfo_endpoint")
        endpoints.jwks = metadata.jwksURI
        endpoints.revocation = endpoints.revocation ?? discovered("revocation_endpoint")
        endpoints.endSession = endpoints.endSession ?? metadata.endSessionEndpoint
        endpoints.introspection = discovered("introspection_endpoint")
        endpoints.scopesSupported = metadata.document["scopes_supported"]?.stringArray
        endpoints.pushedAuthorization = discovered("pushed_authorization_request_endpoint")
        endpoints.requiresPushedAuthorization = metadata.requiresPushedAuthorization
        endpoints.assertionAlgorithms = metadata.assertionSigningAlgorithms
        endpoints.dpopAlgorithms = metadata.dpopSigningAlgorithms
        endpoints.readOAuthMetadata = metadata.consulted != nil
        if case .bool(true)? = metadata.document["authorization_response_iss_parameter_supported"] {
            endpoints.issParameterSupported = true
        }
        return endpoints
    }

    /// A required endpoint as a vetted URL, or a configuration error naming the flag.
    package func require(_ keyPath: KeyPath<ProviderEndpoints, String?>, _ name: String, flag: String) throws -> URL {
        guard let text = self[keyPath: keyPath] else {
            throw ConfigError.missingSetting(
                name: "\(name) endpoint", flag: "\(flag) (or \(CLIFlag.issuer) for discovery)", key: Self.channelKey(flag))
        }
        return try URLPolicy.validate(text)
    }

    private static func channelKey(_ flag: String) -> String {
        let words = flag.trimming(charactersIn: "-").split(separator: "-")
        return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
    }

    /// What a sign-in remembers so refresh and revocation need no discovery.
    package var stored: StoredEndpoints {
        StoredEndpoints(
            issuer: issuer, token: token, revocation: revocation, endSession: endSession, userinfo: userinfo, jwks: jwks,
            assertionAlgorithms: assertionAlgorithms, readOAuthMetadata: readOAuthMetadata ? true : nil,
            securityProfile: securityProfile)
    }
}
