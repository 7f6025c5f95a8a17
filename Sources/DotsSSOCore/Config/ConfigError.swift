import DotsSSOBasics

/// Problems with a channel configuration or a required setting (exit 78).
package enum ConfigError: UserFacingError, Equatable {
    case unknownChannel(name: String, searched: String)
    case unreadableChannel(path: String, reason: String)
    case invalidChannelName(String)
    /// A channel file that other users can change (it decides where tokens are sent).
    case insecureChannel(path: String, mode: String)
    case channelExists(path: String)
    case missingSetting(name: String, flag: String, key: String)
    case missingSecretEnvironment(variable: String)
    case unreadableSecretFile(path: String, reason: String)
    /// A secret named by `--…-env VAR` (or a channel's `…Env` key) whose variable is not set.
    case unsetSecretVariable(variable: String, what: String, fileFlag: String)
    case noMemberSource
    /// A command that checks a whole channel was given none.
    case noChannel
    /// `cache clear` without a channel, a provider or `--all`.
    case noSignInNamed

    package var message: String {
        switch self {
        case let .unknownChannel(name, searched):
            "unknown channel '\(name)': no \(searched) (create it with `dots-sso channel init \(name) …`, or list them with `dots-sso channel list`)"
        case let .unreadableChannel(path, reason):
            "channel file \(path) cannot be used: \(reason)"
        case .invalidChannelName(let name):
            "invalid channel name '\(name)': a name is letters, digits, '.', '_' and '-' only, and a channel file's path ends in .json"
        case let .insecureChannel(path, mode):
            "refusing to use the channel file \(path): other users can change it (mode \(mode)), and it decides where tokens are sent; fix it with `chmod 600 \(path)`"
        case .channelExists(let path):
            "\(path) already exists; pass \(CLIFlag.force) to replace it"
        case let .missingSetting(name, flag, key):
            "no \(name) configured: pass \(flag) or set \"\(key)\" in the channel file"
        case .missingSecretEnvironment(let variable):
            "the channel reads its client secret from $\(variable), which is not set"
        case let .unsetSecretVariable(variable, what, fileFlag):
            "\(what) is read from $\(variable), which is not set (export it, or pass \(fileFlag) FILE)"
        case let .unreadableSecretFile(path, reason):
            "cannot read the client secret from \(path): \(reason)"
        case .noSignInNamed:
            "which sign-in? pass \(CLIFlag.channel) NAME|FILE (or \(CLIFlag.issuer) and \(CLIFlag.clientId)), or \(CLIFlag.all) for every one; `dots-sso cache list` shows them"
        case .noChannel:
            "no channel to check: pass \(CLIFlag.channel) NAME|FILE (or set DOTS_SSO_CHANNEL); `dots-sso channel list` shows the configured ones"
        case .noMemberSource:
            "no member to look at: pass \(CLIFlag.channel) NAME (or \(CLIFlag.issuer) and \(CLIFlag.clientId)) after `dots-sso authorize`, \(CLIFlag.accessTokenFile) FILE, or \(CLIFlag.profileFile) FILE"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .invalidChannelName: .usage
        default: .configuration
        }
    }
}
