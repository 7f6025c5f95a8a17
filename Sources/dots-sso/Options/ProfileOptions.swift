import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// Where a member's profile and token come from: the cached sign-in (default), a token file, or a saved profile;
/// and the id the profile must have.
struct ProfileOptions: ParsableArguments {
    @OptionGroup var source: MemberSourceOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The id this member must have (ids are immutable); default: the id first seen for this sign-in.", valueName: "id"))
    var expectId: String?
}

/// Every flag of the commands that look at one member: `profile`, `flags`, `containers`.
struct MemberOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var channel: ChannelOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var cacheOptions: CacheOptions
    @OptionGroup var client: ClientAuthOptions
    @OptionGroup var profile: ProfileOptions
}

extension MemberOptions {
    func settings(_ ctx: CommandContext) throws -> MemberSettings {
        try profile.source.settings(
            signIn: SignInOptions.settings(
                global: global, channel: channel, network: network, cacheOptions: cacheOptions, client: client, ctx),
            expectedID: profile.expectId)
    }
}
