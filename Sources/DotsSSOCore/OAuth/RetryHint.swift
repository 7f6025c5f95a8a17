import DotsSSOBasics

/// A sign-in that ended in a way the person fixes by running `authorize` again, said with the `--channel` they
/// gave (the channel as typed: a path stays a path), so the command in the message runs as printed.
package struct RetryHint: UserFacingError {
    package let underlying: OAuthError
    package let channel: String?

    /// `error` with the channel in its `dots-sso authorize` when it is one of the endings that say to run it again.
    static func naming(_ error: OAuthError, channel: String?) -> any Error {
        switch error {
        case .callbackTimeout, .deviceDenied, .deviceCodeExpired, .deviceTimeout:
            channel == nil ? error : RetryHint(underlying: error, channel: channel)
        default:
            error
        }
    }

    package var message: String {
        underlying.message.replacing("`dots-sso authorize", with: "`dots-sso authorize\(ShellWord.channelFlag(channel))")
    }

    package var exitStatus: ExitStatus { underlying.exitStatus }
}
