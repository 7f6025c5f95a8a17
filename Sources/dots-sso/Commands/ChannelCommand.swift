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
struct ChannelInit: AsyncParsableCommand {
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

    struct Output: Encodable {
        var path: String
        var channel: Channel
    }

    func run() async throws {
        let console = Console()
        var settings = channel.overrides
        settings.name = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
        settings.clientSecretEnv = clientSecretEnv
        for (label, value) in [("--issuer", settings.issuer), ("--authorization-endpoint", settings.authorizationEndpoint),
                               ("--token-endpoint", settings.tokenEndpoint), ("--profile-endpoint", settings.profileEndpoint),
                               ("--passes-endpoint", settings.passesEndpoint), ("--revocation-endpoint", settings.revocationEndpoint)] {
            if let value {
                do { _ = try URLPolicy.validate(value) } catch let error as HTTPError {
                    throw UsageError.invalid("\(label): \(error.message)")
                }
            }
        }
        let url = try ChannelStore(environment: console.environment).save(settings, as: name, force: force)
        if global.json {
            try console.json(Output(path: url.path, channel: settings))
        } else {
            console.err("wrote \(url.path)")
        }
    }
}

/// `dots-sso channel show [NAME]`
struct ChannelShow: AsyncParsableCommand {
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

    func run() async throws {
        let console = Console()
        var options = channel
        if let name { options.channel = name }
        guard options.channel != nil || console.environment["DOTS_SSO_CHANNEL"] != nil else {
            throw UsageError.invalid("name a channel: `dots-sso channel show NAME` (see `dots-sso channel list`)")
        }
        let settings = try options.resolve(environment: console.environment)
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
struct ChannelList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the configured channels.",
        discussion: """
        Example:
          $ dots-sso channel list
        """
    )

    @OptionGroup var global: GlobalOptions

    struct Output: Encodable {
        var directory: String
        var channels: [String]
    }

    func run() async throws {
        let console = Console()
        let store = ChannelStore(environment: console.environment)
        let names = store.names()
        if global.json {
            try console.json(Output(directory: store.directory.path, channels: names))
        } else if names.isEmpty {
            console.err("no channels in \(store.directory.path); create one with `dots-sso channel init NAME …`")
        } else {
            console.out(names.joined(separator: "\n"))
        }
    }
}
