import DotsSSOBasics
import FoundationEssentials

/// What the user selected for a command that uses or changes a cached OAuth sign-in.
package struct SignInSettings: Sendable {
    package var channel: Channel
    package var http: HTTPSettings
    /// `--cache-dir`, else the context's cache directory.
    package var cacheDirectory: String?
    package var account: String
    /// `--token-store`: where the sign-in's tokens live; nil: the channel's `tokenStore`, else where they already are.
    package var tokenStore: TokenStore?
    package var clientSecretFile: String?
    package var clientAuth: ClientAuthMethod?
    /// `--client-key-file`: the PEM private key for `private_key_jwt`.
    package var clientKeyFile: String?
    /// `--client-key-id`: the `kid` the provider registered the key under.
    package var clientKeyID: String?
    /// `--client-assertion-audience`; nil: the channel's `clientAssertionAudience`, else the receiving endpoint.
    package var assertionAudience: ClientAssertion.Audience?
    /// `--dpop`/`--no-dpop`: bind the sign-in's tokens to a key (RFC 9449); nil: as the channel says (`dpop`), else not.
    package var dpop: Bool?
    /// `--security-profile`: the profile the sign-in is held to; nil: the channel's `securityProfile`.
    package var securityProfile: SecurityProfile?
    /// `--client-cert-file`/`--client-cert-key-file`: the client's TLS certificate and key (RFC 8705); nil: the channel's.
    package var clientCertFile: String?
    package var clientCertKeyFile: String?

    /// The certificate file this sign-in presents: the flag, else the channel's.
    package var certificateFile: String? { clientCertFile ?? channel.clientCertFile }

    /// The profile this sign-in is held to: the flag, else the channel's.
    package var profile: SecurityProfile? { securityProfile ?? channel.securityProfile }

    /// Whether a new sign-in binds its tokens with DPoP: the flag, else the channel, else as its profile requires.
    package var usesDPoP: Bool { dpop ?? channel.dpop ?? (profile == .fapi2 && certificateFile == nil) }

    /// The flag's audience, else the channel's (refused when it is neither choice), else the issuer under FAPI 2.0
    /// (§5.3.3.1), else the receiving endpoint.
    package func assertionAudienceChoice() throws -> ClientAssertion.Audience {
        if let assertionAudience { return assertionAudience }
        guard let text = channel.clientAssertionAudience else { return profile == .fapi2 ? .issuer : .endpoint }
        guard let choice = ClientAssertion.Audience(rawValue: text) else {
            throw ConfigError.unreadableChannel(
                path: channel.sourceFile ?? "the channel",
                reason: "clientAssertionAudience is \"\(TerminalText.oneLine(text, limit: 40))\"; it is endpoint or issuer")
        }
        return choice
    }

    /// Whether the client is public (no secret, no key), counting what the flags give as well as the channel: a key or
    /// a secret given only as a flag makes it confidential, and `--client-auth` decides when it is given. Nil when no
    /// client id is configured.
    package var isPublicClient: Bool? {
        guard let fromChannel = channel.isPublicClient(secretFile: clientSecretFile) else { return nil }
        switch clientAuth {
        case .none?: return true
        case .clientSecretBasic?, .clientSecretPost?, .privateKeyJWT?, .tlsClientAuth?, .selfSignedTLSClientAuth?: return false
        case nil: return fromChannel && clientKeyFile == nil && certificateFile == nil
        }
    }

    package init(
        channel: Channel, http: HTTPSettings = HTTPSettings(), cacheDirectory: String? = nil, account: String = CacheKey.defaultAccount,
        tokenStore: TokenStore? = nil, clientSecretFile: String? = nil, clientAuth: ClientAuthMethod? = nil, clientKeyFile: String? = nil,
        clientKeyID: String? = nil, assertionAudience: ClientAssertion.Audience? = nil,
        dpop: Bool? = nil, securityProfile: SecurityProfile? = nil, clientCertFile: String? = nil, clientCertKeyFile: String? = nil
    ) {
        self.channel = channel
        self.http = http
        self.cacheDirectory = cacheDirectory
        self.account = account
        self.tokenStore = tokenStore
        self.clientSecretFile = clientSecretFile
        self.clientAuth = clientAuth
        self.clientKeyFile = clientKeyFile
        self.clientKeyID = clientKeyID
        self.assertionAudience = assertionAudience
        self.dpop = dpop
        self.securityProfile = securityProfile
        self.clientCertFile = clientCertFile
        self.clientCertKeyFile = clientCertKeyFile
    }
}

/// One channel's OAuth client as every sign-in use case needs it, resolved once: the channel, the HTTP client,
/// the cache and the entry's key, the client credentials, and the command context (clock, warnings, browser).
package struct SignInContext: Sendable {
    package let channel: Channel
    package let http: any HTTPClient
    package let cache: TokenCache
    package let key: CacheKey
    package let credentials: ClientCredentials
    package let context: CommandContext
    /// Whether this sign-in binds its tokens with DPoP.
    package let usesDPoP: Bool
    /// The settings the sign-in was made from, for its profile's checks.
    private let settings: SignInSettings
    /// The security profile the sign-in is held to.
    package var securityProfile: SecurityProfile? { settings.profile }
    /// The sign-in's DPoP key, made once the provider's algorithms are known (or taken from a pending authorization).
    private let dpop = OnceBox<DPoPKey>()

    /// `http` is the run's client when the command has one already (one connection pool and one trace a run);
    /// else one is made from `settings.http`.
    package init(_ settings: SignInSettings, http: (any HTTPClient)? = nil, in context: CommandContext) throws {
        channel = settings.channel
        key = try CacheKey(channel: channel, account: settings.account)
        self.http = try http ?? settings.http.client(in: context)
        var cache = context.tokenCache(directory: settings.cacheDirectory)
        // `--timeout` bounds the wait for another process's lock as it bounds each request.
        if let timeout = settings.http.timeout {
            cache.lockTimeout = timeout
            cache.keyringTimeout = timeout
        }
        cache.store = settings.tokenStore ?? channel.tokenStore
        self.cache = cache
        credentials = try Self.credentials(settings, clientID: key.client, in: context)
        self.context = context
        usesDPoP = settings.usesDPoP
        self.settings = settings
    }

    /// Holds a sign-in to its security profile before anything of it is sent: the client's credentials and choices,
    /// and the provider's metadata (`endpoints`) as the flow needs it. `par` is `--par`/`--no-par`. Nothing without one.
    package func holdToProfile(_ endpoints: ProviderEndpoints, par: Bool?) throws {
        guard securityProfile == .fapi2 else { return }
        try FAPI2Profile.checkClient(settings, credentials: credentials)
        try FAPI2Profile.checkProvider(
            endpoints, par: par, assertions: credentials.method == .privateKeyJWT, dpop: usesDPoP)
    }

    /// Holds a refresh to its profile: the client's credentials and choices as at sign-in (a refresh is a token
    /// request like any other, FAPI 2.0 §5.3.3.1).
    package func holdRefreshToProfile() throws {
        guard securityProfile == .fapi2 else { return }
        try FAPI2Profile.checkClient(settings, credentials: credentials)
    }

    /// Refuses `grant` (`password`, `device`) when the profile allows only the authorization code flow.
    package func holdToProfile(grant: String) throws {
        guard securityProfile == .fapi2 else { return }
        try FAPI2Profile.checkGrant(grant)
    }

    /// The client's credentials as `settings` name them: the secret (file or the channel's variable) or the
    /// private_key_jwt key (the flags winning over the channel's), checked against `--client-auth`. `check` pushes
    /// its probe request with these too.
    package static func credentials(_ settings: SignInSettings, clientID: String, in context: CommandContext) throws -> ClientCredentials {
        let secret = try ClientSecret.load(file: settings.clientSecretFile, channel: settings.channel, environment: context.environment)
        if let file = settings.clientSecretFile, let warning = SecretInput.exposureWarning(file, what: "the client secret") {
            context.warn(warning)
        }
        var assertion: ClientAssertion?
        // The flags win over the channel's clientKeyFile/clientKeyId; a kid from the channel belongs to its key only.
        if let file = settings.clientKeyFile ?? settings.channel.clientKeyFile {
            let keyID = settings.clientKeyID ?? (settings.clientKeyFile == nil ? settings.channel.clientKeyId : nil)
            assertion = try ClientAssertion.load(
                file: file, keyID: keyID, issuer: settings.channel.issuer, audience: try settings.assertionAudienceChoice(),
                clock: context.clock)
            // Said of a key that is used: a file refused as no key at all gets its one error line alone.
            if let warning = SecretInput.exposureWarning(file, what: "the client's private key") { context.warn(warning) }
        }
        // The flags win over the channel's pair; a key file from the channel belongs to its certificate only.
        var certificate: ClientCertificate?
        if let file = settings.certificateFile {
            let keyFile = settings.clientCertKeyFile ?? (settings.clientCertFile == nil ? settings.channel.clientCertKeyFile : nil)
            certificate = try ClientCertificate.load(certificate: file, key: keyFile)
            if let keyFile, let warning = SecretInput.exposureWarning(keyFile, what: "the client certificate's private key") {
                context.warn(warning)
            }
        }
        switch settings.clientAuth {
        case .tlsClientAuth? where certificate == nil, .selfSignedTLSClientAuth? where certificate == nil:
            throw ConfigError.missingSetting(name: "client certificate", flag: "\(CLIFlag.clientCertFile)", key: "clientCertFile")
        case .privateKeyJWT? where assertion == nil:
            throw ConfigError.missingSetting(name: "client key", flag: "\(CLIFlag.clientKeyFile)", key: "clientKeyFile")
        case .clientSecretBasic?, .clientSecretPost?:
            if secret == nil {
                throw ConfigError.missingSetting(name: "client secret", flag: "\(CLIFlag.clientSecretFile)", key: "clientSecretEnv")
            }
        default:
            break
        }
        return ClientCredentials(
            clientID: clientID, secret: secret, assertion: assertion, method: settings.clientAuth, certificate: certificate)
    }

    package var channelName: String? { channel.name }

    /// The provider's endpoints (flags first, then discovery); `supplementing` as `ProviderEndpoints.resolve` takes it.
    package func endpoints(supplementing: [String] = []) async throws -> ProviderEndpoints {
        var endpoints = try await ProviderEndpoints.resolve(
            channel: channel, http: http, supplementing: supplementing, mtls: credentials.certificate != nil)
        if securityProfile == .fapi2 {
            // §5.4.1: assertions are signed only as the profile allows, and the sign-in remembers so its refreshes do.
            endpoints.securityProfile = .fapi2
            // A provider listing none of the profile's keeps its list, for holdToProfile to refuse naming it.
            let allowed = FAPI2Profile.restrict(endpoints.assertionAlgorithms)
            if !allowed.isEmpty { endpoints.assertionAlgorithms = allowed }
        }
        credentials.assertion?.accept(endpoints.assertionAlgorithms)
        return endpoints
    }

    /// The key this sign-in proves (RFC 9449), made on first use with an algorithm the provider lists; nil without DPoP.
    package func dpopKey(for endpoints: ProviderEndpoints) throws -> DPoPKey? {
        if let key = dpop.value { return key }
        guard usesDPoP else { return nil }
        // Under FAPI 2.0 (§5.4.1) proofs are signed ES256 or PS256, never RS256, whatever else the provider lists.
        let accepted = securityProfile == .fapi2 ? FAPI2Profile.restrict(endpoints.dpopAlgorithms) : endpoints.dpopAlgorithms
        dpop.set(try DPoPKey.generate(accepting: accepted, clock: context.clock))
        return dpop.value
    }

    /// Uses `key` (a pending authorization's, whose code is bound to it) instead of making one.
    package func adopt(_ key: DPoPKey) { dpop.set(key) }

    /// The token endpoint as this sign-in talks to it: its credentials, and its DPoP key when it binds tokens.
    package func tokenClient(for endpoints: ProviderEndpoints) throws -> TokenEndpointClient {
        TokenEndpointClient(http: http, credentials: credentials, dpop: try dpopKey(for: endpoints))
    }

    /// The scopes to ask for: the channel's, else `openid` when the provider does OIDC.
    package func scopes(for endpoints: ProviderEndpoints) -> [String] {
        channel.scopes ?? (endpoints.jwks != nil ? ["openid"] : [])
    }

    /// The cached sign-in, refreshing through the token endpoint the entry remembers (or flags/discovery).
    package func session() -> TokenSession {
        TokenSession(
            cache: cache, key: key, channelName: channel.hintSelector,
            tokenClient: TokenEndpointClient(http: http, credentials: credentials),
            // Through endpoints(), so the provider's assertion algorithms are taken as the sign-in takes them.
            tokenEndpoint: { [self] in try await endpoints().require(\.token, "token", flag: "\(CLIFlag.tokenEndpoint)") },
            warn: { [context] in context.warn($0) }
        )
    }

    /// Completes a sign-in with this client.
    func signIn(endpoints: ProviderEndpoints, scopes: [String]) throws -> SignIn {
        SignIn(
            tokenClient: try tokenClient(for: endpoints), endpoints: endpoints, cache: cache, key: key, channelName: channelName,
            scopes: scopes, warn: { [context] in context.warn($0) })
    }
}
