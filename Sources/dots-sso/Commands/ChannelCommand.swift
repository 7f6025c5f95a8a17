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

    @Option(name: .long, help: ArgumentHelp("Name of the environment variable holding the client secret.", valueName: "variable"))
    var clientSecretEnv: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The client's private key file for private_key_jwt (the path is stored, never the key).", valueName: "file"))
    var clientKeyFile: String?

    @Option(name: .long, help: ArgumentHelp("The kid the provider registered the client key under.", valueName: "kid"))
    var clientKeyId: String?

    @Option(name: .long, help: ArgumentHelp("The provider's end-session (logout) URL.", valueName: "url"))
    var endSessionEndpoint: String?

    @Option(name: .long, help: ArgumentHelp("Where the provider sends the person after logging out.", valueName: "uri"))
    var postLogoutRedirectUri: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How `authorize` signs in by default: loopback, device or paste (default: chosen by where it runs).", valueName: "flow"))
    var flow: SignInFlow?

    @Option(name: .long, help: ArgumentHelp("A feature flag and what it controls (repeatable).", valueName: "name=purpose"))
    var flag: [String] = []

    @Option(name: .long, help: ArgumentHelp("A container and its URL (repeatable).", valueName: "name=url"))
    var container: [String] = []

    @Option(name: .long, help: ArgumentHelp("The flag a container needs (repeatable).", valueName: "name=flag"))
    var containerFlag: [String] = []

    @Option(
        name: .long, help: ArgumentHelp("How the partner token travels to a container (repeatable).", valueName: "name=header:H|query:Q"))
    var containerToken: [String] = []

    @Option(name: .long, help: ArgumentHelp("How the user id travels to a container (repeatable).", valueName: "name=header:H|query:Q"))
    var containerUserId: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("Another URL for a container when a flag is on (repeatable, tried in order).", valueName: "name=flag=url"))
    var containerVariant: [String] = []

    @Option(
        name: .long, help: ArgumentHelp("How the profile endpoint takes the token (default bearer).", valueName: "bearer|header:H|query:Q"))
    var profileAuth: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where a field lives in the profile JSON (id, email, firstName, lastName, biography, features, passes; repeatable).",
            valueName: "field=path"))
    var profileMapping: [String] = []

    @Option(name: .long, help: ArgumentHelp("The bodymovin loading animation (path or URL).", valueName: "path|url"))
    var loadingAnimation: String?

    @Option(name: .long, help: ArgumentHelp("The Privacy Policy (https URL or PDF path).", valueName: "url|path"))
    var privacyPolicy: String?

    @Option(name: .long, help: ArgumentHelp("The Terms & Conditions (https URL or PDF path).", valueName: "url|path"))
    var termsAndConditions: String?

    @Option(name: .long, help: ArgumentHelp("The Joint Controller Statement (https URL or PDF path).", valueName: "url|path"))
    var jointControllerStatement: String?

    @Option(name: .long, help: ArgumentHelp("The magic-link sign-in server's base URL.", valueName: "url"))
    var magicLinkBaseUrl: String?

    @Option(name: .long, help: ArgumentHelp("The magic-link study id.", valueName: "study"))
    var magicLinkStudy: String?

    @Option(name: .long, help: ArgumentHelp("The Dots Channels API base URL (members log-out|remove).", valueName: "url"))
    var channelsApiBaseUrl: String?

    @Option(name: .long, help: ArgumentHelp("The channel id sent as X-Channel to the Channels API.", valueName: "id"))
    var channelsApiChannelId: String?

    @Option(name: .long, help: ArgumentHelp("The environment variable that holds the Channels API key.", valueName: "var"))
    var channelsApiKeyEnv: String?

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
        fields.loadingAnimation = loadingAnimation
        fields.privacyPolicy = privacyPolicy
        fields.termsAndConditions = termsAndConditions
        fields.jointControllerStatement = jointControllerStatement
        fields.magicLinkBaseURL = magicLinkBaseUrl
        fields.magicLinkStudy = magicLinkStudy
        fields.channelsAPIBaseURL = channelsApiBaseUrl
        fields.channelsAPIChannelID = channelsApiChannelId
        fields.channelsAPIKeyEnv = channelsApiKeyEnv
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

    /// What `init` and `set` show: the channel as written (`--json`), else the file's path on stderr.
    /// The plain fields given as flags (nil where not given).
    var settings: Channel {
        var settings = channel.overrides
        settings.clientSecretEnv = clientSecretEnv
        // Stored as an absolute path: the channel file lives elsewhere than where the user typed the flag.
        settings.clientKeyFile = clientKeyFile.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        settings.clientKeyId = clientKeyId
        settings.endSessionEndpoint = endSessionEndpoint
        settings.postLogoutRedirectUri = postLogoutRedirectUri
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
