import ArgumentParser
import DotsSSOCore

/// Where a member's profile and token come from: the cached sign-in (default), a token file, or a saved profile.
struct ProfileOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Check a saved profile instead of fetching one ('-' reads stdin); works offline.", valueName: "file"))
    var profileFile: String?

    @Option(name: .long, help: ArgumentHelp("Use this access token (file, or '-' for stdin) instead of the cached sign-in.", valueName: "file"))
    var accessTokenFile: String?

    @Option(name: .long, help: ArgumentHelp("The id this member must have (ids are immutable); default: the id first seen for this sign-in.", valueName: "id"))
    var expectId: String?

    @OptionGroup var tokenUse: TokenUseOptions

    func validate() throws {
        if profileFile == "-" && accessTokenFile == "-" {
            throw ValidationError("--profile-file and --access-token-file cannot both read stdin")
        }
    }
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
