import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// Where a member's token and profile come from instead of the cached sign-in: a token file, or a saved profile
/// (`profile`, `flags`, `containers`, `passes fetch`).
struct MemberSourceOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("Use a saved profile instead of fetching one ('-' reads stdin); works offline.", valueName: "file"))
    var profileFile: String?

    @Option(
        name: .long, help: ArgumentHelp("Use this access token (file, or '-' for stdin) instead of the cached sign-in.", valueName: "file"))
    var accessTokenFile: String?

    @OptionGroup var tokenUse: TokenUseOptions

    @Option(name: .long, help: UnattendedSources.refreshTokenFileHelp)
    var refreshTokenFile: String?

    @Option(name: .long, help: PasswordGrantOptions.grantHelp)
    var grant: GrantOption?

    @Option(name: .long, help: PasswordGrantOptions.usernameHelp)
    var username: String?

    @Option(name: .long, help: PasswordGrantOptions.passwordFileHelp)
    var passwordFile: String?

    var unattended: UnattendedSources {
        UnattendedSources(refreshTokenFile: refreshTokenFile, grant: grant, username: username, passwordFile: passwordFile)
    }

    func validate() throws {
        if profileFile == "-" && accessTokenFile == "-" {
            throw ValidationError("--profile-file and --access-token-file cannot both read stdin")
        }
        try unattended.validate(accessTokenFile: accessTokenFile)
        if profileFile == "-" && passwordFile == "-" {
            throw ValidationError("--profile-file and --password-file cannot both read stdin")
        }
    }
}

extension MemberSourceOptions {
    func settings(signIn: SignInSettings, expectedID: String? = nil) -> MemberSettings {
        var settings = MemberSettings(
            signIn: signIn, profileFile: profileFile, accessTokenFile: accessTokenFile, minValidity: tokenUse.minValidity,
            expectedID: expectedID)
        unattended.apply(to: &settings)
        return settings
    }
}
