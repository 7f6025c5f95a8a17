import DotsSSOBasics
import Foundation

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

    /// Whether a new sign-in binds its tokens with DPoP: the flag, else the channel.
    package var usesDPoP: Bool { dpop ?? channel.dpop ?? false }

    /// The flag's audience, else the channel's (refused when it is neither choice), else the receiving endpoint.
    package func assertionAudienceChoice() throws -> ClientAssertion.Audience {
        if let assertionAudience { return assertionAudience }
        guard let text = channel.clientAssertionAudience else { return .endpoint }
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
        case .clientSecretBasic?, .clientSecretPost?, .privateKeyJWT?: return false
        case nil: return fromChannel && clientKeyFile == nil
        }
    }

    package init(
        channel: Channel, http: HTTPSettings = HTTPSettings(), cacheDirectory: String? = nil, account: String = CacheKey.defaultAccount,
        tokenStore: TokenStore? = nil, clientSecretFile: String? = nil, clientAuth: ClientAuthMethod? = nil, clientKeyFile: String? = nil,
        clientKeyID: String? = nil, assertionAudience: ClientAssertion.Audience? = nil,
        dpop: Bool? = nil
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
        switch settings.clientAuth {
        case .privateKeyJWT? where assertion == nil:
            throw ConfigError.missingSetting(name: "client key", flag: "\(CLIFlag.clientKeyFile)", key: "clientKeyFile")
        case .clientSecretBasic?, .clientSecretPost?:
            if secret == nil {
                throw ConfigError.missingSetting(name: "client secret", flag: "\(CLIFlag.clientSecretFile)", key: "clientSecretEnv")
            }
        default:
            break
        }
        return ClientCredentials(clientID: clientID, secret: secret, assertion: assertion, method: settings.clientAuth)
    }

    package var channelName: String? { channel.name }

    /// The provider's endpoints (flags first, then discovery); `supplementing` as `ProviderEndpoints.resolve` takes it.
    package func endpoints(supplementing: [String] = []) async throws -> ProviderEndpoints {
        let endpoints = try await ProviderEndpoints.resolve(channel: channel, http: http, supplementing: supplementing)
        credentials.assertion?.accept(endpoints.assertionAlgorithms)
        return endpoints
    }

    /// The key this sign-in proves (RFC 9449), made on first use with an algorithm the provider lists; nil without DPoP.
    package func dpopKey(for endpoints: ProviderEndpoints) throws -> DPoPKey? {
        if let key = dpop.value { return key }
        guard usesDPoP else { return nil }
        dpop.set(try DPoPKey.generate(accepting: endpoints.dpopAlgorithms, clock: context.clock))
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
