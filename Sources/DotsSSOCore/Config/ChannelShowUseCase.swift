import DotsSSOBasics

/// `dots-sso channel show [NAME]`: the effective channel (file plus flags).
package struct ChannelShowUseCase: Sendable {
    package var selection: ChannelSelection

    package init(selection: ChannelSelection) {
        self.selection = selection
    }

    package func run(_ ctx: CommandContext) throws -> Channel {
        guard selection.effectiveName(environment: ctx.environment) != nil else {
            throw UsageError.invalid("name a channel: `dots-sso channel show NAME` (see `dots-sso channel list`)")
        }
        return try selection.resolve(environment: ctx.environment)
    }
}
