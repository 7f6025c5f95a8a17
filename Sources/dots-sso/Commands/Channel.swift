import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import Foundation

/// `dots-sso channel`: write, show and list channel configurations.
struct ChannelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "channel",
        abstract: "Create, change, show and list channel configurations.",
        subcommands: [ChannelInit.self, ChannelSet.self, ChannelShow.self, ChannelList.self]
    )
}

/// `dots-sso channel init NAME`
struct ChannelInit: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a channel file from flags.",
        discussion: """
            The file goes to $XDG_CONFIG_HOME/dots-sso/channels/NAME.json (mode 0600). Every field has a flag; \
            the client secret is never stored, only the name of the environment variable that holds it \
            (--client-secret-env). A container's variants are tried in order: the first whose flag is on gives \
            the member its URL, the plain URL is the fallback.

            Examples:
              $ dots-sso channel init acme --issuer https://sso.acme.example --client-id dots-app \\
                  --profile-endpoint https://api.acme.example/me --scope "openid profile email"
              $ dots-sso channel init acme --issuer https://sso.acme.example --client-id dots-app \\
                  --flag canAccessApp="may use the app" --flag vip="VIP lounge" \\
                  --container lounge=https://acme.example/lounge --container-flag lounge=vip \\
                  --container-token lounge=header:Authorization --container-user-id lounge=query:uid \\
                  --container-variant lounge=beta=https://beta.acme.example/lounge \\
                  --profile-auth header:X-Acme-Token --profile-mapping passes='$.wallet.passes' \\
                  --privacy-policy https://acme.example/privacy.pdf --loading-animation loader.json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var file: ChannelFileOptions

    @Argument(help: "The channel name (letters, digits, '.', '_', '-') or a path ending in .json.")
    var name: String

    @Flag(name: .long, help: "Replace an existing channel file.")
    var force = false

    func run(_ ctx: CommandContext) async throws {
        try Console(ctx).emit(
            try ChannelInitUseCase(name: name, channel: file.settings, fields: file.fields, force: force).run(ctx), json: global.json)
    }
}

/// `dots-sso channel set NAME`
struct ChannelSet: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change fields of an existing channel file.",
        discussion: """
            Takes every flag `channel init` takes; fields not given keep their values, repeatable NAME=VALUE flags add or \
            replace entries. The file must exist (`channel init` creates it).

            Examples:
              $ dots-sso channel set acme --end-session-endpoint https://sso.acme.example/logout
              $ dots-sso channel set acme --flag vip="VIP lounge" --container-flag lounge=vip
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var file: ChannelFileOptions

    @Argument(help: "The channel name or a path ending in .json.")
    var name: String

    func run(_ ctx: CommandContext) async throws {
        try Console(ctx).emit(
            try ChannelInitUseCase(name: name, channel: file.settings, fields: file.fields, updating: true).run(ctx), json: global.json)
    }
}

/// Every field of a channel file as flags, for `channel init` and `channel set`.
struct ChannelFileOptions: ParsableArguments {
    @OptionGroup var channel: ChannelOptions

    // The text settings `ChannelOptions` does not take, each named after its `ChannelField`.
    @Option(help: .channelField("clientSecretEnv")) var clientSecretEnv: String?
    @Option(help: .channelField("clientKeyFile")) var clientKeyFile: String?
    @Option(help: .channelField("clientKeyId")) var clientKeyId: String?
    @Option(help: .channelField("clientAssertionAudience")) var clientAssertionAudience: String?
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
        if channel.channel != nil {
            throw ValidationError("--channel has no meaning here: the channel is the NAME argument")
        }
    }

    /// The settings given as flags (nil where not given).
    var settings: Channel {
        var settings = channel.overrides
        ChannelFieldOptions.apply(self, to: &settings)
        settings.flow = flow
        return settings
    }
}

/// `dots-sso channel show [NAME]`
struct ChannelShow: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the effective channel configuration (file plus flags).",
        discussion: """
            Examples:
              $ dots-sso channel show acme
              $ dots-sso channel show --channel acme --issuer https://staging.acme.example --json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var channel: ChannelOptions

    @Argument(help: "The channel name or path (default: --channel or DOTS_SSO_CHANNEL).")
    var name: String?

    func run(_ ctx: CommandContext) async throws {
        var selection = channel.selection
        if let name { selection.name = name }
        let settings = try ChannelShowUseCase(selection: selection).run(ctx)
        try Console(ctx).emit(settings, json: global.json)
    }
}

/// `dots-sso channel list`
struct ChannelList: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the configured channels.",
        discussion: """
            Example:
              $ dots-sso channel list
            """
    )

    @OptionGroup var global: GlobalOptions

    func run(_ ctx: CommandContext) async throws {
        let result = ChannelListUseCase().run(ctx)
        try Console(ctx).emit(result, json: global.json)
    }
}
