import Foundation

/// `dots-sso channel list`: the configured channels' names.
public struct ChannelListUseCase: Sendable {
    public init() {}

    public struct Result: Codable, Sendable, Equatable {
        public var directory: String
        public var channels: [String]
    }

    public func run(_ ctx: CommandContext) -> Result {
        let store = ChannelStore(environment: ctx.environment)
        return Result(directory: store.directory.path, channels: store.names())
    }
}
