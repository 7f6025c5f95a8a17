import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

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
