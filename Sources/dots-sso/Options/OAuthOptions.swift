import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

extension ClientAuthMethod: ExpressibleByArgument {}
extension ClientAssertion.Audience: ExpressibleByArgument {}

/// How the client authenticates at the token and revocation endpoints.
struct ClientAuthOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Client authentication: client_secret_basic (default with a secret), client_secret_post, private_key_jwt (default with a key), tls_client_auth (default with only a certificate), self_signed_tls_client_auth, or none.",
            valueName: "method"))
    var clientAuth: ClientAuthMethod?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The client's private key (PEM, RSA or P-256) for private_key_jwt; 'dots-sso keys generate' makes one.", valueName: "file"))
    var clientKeyFile: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The key id the provider registered the client key under (default: the key's RFC 7638 thumbprint).", valueName: "kid"))
    var clientKeyId: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The one audience of private_key_jwt assertions: endpoint (the URL receiving it, the token endpoint for token requests: OIDC Core §9) or issuer (RFC 7523bis, FAPI 2.0); default: the channel's clientAssertionAudience, else issuer under --security-profile fapi2, else endpoint.",
            valueName: "endpoint|issuer"))
    var clientAssertionAudience: ClientAssertion.Audience?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The client's TLS certificate (PEM) for the provider's mTLS endpoints (RFC 8705): tls_client_auth, certificate-bound tokens, mtls_endpoint_aliases.",
            valueName: "file"))
    var clientCertFile: String?

    @Option(name: .long, help: ArgumentHelp("The client certificate's private key (PEM).", valueName: "file"))
    var clientCertKeyFile: String?

    @Flag(
        name: .long, inversion: .prefixedNo,
        help:
            "Bind the member's tokens to a key made for this sign-in (DPoP, RFC 9449); default: as the channel's dpop says, else on under --security-profile fapi2 without a client certificate, else off."
    )
    var dpop: Bool?

    @OptionGroup var profile: SecurityProfileOption
}

/// Flags of every command that uses the cached access token.
struct TokenUseOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Refresh first when the access token has less than this many seconds left (half the token's lifetime when it lives less, with a warning).",
            valueName: "seconds"))
    var minValidity: Double = 60

    func validate() throws {
        guard minValidity >= 0 && minValidity <= 31_536_000 else {
            throw ValidationError("--min-validity must be a number of seconds between 0 and 31536000")
        }
    }
}

/// Every flag of the commands that use or change a cached sign-in.
struct SignInOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var channel: ChannelOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var cacheOptions: CacheOptions
    @OptionGroup var client: ClientAuthOptions

    /// What this run selected, resolved against the context's environment (channel files, `DOTS_SSO_CHANNEL`).
    func settings(_ ctx: CommandContext) throws -> SignInSettings {
        try Self.settings(global: global, channel: channel, network: network, cacheOptions: cacheOptions, client: client, ctx)
    }

    /// The same from the option groups of a command that declares them one by one.
    static func settings(
        global: GlobalOptions, channel: ChannelOptions, network: NetworkOptions, cacheOptions: CacheOptions,
        client: ClientAuthOptions, _ ctx: CommandContext
    ) throws -> SignInSettings {
        settings(
            resolved: try channel.resolve(ctx), http: network.settings(verbose: global.verbose),
            clientSecretFile: channel.clientSecretFile, cacheOptions: cacheOptions, client: client)
    }

    /// The same for a channel already resolved and HTTP settings of the command's own (`check`): the one place the
    /// cache and client flags become settings.
    static func settings(
        resolved: Channel, http: HTTPSettings, clientSecretFile: String?, cacheOptions: CacheOptions, client: ClientAuthOptions
    ) -> SignInSettings {
        SignInSettings(
            channel: resolved, http: http, cacheDirectory: cacheOptions.cacheDir, account: cacheOptions.account,
            tokenStore: cacheOptions.tokenStore, clientSecretFile: clientSecretFile, clientAuth: client.clientAuth,
            clientKeyFile: client.clientKeyFile, clientKeyID: client.clientKeyId, assertionAudience: client.clientAssertionAudience,
            dpop: client.dpop, securityProfile: client.profile.securityProfile, clientCertFile: client.clientCertFile,
            clientCertKeyFile: client.clientCertKeyFile)
    }
}
