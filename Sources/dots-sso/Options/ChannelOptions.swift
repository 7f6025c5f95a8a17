import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import Foundation

/// Selects a channel (`--channel NAME|PATH`, env `DOTS_SSO_CHANNEL`) and overrides any of its fields with flags.
struct ChannelOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Channel name (from $XDG_CONFIG_HOME/dots-sso/channels) or path to a channel JSON file (env DOTS_SSO_CHANNEL).",
            valueName: "name|path"), completion: ChannelCompletion.kind)
    var channel: String?

    @Option(name: .long, help: ArgumentHelp("The provider's issuer URL (discovery starts here).", valueName: "url"))
    var issuer: String?

    @Option(name: .long, help: ArgumentHelp("The partner's authorization URL.", valueName: "url"))
    var authorizationEndpoint: String?

    @Option(name: .long, help: ArgumentHelp("The partner's token URL.", valueName: "url"))
    var tokenEndpoint: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The provider's RFC 8628 device authorization URL (when discovery does not name it).", valueName: "url"))
    var deviceAuthorizationEndpoint: String?

    @Option(name: .long, help: ArgumentHelp("The partner's profile (userinfo-like) URL.", valueName: "url"))
    var profileEndpoint: String?

    @Option(name: .long, help: ArgumentHelp("The partner's passes endpoint (returns a JSON array of .pkpass URLs).", valueName: "url"))
    var passesEndpoint: String?

    @Option(name: .long, help: ArgumentHelp("The provider's RFC 7009 revocation URL.", valueName: "url"))
    var revocationEndpoint: String?

    @Option(name: .long, help: ArgumentHelp("The OAuth client id.", valueName: "id"))
    var clientId: String?

    @Option(
        name: .long,
        help: ArgumentHelp("A file holding the client secret ('-' reads stdin); never pass a secret as a flag value.", valueName: "file"))
    var clientSecretFile: String?

    @Option(name: .long, help: ArgumentHelp("Scopes to request, space-separated or repeated.", valueName: "scope"))
    var scope: [String] = []

    @Option(name: .long, help: ArgumentHelp("The redirect URI registered with the partner.", valueName: "uri"))
    var redirectUri: String?

    /// The fields given as flags, as a channel to merge over the stored one.
    var overrides: Channel {
        var channel = Channel()
        channel.issuer = issuer
        channel.authorizationEndpoint = authorizationEndpoint
        channel.tokenEndpoint = tokenEndpoint
        channel.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        channel.profileEndpoint = profileEndpoint
        channel.passesEndpoint = passesEndpoint
        channel.revocationEndpoint = revocationEndpoint
        channel.clientId = clientId
        let scopes = scope.flatMap { $0.split(separator: " ").map(String.init) }
        channel.scopes = scopes.isEmpty ? nil : scopes
        channel.redirectUri = redirectUri
        return channel
    }

    var selection: ChannelSelection {
        ChannelSelection(name: channel, overrides: overrides)
    }

    /// The channel named by `--channel` or `DOTS_SSO_CHANNEL` (if any) with the flags applied.
    func resolve(_ ctx: CommandContext) throws -> Channel {
        try selection.resolve(environment: ctx.environment)
    }
}
