import DotsSSOBasics
import FoundationEssentials

/// `dots-sso channel list`: the configured channels' names.
package struct ChannelListUseCase: Sendable {
    package init() {}

    package struct Result: Codable, Sendable, Equatable {
        package var directory: String
        package var channels: [String]
    }

    package func run(_ ctx: CommandContext) -> Result {
        let store = ChannelStore(environment: ctx.environment)
        return Result(directory: store.directory.path, channels: store.names())
    }
}
