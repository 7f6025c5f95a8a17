import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// Every field of a channel file as flags, for `channel init` and `channel set`.
struct ChannelFileOptions: ParsableArguments {
    @OptionGroup var channel: ChannelOptions

    // The text settings `ChannelOptions` does not take, each named after its `ChannelField`.
    @Option(help: .channelField("clientSecretEnv")) var clientSecretEnv: String?
    @Option(help: .channelField("clientKeyFile")) var clientKeyFile: String?
    @Option(help: .channelField("clientKeyId")) var clientKeyId: String?
    @Option(help: .channelField("clientAssertionAudience")) var clientAssertionAudience: String?
    @Option(help: .channelField("clientCertFile")) var clientCertFile: String?
    @Option(help: .channelField("clientCertKeyFile")) var clientCertKeyFile: String?
    @Option(help: .channelField("endSessionEndpoint")) var endSessionEndpoint: String?
    @Option(help: .channelField("postLogoutRedirectUri")) var postLogoutRedirectUri: String?
    @Option(help: .channelField("loadingAnimation")) var loadingAnimation: String?
    @Option(help: .channelField("privacyPolicy")) var privacyPolicy: String?
    @Option(help: .channelField("termsAndConditions")) var termsAndConditions: String?
    @Option(help: .channelField("jointControllerStatement")) var jointControllerStatement: String?
    @Option(help: .channelField("magicLinkBaseUrl")) var magicLinkBaseUrl: String?
    @Option(help: .channelField("magicLinkStudy")) var magicLinkStudy: String?
    @Option(help: .channelField("channelsApiBaseUrl")) var channelsApiBaseUrl: String?
    @Option(help: .channelField("channelsApiChannelId")) var channelsApiChannelId: String?
    @Option(help: .channelField("channelsApiKeyEnv")) var channelsApiKeyEnv: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How `authorize` signs in by default: loopback, device or paste (default: chosen by where it runs).", valueName: "flow"))
    var flow: SignInFlow?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The security profile every sign-in to this partner is held to: fapi2 (FAPI 2.0 Security Profile).", valueName: "fapi2"))
    var securityProfile: SecurityProfile?

    // The structured settings, parsed by ArgumentParser from their NAME=VALUE syntax.
    @Option(
        help: ArgumentHelp("A feature flag and what it controls (repeatable).", valueName: "name=purpose"),
        transform: ArgumentSyntax.parse { try NamedValue(parsing: $0, form: "NAME=PURPOSE") })
    var flag: [NamedValue] = []

    @Option(
        help: ArgumentHelp("A container and its URL (repeatable).", valueName: "name=url"),
        transform: ArgumentSyntax.parse { try NamedValue(parsing: $0, form: "NAME=URL") })
    var container: [NamedValue] = []

    @Option(
        help: ArgumentHelp("The flag a container needs (repeatable).", valueName: "name=flag"),
        transform: ArgumentSyntax.parse { try NamedValue(parsing: $0, form: "NAME=FLAG") })
    var containerFlag: [NamedValue] = []

    @Option(
        help: ArgumentHelp("How the partner token travels to a container (repeatable).", valueName: "name=header:H|query:Q"),
        transform: ArgumentSyntax.parse(NamedPlacement.init(parsing:)))
    var containerToken: [NamedPlacement] = []

    @Option(
        help: ArgumentHelp("How the user id travels to a container (repeatable).", valueName: "name=header:H|query:Q"),
        transform: ArgumentSyntax.parse(NamedPlacement.init(parsing:)))
    var containerUserId: [NamedPlacement] = []

    @Option(
        help: ArgumentHelp("Another URL for a container when a flag is on (repeatable, tried in order).", valueName: "name=flag=url"),
        transform: ArgumentSyntax.parse(ContainerVariant.init(parsing:)))
    var containerVariant: [ContainerVariant] = []

    @Option(
        help: ArgumentHelp("How the profile endpoint takes the token (default bearer).", valueName: "bearer|header:H|query:Q"),
        transform: ArgumentSyntax.parse(ProfileAuth.init(parsing:)))
    var profileAuth: ProfileAuth?

    @Option(
        help: ArgumentHelp(
            "Where a field lives in the profile JSON (id, email, firstName, lastName, biography, features, passes; repeatable).",
            valueName: "field=path"),
        transform: ArgumentSyntax.parse { try NamedValue(parsing: $0, form: "FIELD=PATH") })
    var profileMapping: [NamedValue] = []

    var fields: ChannelFields {
        var fields = ChannelFields()
        fields.flags = flag
        fields.containers = container
        fields.containerFlags = containerFlag
        fields.containerTokens = containerToken
        fields.containerUserIDs = containerUserId
        fields.containerVariants = containerVariant
        fields.profileAuth = profileAuth
        fields.profileMapping = profileMapping
        return fields
    }

    func validate() throws {
        // A flag that does nothing is an error, never silence: a channel file never holds a secret.
        if channel.clientSecretFile != nil {
            throw ValidationError(
                "--client-secret-file is not stored in a channel (secrets never are): name the variable that holds it with --client-secret-env VAR"
            )
        }
        if !channel.selectors.isEmpty {
            throw ValidationError("--channel has no meaning here: the channel is the NAME argument")
        }
    }

    /// The field options this group adds to `ChannelOptions`', with their values, by field name.
    var fieldValues: [(field: String, value: String?)] {
        [
            ("clientSecretEnv", clientSecretEnv),
            ("clientKeyFile", clientKeyFile),
            ("clientKeyId", clientKeyId),
            ("clientAssertionAudience", clientAssertionAudience),
            ("clientCertFile", clientCertFile),
            ("clientCertKeyFile", clientCertKeyFile),
            ("endSessionEndpoint", endSessionEndpoint),
            ("postLogoutRedirectUri", postLogoutRedirectUri),
            ("loadingAnimation", loadingAnimation),
            ("privacyPolicy", privacyPolicy),
            ("termsAndConditions", termsAndConditions),
            ("jointControllerStatement", jointControllerStatement),
            ("magicLinkBaseUrl", magicLinkBaseUrl),
            ("magicLinkStudy", magicLinkStudy),
            ("channelsApiBaseUrl", channelsApiBaseUrl),
            ("channelsApiChannelId", channelsApiChannelId),
            ("channelsApiKeyEnv", channelsApiKeyEnv),
        ]
    }

    /// The settings given as flags (nil where not given).
    var settings: Channel {
        var settings = channel.overrides
        ChannelFieldOptions.apply(fieldValues, to: &settings)
        settings.flow = flow
        settings.securityProfile = securityProfile
        return settings
    }
}
