import DotsSSOBasics

/// Which channel a command runs for: `--channel NAME|PATH` (else `DOTS_SSO_CHANNEL`), with the fields given
/// as flags laid over it. Without a name, the flags alone are the channel.
package struct ChannelSelection: Sendable {
    package var name: String?
    package var overrides: Channel

    package init(name: String?, overrides: Channel) {
        self.name = name
        self.overrides = overrides
    }

    /// The name given, else `DOTS_SSO_CHANNEL`.
    package func effectiveName(environment: Environment) -> String? {
        name ?? environment["DOTS_SSO_CHANNEL"]
    }

    package func resolve(environment: Environment) throws -> Channel {
        guard let name = effectiveName(environment: environment) else { return overrides }
        var channel = try ChannelStore(environment: environment).load(name).merging(overrides)
        channel.selector = name
        return channel
    }
}
