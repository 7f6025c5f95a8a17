import ArgumentParser
import DotsSSOCore
import FoundationEssentials

/// `--profile-file`: a saved profile instead of fetching one (`profile`, `flags`, `containers`, `passes fetch`).
struct MemberSourceOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("Use a saved profile instead of fetching one ('-' reads stdin); works offline.", valueName: "file"))
    var profileFile: String?
}

/// Where a member's token comes from instead of the cached sign-in: a token file, or a refresh-token file (CI). The
/// password grant is `PasswordGrantOptions`; `MemberInputs` puts them together.
struct MemberTokenOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("Use this access token (file, or '-' for stdin) instead of the cached sign-in.", valueName: "file"))
    var accessTokenFile: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Use the access token in this environment variable instead of the cached sign-in (a refresh token stays file-only: it is written back).",
            valueName: "var"))
    var accessTokenEnv: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Refresh the member's token from this file (written by `authorize --save-refresh-token`); "
                + "a rotated refresh token is written back to it (0600).", valueName: "file"))
    var refreshTokenFile: String?

    /// Whether any of these flags was given (else the cached sign-in's token is used).
    var isGiven: Bool { accessTokenFile != nil || accessTokenEnv != nil || refreshTokenFile != nil }

    /// For commands that take one access token and nothing else of a member's (`token print`, `token introspect`).
    func validateOneSource() throws {
        if [accessTokenFile != nil, accessTokenEnv != nil, refreshTokenFile != nil].filter({ $0 }).count > 1 {
            throw ValidationError("choose one of --access-token-file, --access-token-env and --refresh-token-file")
        }
    }

    /// These flags as a member's settings on `signIn`; nil when none was given.
    func settings(signIn: SignInSettings, minValidity: TimeInterval = 60) -> MemberSettings? {
        guard isGiven else { return nil }
        var settings = MemberSettings(signIn: signIn, accessTokenFile: accessTokenFile, minValidity: minValidity)
        settings.accessTokenVariable = accessTokenEnv
        settings.refreshTokenFile = refreshTokenFile
        return settings
    }
}

/// The member flags of one command, each group a leaf of the command's options: ArgumentParser walks a nested group
/// once per path to it, so one level more made `flags` parse 4.7× slower (measured, debug build: 0.78 s → 3.7 s).
/// Commands declare the leaves and hand them here to be checked together and turned into settings.
struct MemberInputs {
    var token: MemberTokenOptions
    var password: PasswordGrantOptions
    var tokenUse: TokenUseOptions
    /// `--profile-file` where the command has it (`check` has not: its checks fetch the profile live). A value, not
    /// the group: a group the command does not declare was never parsed, and reading it traps.
    var profileFile: String?

    var unattended: UnattendedSources {
        UnattendedSources(
            refreshTokenFile: token.refreshTokenFile, grant: password.grant, username: password.username,
            passwordFile: password.passwordFile)
    }

    /// One token source at most, and stdin read by one flag at most.
    func validate() throws {
        if token.accessTokenFile != nil && token.accessTokenEnv != nil {
            throw ValidationError("choose one of --access-token-file and --access-token-env")
        }
        try unattended.validate(accessToken: token.accessTokenFile != nil || token.accessTokenEnv != nil)
        if profileFile == "-" && token.accessTokenFile == "-" {
            throw ValidationError("--profile-file and --access-token-file cannot both read stdin")
        }
        if profileFile == "-" && password.passwordFile == "-" {
            throw ValidationError("--profile-file and --password-file cannot both read stdin")
        }
    }

    func settings(signIn: SignInSettings, expectedID: String? = nil) -> MemberSettings {
        var settings = MemberSettings(
            signIn: signIn, profileFile: profileFile, accessTokenFile: token.accessTokenFile, minValidity: tokenUse.minValidity,
            expectedID: expectedID)
        settings.accessTokenVariable = token.accessTokenEnv
        unattended.apply(to: &settings)
        return settings
    }
}
