import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// Every flag of the commands that look at one member (`profile`, `flags`, `containers`): where the profile and token
/// come from (the cached sign-in by default, a token file, a refresh-token file, a test member, a saved profile) and
/// the id the profile must have. Each group is a leaf (see `MemberInputs`).
struct MemberOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var channel: ChannelOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var cacheOptions: CacheOptions
    @OptionGroup var client: ClientAuthOptions
    @OptionGroup var source: MemberSourceOptions
    @OptionGroup var token: MemberTokenOptions
    @OptionGroup var password: PasswordGrantOptions
    @OptionGroup var tokenUse: TokenUseOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The id this member must have (ids are immutable); default: the id first seen for this sign-in.", valueName: "id"))
    var expectId: String?

    var inputs: MemberInputs { MemberInputs(token: token, password: password, tokenUse: tokenUse, profileFile: source.profileFile) }

    func validate() throws { try inputs.validate() }
}

extension MemberOptions {
    func settings(_ ctx: CommandContext) throws -> MemberSettings {
        inputs.settings(
            signIn: try SignInOptions.settings(
                global: global, channel: channel, network: network, cacheOptions: cacheOptions, client: client, ctx),
            expectedID: expectId)
    }
}
