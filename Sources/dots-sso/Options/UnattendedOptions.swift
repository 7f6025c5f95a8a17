import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

extension SignInFlow: ExpressibleByArgument {}

/// `--grant`: how a sign-in gets the member's consent.
enum GrantOption: String, ExpressibleByArgument, CaseIterable {
    /// The browser or device flows (`--flow`).
    case authorizationCode = "authorization-code"
    /// The resource-owner password grant, for a partner's test member only.
    case password
}

/// `--grant password --username U --password-file F|-`: a partner's test member signed in without a person.
struct PasswordGrantOptions: ParsableArguments {
    @Option(name: .long, help: PasswordGrantOptions.grantHelp)
    var grant: GrantOption?

    @Option(name: .long, help: PasswordGrantOptions.usernameHelp)
    var username: String?

    @Option(name: .long, help: PasswordGrantOptions.passwordFileHelp)
    var passwordFile: String?

    static let grantHelp = ArgumentHelp(
        "password: sign in a partner's test member with the resource-owner password grant (never a real member; "
            + "RFC 9700 forbids it for them). Needs --username and --password-file.", valueName: "grant")
    static let usernameHelp = ArgumentHelp("With --grant password: the test member's user name.", valueName: "name")
    static let passwordFileHelp = ArgumentHelp(
        "With --grant password: a file holding the test member's password ('-' reads stdin); never a flag value.",
        valueName: "file")

    func validate() throws {
        try Self.validate(grant: grant, username: username, passwordFile: passwordFile)
    }

    var credentials: PasswordCredentials? { Self.credentials(grant: grant, username: username, passwordFile: passwordFile) }

    static func validate(grant: GrantOption?, username: String?, passwordFile: String?) throws {
        if grant == .password {
            guard let username, !username.isEmpty else {
                throw ValidationError("--grant password needs --username NAME (the partner's test member)")
            }
            guard passwordFile != nil else { throw ValidationError("--grant password needs --password-file FILE ('-' reads stdin)") }
        } else if username != nil || passwordFile != nil {
            throw ValidationError("--username and --password-file belong to --grant password")
        }
    }

    static func credentials(grant: GrantOption?, username: String?, passwordFile: String?) -> PasswordCredentials? {
        guard grant == .password, let username, let passwordFile else { return nil }
        return PasswordCredentials(username: username, passwordFile: passwordFile)
    }
}

/// Where a member's token comes from in an unattended run (CI): a refresh-token file, or a test member's password
/// (the options are `MemberTokenOptions`').
struct UnattendedSources {
    var refreshTokenFile: String?
    var grant: GrantOption?
    var username: String?
    var passwordFile: String?

    /// `accessToken`: whether an access token was given (`--access-token-file` or `--access-token-env`).
    func validate(accessToken: Bool) throws {
        try PasswordGrantOptions.validate(grant: grant, username: username, passwordFile: passwordFile)
        if refreshTokenFile == "-" {
            throw ValidationError("--refresh-token-file needs a file, not '-': a rotated refresh token is written back to it")
        }
        if [accessToken, refreshTokenFile != nil, grant == .password].filter({ $0 }).count > 1 {
            throw ValidationError("choose one of --access-token-file (or --access-token-env), --refresh-token-file and --grant password")
        }
    }

    /// These sources written into the member settings.
    func apply(to settings: inout MemberSettings) {
        settings.refreshTokenFile = refreshTokenFile
        settings.password = PasswordGrantOptions.credentials(grant: grant, username: username, passwordFile: passwordFile)
    }
}
