import DotsSSOCore
import Foundation

/// Everything a sign-in command needs, resolved once from the flags: channel, HTTP client, cache entry key, client.
struct OAuthContext {
    let console: Console
    let channel: Channel
    let http: CurlHTTPClient
    let cache: TokenCache
    let key: CacheKey
    let credentials: ClientCredentials

    init(global: GlobalOptions, channel options: ChannelOptions, network: NetworkOptions, cache cacheOptions: CacheOptions,
         clientAuth: ClientAuthMethod? = nil, console: Console = Console()) throws {
        self.console = console
        channel = try options.resolve(environment: console.environment)
        http = try network.makeClient(verbose: global.verbose, console: console)
        cache = cacheOptions.cache(environment: console.environment)
        key = try CacheKey(channel: channel, account: cacheOptions.account)
        let secret = try ClientSecret.load(file: options.clientSecretFile, channel: channel, environment: console.environment)
        if clientAuth != nil && clientAuth != ClientAuthMethod.none && secret == nil {
            throw ConfigError.missingSetting(name: "client secret", flag: "--client-secret-file", key: "clientSecretEnv")
        }
        credentials = ClientCredentials(clientID: key.clientId, secret: secret, method: clientAuth)
    }

    var channelName: String? { channel.name }

    /// The provider's endpoints (flags first, then discovery).
    func endpoints() async throws -> ProviderEndpoints {
        try await ProviderEndpoints.resolve(channel: channel, http: http)
    }

    /// The cached sign-in, refreshing through the token endpoint the entry remembers (or flags/discovery).
    func session() -> TokenSession {
        let channel = self.channel
        let http = self.http
        let console = self.console
        return TokenSession(
            cache: cache, key: key, channelName: channelName,
            tokenClient: TokenEndpointClient(http: http, credentials: credentials),
            tokenEndpoint: { try await ProviderEndpoints.resolve(channel: channel, http: http).require(\.token, "token", flag: "--token-endpoint") },
            warn: { console.warn($0) }
        )
    }
}
