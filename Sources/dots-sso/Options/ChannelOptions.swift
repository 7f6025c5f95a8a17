import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// Selects a channel (`--channel NAME|PATH`, env `DOTS_SSO_CHANNEL`) and overrides any of its fields with flags.
struct ChannelOptions: ParsableArguments {
    @Option(
        name: .customLong("channel"),
        help: ArgumentHelp(
            "Channel name (from $XDG_CONFIG_HOME/dots-sso/channels) or path to a channel JSON file (env DOTS_SSO_CHANNEL); check takes it repeated.",
            valueName: "name|path"), completion: ChannelCompletion.kind)
    var selectors: [String] = []

    /// The one channel named (every command but `check` takes one): given twice, a usage error rather than the last
    /// silently winning.
    var channel: String? {
        get throws {
            guard selectors.count <= 1 else {
                throw UsageError.invalid(
                    "\(CLIFlag.channel) was given \(selectors.count) times; only `dots-sso check` takes several channels (give this command one)"
                )
            }
            return selectors.first
        }
    }

    // The channel's settings, each named after its `ChannelField` (which gives its help, file key and checks).
    @Option(help: .channelField("issuer")) var issuer: String?
    @Option(help: .channelField("authorizationEndpoint")) var authorizationEndpoint: String?
    @Option(help: .channelField("tokenEndpoint")) var tokenEndpoint: String?
    @Option(help: .channelField("deviceAuthorizationEndpoint")) var deviceAuthorizationEndpoint: String?
    @Option(help: .channelField("profileEndpoint")) var profileEndpoint: String?
    @Option(help: .channelField("passesEndpoint")) var passesEndpoint: String?
    @Option(help: .channelField("revocationEndpoint")) var revocationEndpoint: String?
    @Option(help: .channelField("clientId")) var clientId: String?
    @Option(help: .channelField("redirectUri")) var redirectUri: String?

    @Option(
        name: .long,
        help: ArgumentHelp("A file holding the client secret ('-' reads stdin); never pass a secret as a flag value.", valueName: "file"))
    var clientSecretFile: String?

    @Option(name: .long, help: ArgumentHelp("Scopes to request, space-separated or repeated.", valueName: "scope"))
    var scope: [String] = []

    /// Each channel field option above with its value, by field name: read as a plain list (no reflection at run
    /// time); `ChannelFieldTests` holds it to the declared options.
    var fieldValues: [(field: String, value: String?)] {
        [
            ("issuer", issuer),
            ("authorizationEndpoint", authorizationEndpoint),
            ("tokenEndpoint", tokenEndpoint),
            ("deviceAuthorizationEndpoint", deviceAuthorizationEndpoint),
            ("profileEndpoint", profileEndpoint),
            ("passesEndpoint", passesEndpoint),
            ("revocationEndpoint", revocationEndpoint),
            ("clientId", clientId),
            ("redirectUri", redirectUri),
        ]
    }

    /// The fields given as flags, as a channel to merge over the stored one.
    var overrides: Channel {
        var channel = Channel()
        ChannelFieldOptions.apply(fieldValues, to: &channel)
        let scopes = scope.flatMap { $0.split(separator: " ").map(String.init) }
        channel.scopes = scopes.isEmpty ? nil : scopes
        return channel
    }

    var selection: ChannelSelection {
        get throws { ChannelSelection(name: try channel, overrides: overrides) }
    }

    /// The channel named by `--channel` or `DOTS_SSO_CHANNEL` (if any) with the flags applied.
    func resolve(_ ctx: CommandContext) throws -> Channel {
        try selection.resolve(environment: ctx.environment)
    }
}
