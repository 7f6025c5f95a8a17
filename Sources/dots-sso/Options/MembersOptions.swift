import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// The flags both `members` commands take.
struct MembersOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The member's SSO id (repeatable); '-' reads one id per line from stdin.", valueName: "id"))
    var ssoId: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("Channel name or path whose channelsApi settings to use (env DOTS_SSO_CHANNEL).", valueName: "name|path"))
    var channel: String?

    @Option(name: .long, help: ArgumentHelp("The Channels API base URL (channel channelsApi.baseUrl).", valueName: "url"))
    var baseUrl: String?

    @Option(name: .long, help: ArgumentHelp("The channel id sent as X-Channel (channel channelsApi.channelId).", valueName: "id"))
    var channelId: String?

    @Option(name: .long, help: ArgumentHelp("A file holding the Channels API key ('-' reads stdin).", valueName: "file"))
    var apiKeyFile: String?

    @Option(
        name: .long,
        help: ArgumentHelp("An environment variable holding the Channels API key (channel channelsApi.apiKeyEnv).", valueName: "var"))
    var apiKeyEnv: String?

    @Option(name: .long, help: ArgumentHelp("Calls in flight at once for many ids (1-16, default 4).", valueName: "n"))
    var concurrency = 4

    func validate() throws {
        guard !ssoId.isEmpty else { throw ValidationError("pass --sso-id ID (repeatable), or --sso-id - to read ids from stdin") }
        guard (1...16).contains(concurrency) else { throw ValidationError("--concurrency must be 1 to 16") }
        if apiKeyFile != nil && apiKeyEnv != nil {
            throw ValidationError("pass the API key with --api-key-file or --api-key-env, not both")
        }
        if apiKeyFile == "-" && ssoId.contains("-") { throw ValidationError("--api-key-file and --sso-id cannot both read stdin") }
    }

    func settings(_ ctx: CommandContext) throws -> ChannelsAPISettings {
        let channel = try ChannelSelection(name: self.channel, overrides: Channel()).resolve(environment: ctx.environment)
        return ChannelsAPISettings(
            channel: channel, baseURL: baseUrl, channelID: channelId, apiKeyFile: apiKeyFile, apiKeyVariable: apiKeyEnv)
    }
}
