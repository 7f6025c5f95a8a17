import DotsSSOBasics

/// Where and how to reach The Dots Channels API: flags first, else the channel's `channelsApi` settings. The key
/// comes from `--api-key-file`, `--api-key-env`, or the variable the channel names; never from a flag value.
package struct ChannelsAPISettings: Sendable {
    package var channel: Channel
    package var baseURL: String?
    package var channelID: String?
    package var apiKeyFile: String?
    package var apiKeyVariable: String?

    package init(
        channel: Channel, baseURL: String? = nil, channelID: String? = nil, apiKeyFile: String? = nil, apiKeyVariable: String? = nil
    ) {
        self.channel = channel
        self.baseURL = baseURL
        self.channelID = channelID
        self.apiKeyFile = apiKeyFile
        self.apiKeyVariable = apiKeyVariable
    }

    package func resolvedBaseURL() throws -> String {
        guard let url = baseURL ?? channel.channelsApi?.baseUrl, !url.isEmpty else {
            throw ConfigError.missingSetting(name: "Channels API base URL", flag: "\(CLIFlag.baseUrl)", key: "channelsApi.baseUrl")
        }
        return url
    }

    package func resolvedChannelID() throws -> String {
        guard let id = channelID ?? channel.channelsApi?.channelId, !id.isEmpty else {
            throw ConfigError.missingSetting(name: "channel id (X-Channel)", flag: "\(CLIFlag.channelId)", key: "channelsApi.channelId")
        }
        guard id.isVisibleASCII else {
            throw UsageError.invalid("the channel id must be one word of visible ASCII (it travels as the X-Channel header)")
        }
        return id
    }

    package func resolvedAPIKey(_ environment: Environment) throws -> String {
        let variable = apiKeyFile == nil ? (apiKeyVariable ?? channel.channelsApi?.apiKeyEnv) : nil
        guard
            let key = try SecretInput.load(
                what: "the Channels API key", file: apiKeyFile, variable: variable, fileFlag: "\(CLIFlag.apiKeyFile)",
                environment: environment)
        else {
            throw ConfigError.missingSetting(
                name: "Channels API key", flag: "\(CLIFlag.apiKeyFile) FILE or \(CLIFlag.apiKeyEnv) VAR", key: "channelsApi.apiKeyEnv")
        }
        return key
    }
}
