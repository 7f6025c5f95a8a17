import ArgumentParser
import DotsSSOCore
import Foundation

/// `dots-sso channel`: write, show and list channel configurations.
struct ChannelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "channel",
        abstract: "Create, show and list channel configurations.",
        subcommands: [ChannelInit.self, ChannelShow.self, ChannelList.self]
    )
}

/// `dots-sso channel init NAME`
struct ChannelInit: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a channel file from flags.",
        discussion: """
        The file goes to $XDG_CONFIG_HOME/dots-sso/channels/NAME.json (mode 0600). Edit it to add flags, \
        containers, legal documents and the magic-link server; the client secret is never stored, only the \
        name of the environment variable that holds it (--client-secret-env).

        Example:
          $ dots-sso channel init acme --issuer https://sso.acme.example --client-id dots-app \\
              --profile-endpoint https://api.acme.example/me --scope "openid profile email"
        """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var channel: ChannelOptions

    @Argument(help: "The channel name (letters, digits, '.', '_', '-') or a path ending in .json.")
    var name: String

    @Option(name: .long, help: ArgumentHelp("Name of the environment variable holding the client secret.", valueName: "variable"))
    var clientSecretEnv: String?

    @Flag(name: .long, help: "Replace an existing channel file.")
    var force = false

    func run(_ ctx: CommandContext) async throws {
        var settings = channel.overrides
        settings.clientSecretEnv = clientSecretEnv
        let result = try ChannelInitUseCase(name: name, channel: settings, force: force).run(ctx)
        let console = Console(ctx)
        if global.json {
            try console.json(result)
        } else {
            console.err("wrote \(result.path)")
        }
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
        let console = Console(ctx)
        if global.json {
            try console.json(settings)
            return
        }
        var rows: [[String]] = []
        func add(_ label: String, _ value: String?) { if let value { rows.append([label, value]) } }
        add("name", settings.name)
        add("issuer", settings.issuer)
        add("authorization", settings.authorizationEndpoint)
        add("token", settings.tokenEndpoint)
        add("profile", settings.profileEndpoint)
        add("passes", settings.passesEndpoint)
        add("revocation", settings.revocationEndpoint)
        add("end session", settings.endSessionEndpoint)
        add("client id", settings.clientId)
        add("client secret", settings.clientSecretEnv.map { "from $\($0)" })
        add("scopes", settings.scopes?.joined(separator: " "))
        add("redirect uri", settings.redirectUri)
        for (flag, purpose) in (settings.flags ?? [:]).sorted(by: { $0.key < $1.key }) { add("flag \(flag)", purpose) }
        for container in settings.containers ?? [] {
            add("container \(container.name)", container.url + (container.flag.map { " (needs \($0))" } ?? ""))
        }
        add("loading animation", settings.loadingAnimation)
        add("privacy policy", settings.legal?.privacyPolicy)
        add("terms", settings.legal?.termsAndConditions)
        add("joint controller", settings.legal?.jointControllerStatement)
        add("magic link", settings.magicLink?.baseUrl)
        console.out(Table.render(rows))
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
        let console = Console(ctx)
        if global.json {
            try console.json(result)
        } else if result.channels.isEmpty {
            console.err("no channels in \(result.directory); create one with `dots-sso channel init NAME …`")
        } else {
            console.out(result.channels.map(TerminalText.safe).joined(separator: "\n"))
        }
    }
}
