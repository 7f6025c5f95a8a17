import Foundation

/// `dots-sso channel init NAME`: writes a channel file (0600) from flags, after checking every endpoint is a URL
/// dots-sso would connect to (https, or http on loopback).
public struct ChannelInitUseCase: Sendable {
    public var name: String
    public var channel: Channel
    /// The `NAME=VALUE` flags: flags, containers and variants, profile auth and mapping, deliverables.
    public var fields: ChannelFields
    public var force: Bool

    public init(name: String, channel: Channel, fields: ChannelFields = ChannelFields(), force: Bool = false) {
        self.name = name
        self.channel = channel
        self.fields = fields
        self.force = force
    }

    public struct Result: Codable, Sendable, Equatable {
        public var path: String
        public var channel: Channel
    }

    public func run(_ ctx: CommandContext) throws -> Result {
        var settings = channel
        try fields.apply(to: &settings)
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
