import DotsSSOBasics

/// Problems with the token cache directory or one of its files.
package enum TokenCacheError: UserFacingError, Equatable {
    case insecureFile(path: String, mode: String)
    case insecureDirectory(path: String, mode: String)
    case foreignOwner(path: String)
    case unusableDirectory(path: String, reason: String)
    /// An entry file that cannot be opened or is not a plain file.
    case unusableEntry(path: String, reason: String)
    case writeFailed(path: String, reason: String)
    /// The provider issued new tokens during a refresh, and the entry could not be written (a full disk).
    case refreshedButNotSaved(path: String, reason: String, channel: String?)
    case lockTimeout(path: String, seconds: Double)
    /// A lock file that cannot be opened as a plain file of ours (a planted link, a FIFO, a read-only folder).
    case unusableLock(path: String, reason: String)
    case notSignedIn(channel: String?)
    /// The entry's tokens are in the keyring, which cannot be read now.
    case keyringUnavailable(path: String, reason: String)
    case signInAgain(channel: String?, reason: String)

    package var message: String {
        switch self {
        case let .insecureFile(path, mode):
            "refusing to use \(path): it is readable by other users (mode \(mode)); fix it with `chmod 600 \(path)` or remove it with `dots-sso cache clear`"
        case let .insecureDirectory(path, mode):
            "refusing to use the cache directory \(path): other users can write to it (mode \(mode)); fix it with `chmod 700 \(path)`"
        case .foreignOwner(let path):
            "refusing to use \(path): it belongs to another user; remove it or choose another \(CLIFlag.cacheDir)"
        case let .unusableDirectory(path, reason):
            "cannot use the cache directory \(path): \(reason)"
        case let .unusableEntry(path, reason):
            "cannot use the cache entry \(path): \(reason); remove it with `dots-sso cache clear`"
        case let .writeFailed(path, reason):
            "cannot write the cache entry \(path): \(reason)"
        case let .refreshedButNotSaved(path, reason, channel):
            "the provider issued new tokens but they could not be saved to \(path) (\(reason)); the cached entry is unchanged, but if the provider rotates refresh tokens its refresh token is now spent: make room, then sign in again with `dots-sso authorize\(ShellWord.channelFlag(channel))`"
        case let .lockTimeout(path, seconds):
            "another dots-sso process has held \(path) for more than \(Int(seconds)) s; try again when it has finished (\(CLIFlag.timeout) SECONDS waits longer)"
        case let .unusableLock(path, reason):
            "cannot lock \(path): \(reason)"
        case let .keyringUnavailable(path, reason):
            "the tokens of \(path) are in the keyring, which cannot be read: \(reason); unlock the keyring, or sign in again "
                + "with \(CLIFlag.tokenStore) file"
        case .notSignedIn(let channel):
            "not signed in\(channel.map { " to channel '\($0)'" } ?? ""): run `dots-sso authorize\(ShellWord.channelFlag(channel))` first"
        case let .signInAgain(channel, reason):
            "\(reason): sign in again with `dots-sso authorize\(ShellWord.channelFlag(channel))`"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .insecureFile, .insecureDirectory, .foreignOwner, .unusableDirectory, .unusableEntry, .unusableLock: .configuration
        case .writeFailed, .refreshedButNotSaved: .cannotWrite
        case .lockTimeout, .keyringUnavailable: .temporary
        case .notSignedIn, .signInAgain: .notAuthorized
        }
    }
}
