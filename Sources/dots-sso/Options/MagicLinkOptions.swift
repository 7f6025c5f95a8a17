import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// Where the magic-link server lives (channel `magicLink.baseUrl` / `magicLink.study`, or these flags).
struct MagicLinkOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The sign-in server's base URL (channel magicLink.baseUrl).", valueName: "url"))
    var baseUrl: String?

    @Option(name: .long, help: ArgumentHelp("The study id (channel magicLink.study).", valueName: "study"))
    var study: String?

    func settings(_ channel: Channel) -> MagicLinkSettings {
        MagicLinkSettings(channel: channel, baseURL: baseUrl, study: study)
    }
}

/// `--email`: the participant a magic-link command acts for (`request`, `signup`, `signin`).
struct ParticipantOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The participant's e-mail address.", valueName: "address"))
    var email: String
}

/// What `redeem`, `signup` and `signin` take besides their own flags: the server, the network and the cache.
struct MagicLinkSessionOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var channel: ChannelOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var cacheOptions: CacheOptions
    @OptionGroup var server: MagicLinkOptions

    func serverSettings(_ ctx: CommandContext) throws -> MagicLinkSettings { server.settings(try channel.resolve(ctx)) }
    var http: HTTPSettings { network.settings(verbose: global.verbose) }
    var cacheDirectory: String? { cacheOptions.cacheDir }
}
