import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

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
        var selection = try channel.selection
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
