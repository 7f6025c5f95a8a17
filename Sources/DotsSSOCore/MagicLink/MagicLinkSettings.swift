import DotsSSOBasics

/// Where the magic-link server lives: `--base-url`/`--study`, else the channel's `magicLink` settings.
package struct MagicLinkSettings: Sendable {
    package var channel: Channel
    package var baseURL: String?
    package var study: String?

    package init(channel: Channel, baseURL: String? = nil, study: String? = nil) {
        self.channel = channel
        self.baseURL = baseURL
        self.study = study
    }

    package func resolvedBaseURL() throws -> String {
        guard let url = baseURL ?? channel.magicLink?.baseUrl else {
            throw ConfigError.missingSetting(name: "magic-link server", flag: "\(CLIFlag.baseUrl)", key: "magicLink.baseUrl")
        }
        return url
    }

    /// The flag's study, else the one the link carries, else the channel's.
    package func resolvedStudy(fromLink: String? = nil) throws -> String {
        guard let study = study ?? fromLink ?? channel.magicLink?.study else {
            throw ConfigError.missingSetting(name: "study", flag: "\(CLIFlag.study)", key: "magicLink.study")
        }
        return study
    }
}
