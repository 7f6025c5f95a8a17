import DotsSSOBasics
import FoundationEssentials

/// `dots-sso channel init NAME` and `channel set NAME`: writes a channel file (0600) from flags — a new one, or the
/// existing one with the given fields changed — after checking every endpoint is a URL dots-sso would connect to
/// (https, or http on loopback).
package struct ChannelInitUseCase: Sendable {
    package var name: String
    package var channel: Channel
    /// The `NAME=VALUE` flags: flags, containers and variants, profile auth and mapping, deliverables.
    package var fields: ChannelFields
    package var force: Bool
    /// `channel set`: start from the existing file (which must exist) and change only what was given.
    package var updating: Bool

    package init(name: String, channel: Channel, fields: ChannelFields = ChannelFields(), force: Bool = false, updating: Bool = false) {
        self.name = name
        self.channel = channel
        self.fields = fields
        self.force = force
        self.updating = updating
    }

    package struct Result: Codable, Sendable, Equatable {
        package var path: String
        package var channel: Channel
        /// Whether an existing file was changed (`channel set`) rather than written anew (`channel init`).
        package var updated: Bool
    }

    package func run(_ ctx: CommandContext) throws -> Result {
        let store = ChannelStore(environment: ctx.environment)
        var settings = updating ? try store.load(name, resolvingPaths: false).merging(channel) : channel
        try fields.apply(to: &settings)
        settings.name = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
        // Every endpoint the channel names is one dots-sso would connect to (https, or http on loopback).
        for field in ChannelField.all where field.kind == .endpoint {
            if let value = field.value(in: settings) { try ChannelFields.requireURL(value, flag: field.flag) }
        }
        let url = try store.save(settings, as: name, force: force || updating)
        return Result(path: url.path, channel: settings, updated: updating)
    }
}
