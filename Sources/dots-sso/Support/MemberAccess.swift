import DotsSSOCore
import Foundation

/// Loads one member's profile for `profile`, `flags` and `containers`: from `--profile-file`, or from the
/// profile endpoint (channel, flag, or discovered userinfo) with the cached sign-in or `--access-token-file`.
struct MemberAccess {
    let console: Console
    let channel: Channel
    let http: CurlHTTPClient
    let bearer: BearerSource?

    init(_ member: MemberOptions, needsToken: Bool) throws {
        try self.init(global: member.global, channel: member.channel, network: member.network, cache: member.cacheOptions, client: member.client,
                      source: member.profile.source, needsToken: needsToken)
    }

    /// `--access-token-file` wins over the cached sign-in; with only `--profile-file` (and no need for a token) none is set up.
    init(global: GlobalOptions, channel options: ChannelOptions, network: NetworkOptions, cache: CacheOptions, client: ClientAuthOptions,
         source: MemberSourceOptions, needsToken: Bool) throws {
        console = Console()
        channel = try options.resolve(environment: console.environment)
        http = try network.makeClient(verbose: global.verbose, console: console)
        if let file = source.accessTokenFile {
            bearer = try BearerSource.fromFile(file)
        } else if needsToken || source.profileFile == nil {
            do {
                let context = try OAuthContext(global: global, channel: options, network: network, cache: cache, clientAuth: client.clientAuth, console: console)
                bearer = .session(context.session(), minValidity: source.tokenUse.minValidity)
            } catch ConfigError.missingSetting {
                throw ConfigError.noMemberSource
            }
        } else {
            bearer = nil
        }
    }

    /// The checked profile.
    func report(_ profile: ProfileOptions) async throws -> ProfileReport {
        let loader = try ProfileLoader(channel: channel, http: http)
        if let file = profile.source.profileFile {
            return try loader.load(file: file, expectedID: profile.expectId)
        }
        guard let bearer else { throw TokenCacheError.notSignedIn(channel: channel.name) }
        return try await loader.fetch(endpoint: try profileEndpoint(), bearer: bearer, expectedID: profile.expectId)
    }

    /// `profileEndpoint` from the channel or flag, else the provider's userinfo endpoint.
    func profileEndpoint() async throws -> URL {
        if let explicit = channel.profileEndpoint { return try URLPolicy.validate(explicit) }
        guard channel.issuer != nil else {
            throw ConfigError.missingSetting(name: "profile endpoint", flag: "--profile-endpoint (or --issuer to use userinfo)", key: "profileEndpoint")
        }
        let endpoints = try await ProviderEndpoints.resolve(channel: channel, http: http)
        return try endpoints.require(\.userinfo, "profile (userinfo)", flag: "--profile-endpoint")
    }
}
