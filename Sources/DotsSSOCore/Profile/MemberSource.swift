import DotsSSOBasics
import FoundationEssentials

/// What the user selected for a command that looks at one member (`profile`, `flags`, `containers`,
/// `passes fetch`): the channel and sign-in, and where the profile and token come from instead of the cache.
package struct MemberSettings: Sendable {
    package var signIn: SignInSettings
    /// `--profile-file`: a saved profile (`-` is stdin); works offline.
    package var profileFile: String?
    /// `--access-token-file`: a token from elsewhere (`-` is stdin) instead of the cached sign-in.
    package var accessTokenFile: String?
    /// `--access-token-env`: the name of an environment variable holding a token from elsewhere (CI and support tools
    /// hand secrets as variables); a refresh token stays file-only, as it must be written back.
    package var accessTokenVariable: String?
    package var minValidity: TimeInterval
    /// `--expect-id`: the id the member must have; default the id first seen for this sign-in.
    package var expectedID: String?
    /// `--refresh-token-file`: refresh from this file (a rotated token written back) instead of the cache.
    package var refreshTokenFile: String?
    /// `--grant password`: a test member's credentials instead of the cache.
    package var password: PasswordCredentials?

    package init(
        signIn: SignInSettings, profileFile: String? = nil, accessTokenFile: String? = nil, minValidity: TimeInterval = 60,
        expectedID: String? = nil
    ) {
        self.signIn = signIn
        self.profileFile = profileFile
        self.accessTokenFile = accessTokenFile
        self.minValidity = minValidity
        self.expectedID = expectedID
    }

    /// Whether a member token comes from somewhere other than the cache.
    package var hasUnattendedSource: Bool {
        accessTokenFile != nil || accessTokenVariable != nil || refreshTokenFile != nil || password != nil
    }
}

/// One member's profile and token, resolved from `MemberSettings`: `--access-token-file` wins over the cached
/// sign-in; with only `--profile-file` (and no need for a token) no sign-in is needed at all.
package struct MemberSource: Sendable {
    package let settings: MemberSettings
    package let channel: Channel
    package let http: any HTTPClient
    package let bearer: BearerSource?

    /// One HTTP client serves the member's token requests and profile requests alike: `http` when the run has one
    /// (`check`), else one made here — one connection pool, one `--verbose` trace.
    package init(_ settings: MemberSettings, needsToken: Bool, http: (any HTTPClient)? = nil, in ctx: CommandContext) throws {
        self.settings = settings
        channel = settings.signIn.channel
        let http = try http ?? settings.signIn.http.client(in: ctx)
        self.http = http
        if let file = settings.accessTokenFile {
            bearer = try BearerSource.fromFile(file)
        } else if let variable = settings.accessTokenVariable {
            bearer = try BearerSource.fromEnvironment(variable, ctx.environment)
        } else if let file = settings.refreshTokenFile {
            bearer = .unattended(.refreshing(RefreshTokenFile(path: file), client: try SignInContext(settings.signIn, http: http, in: ctx)))
        } else if let credentials = settings.password {
            bearer = .unattended(.password(credentials, client: try SignInContext(settings.signIn, http: http, in: ctx)))
        } else if needsToken || settings.profileFile == nil {
            do {
                bearer = .session(try SignInContext(settings.signIn, http: http, in: ctx).session(), minValidity: settings.minValidity)
            } catch ConfigError.missingSetting {
                throw ConfigError.noMemberSource
            }
        } else {
            bearer = nil
        }
    }

    /// The checked profile, from the file or the profile endpoint.
    package func report() async throws -> ProfileReport {
        let loader = try ProfileLoader(channel: channel, http: http)
        if let file = settings.profileFile {
            return try loader.load(file: file, expectedID: settings.expectedID)
        }
        return try await loader.fetch(endpoint: try profileEndpoint(), bearer: try requireBearer(), expectedID: settings.expectedID)
    }

    /// The bearer token source, or the error that says to sign in.
    package func requireBearer() throws -> BearerSource {
        guard let bearer else { throw TokenCacheError.notSignedIn(channel: channel.hintSelector) }
        return bearer
    }

    /// `profileEndpoint` from the channel or flag, else the provider's userinfo endpoint.
    package func profileEndpoint() async throws -> URL {
        if let explicit = channel.profileEndpoint { return try URLPolicy.validate(explicit) }
        guard channel.issuer != nil else {
            throw ConfigError.missingSetting(
                name: "profile endpoint", flag: "\(CLIFlag.profileEndpoint) (or \(CLIFlag.issuer) to use userinfo)", key: "profileEndpoint")
        }
        // A member whose client shows a certificate reads userinfo at its mTLS alias (RFC 8705 §5): a token bound to
        // the certificate is refused anywhere it is not shown.
        let endpoints = try await ProviderEndpoints.resolve(channel: channel, http: http, mtls: settings.signIn.certificateFile != nil)
        return try endpoints.require(\.userinfo, "profile (userinfo)", flag: "\(CLIFlag.profileEndpoint)")
    }
}
