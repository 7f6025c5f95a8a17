import ArgumentParser
import DotsSSOCore

/// Where the magic-link server lives (channel `magicLink.baseUrl` / `magicLink.study`, or these flags).
struct MagicLinkOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The sign-in server's base URL (channel magicLink.baseUrl).", valueName: "url"))
    var baseUrl: String?

    @Option(name: .long, help: ArgumentHelp("The study id (channel magicLink.study).", valueName: "study"))
    var study: String?

    func baseURL(_ channel: Channel) throws -> String {
        guard let url = baseUrl ?? channel.magicLink?.baseUrl else {
            throw ConfigError.missingSetting(name: "magic-link server", flag: "--base-url", key: "magicLink.baseUrl")
        }
        return url
    }

    func studyID(_ channel: Channel, fromLink: String? = nil) throws -> String {
        guard let study = study ?? fromLink ?? channel.magicLink?.study else {
            throw ConfigError.missingSetting(name: "study", flag: "--study", key: "magicLink.study")
        }
        return study
    }
}
