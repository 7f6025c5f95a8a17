import Foundation

/// `dots-sso channel init NAME`: writes a channel file (0600) from flags, after checking every endpoint is a URL
/// dots-sso would connect to (https, or http on loopback).
public struct ChannelInitUseCase: Sendable {
    public var name: String
    public var channel: Channel
    public var force: Bool

    public init(name: String, channel: Channel, force: Bool = false) {
        self.name = name
        self.channel = channel
        self.force = force
    }

    public struct Result: Codable, Sendable, Equatable {
        public var path: String
        public var channel: Channel
    }

    public func run(_ ctx: CommandContext) throws -> Result {
        var settings = channel
        settings.name = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
        for (label, value) in [("--issuer", settings.issuer), ("--authorization-endpoint", settings.authorizationEndpoint),
                               ("--token-endpoint", settings.tokenEndpoint), ("--profile-endpoint", settings.profileEndpoint),
                               ("--passes-endpoint", settings.passesEndpoint), ("--revocation-endpoint", settings.revocationEndpoint)] {
            guard let value else { continue }
            do { _ = try URLPolicy.validate(value) } catch let error as HTTPError {
                throw UsageError.invalid("\(label): \(error.message)")
            }
        }
        let url = try ChannelStore(environment: ctx.environment).save(settings, as: name, force: force)
        return Result(path: url.path, channel: settings)
    }
}

/// `dots-sso channel show [NAME]`: the effective channel (file plus flags).
public struct ChannelShowUseCase: Sendable {
    public var selection: ChannelSelection

    public init(selection: ChannelSelection) {
        self.selection = selection
    }

    public func run(_ ctx: CommandContext) throws -> Channel {
        guard selection.effectiveName(environment: ctx.environment) != nil else {
            throw UsageError.invalid("name a channel: `dots-sso channel show NAME` (see `dots-sso channel list`)")
        }
        return try selection.resolve(environment: ctx.environment)
    }
}

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
