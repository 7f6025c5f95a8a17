import DotsSSOBasics
import FoundationEssentials

/// A refresh token kept in a file for unattended runs (`--refresh-token-file F`): a CI job restores F from its
/// secret or cache, every command that needs a member refreshes from it, and a rotated refresh token is written back
/// to F (atomically, 0600) before the new access token is used, so the next run finds a token that still works.
package struct RefreshTokenFile: Sendable {
    package let path: String

    package init(path: String) {
        self.path = path
    }

    /// The refresh token in the file (one line of visible ASCII).
    func read() throws -> String {
        guard path != "-" else { throw RefreshTokenFileError.notAFile }
        return try SecretInput.vet(try SecretInput.text(of: path, what: "the refresh token"), what: "the refresh token", source: path)
    }

    /// Writes `token` to the file (`token export --output`).
    package func store(_ token: String) throws {
        guard path != "-" else { throw RefreshTokenFileError.notAFile }
        try write(token)
    }

    /// Replaces the file's token: a temporary file, fsync, rename; 0600 whatever the old file's mode was.
    func write(_ token: String) throws {
        do {
            try AtomicFile.write(Data((token + "\n").utf8), to: URL(fileURLWithPath: path), permissions: 0o600)
        } catch let error as AtomicFile.WriteError {
            throw RefreshTokenFileError.cannotWrite(path: path, reason: "\(error.step): \(error.reason)")
        }
    }

    /// `authorize --save-refresh-token F`: the refresh token of the sign-in just cached.
    func save(from client: SignInContext) async throws {
        guard path != "-" else { throw RefreshTokenFileError.notAFile }
        guard let token = try client.session().current().tokens.refreshToken else {
            throw RefreshTokenFileError.noneIssued(path: path)
        }
        try write(token)
    }

    /// The lock two jobs sharing the file take around read–refresh–write-back.
    var lockPath: String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).lock").path
    }

    /// Proves, before the token is sent, that a rotated one can be written back: the file is a plain file (not a
    /// pipe such as `<(echo "$SECRET")` or `/dev/stdin`, where the successor would vanish), and a file beside it
    /// holding room for the new token can be made (not a read-only secret mount, not a full disk). The provider
    /// spends the old token the moment it answers, so without this proof the only token a CI job has could be lost.
    func reserveWriteBack() throws -> AtomicFile.Reservation {
        guard path != "-" else { throw RefreshTokenFileError.notAFile }
        if AtomicFile.namesDevice(path) || !(FileStatus(path)?.isRegular ?? true) {
            throw RefreshTokenFileError.cannotWriteBack(path: path, reason: "it is not a plain file (a pipe, a device or a descriptor)")
        }
        do {
            // Far above any real refresh token (SecretInput takes 16 KiB), small enough for any disk.
            return try AtomicFile.Reservation(for: URL(fileURLWithPath: path), bytes: 64 * 1024)
        } catch let error as AtomicFile.WriteError {
            throw RefreshTokenFileError.cannotWriteBack(path: path, reason: "\(error.step): \(error.reason)")
        }
    }
}

/// Problems with `--refresh-token-file` and `--save-refresh-token`.
package enum RefreshTokenFileError: UserFacingError, Equatable {
    case notAFile
    /// The provider refused the file's refresh token: someone must sign in again.
    case spent(path: String, reason: String, channel: String?)
    /// The provider rotated the refresh token and the new one could not be written back: the file's token is spent.
    case rotatedButNotSaved(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    /// Found before anything was sent: a rotated token could not be written back, so the file's token is not spent.
    case cannotWriteBack(path: String, reason: String)
    /// The file's token is one this cache saw rotated away: an older copy of the file came back.
    case alreadyRotated(path: String, at: String, into: String)
    case noneIssued(path: String)

    package var message: String {
        switch self {
        case .notAFile:
            "\(CLIFlag.refreshTokenFile) and \(CLIFlag.saveRefreshToken) need a file, not '-': a rotated refresh token is written back to it"
        case let .spent(path, reason, channel):
            "the refresh token in \(path) no longer works (\(reason)). To fix, whoever looks after this job's test member runs "
                + "`dots-sso authorize\(ShellWord.channelFlag(channel)) \(CLIFlag.flow) device \(CLIFlag.saveRefreshToken) \(ShellWord.quoted(path))` "
                + "and stores the new file as the CI secret"
        case let .rotatedButNotSaved(path, reason):
            "the provider rotated the refresh token but the new one could not be written to \(path) (\(reason)); the token in the file is now spent: "
                + "make the file writable and sign in again with `dots-sso authorize \(CLIFlag.saveRefreshToken) \(path)`"
        case let .cannotWrite(path, reason):
            "cannot write the refresh token to \(path): \(reason)"
        case let .cannotWriteBack(path, reason):
            "a rotated refresh token could not be written back to \(path) (\(reason)), so nothing was sent and its token is "
                + "unspent. Give a writable copy: `(umask 077; cp \(path) \"$RUNNER_TEMP/refresh-token\")` (or `printf '%s\\n' "
                + "\"$SECRET\" >` a file in a writable folder) and pass that file, then keep it for the next run"
        case let .alreadyRotated(path, at, into):
            "the refresh token in \(path) was already used at \(at), and its successor written to \(into): this copy is older "
                + "(a CI cache or re-run restored a stale file, or two runs overlapped). Nothing was sent: sending it again is "
                + "reuse, and the provider may revoke the whole sign-in. Restore the newest copy, and run one job per channel at "
                + "a time (GitHub `concurrency`, GitLab `resource_group`)"
        case .noneIssued(let path):
            "the provider issued no refresh token, so there is nothing to save to \(path); ask for a scope that yields one "
                + "(often \(CLIFlag.scope) 'openid offline_access') or ask the partner to issue refresh tokens to this client"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .notAFile: .usage
        case .spent: .notAuthorized
        case .rotatedButNotSaved, .cannotWrite, .cannotWriteBack: .cannotWrite
        case .alreadyRotated: .notAuthorized
        case .noneIssued: .configuration
        }
    }
}

/// An access token obtained without a person, once per command however many checks ask at the same time, and
/// obtained again (once) after a resource server rejects it: from a refresh-token file, or the password grant.
package actor UnattendedToken {
    private let obtain: @Sendable () async throws -> AccessCredential
    private var current: AccessCredential?
    private var inFlight: Task<AccessCredential, any Error>?

    init(obtain: @escaping @Sendable () async throws -> AccessCredential) {
        self.obtain = obtain
    }

    package func access() async throws -> AccessCredential {
        if let current { return current }
        return try await fetch()
    }

    /// A new token after `rejected` got a 401, unless another caller already replaced it.
    package func afterRejection(of rejected: String) async throws -> AccessCredential {
        if let current, current.token != rejected { return current }
        current = nil
        return try await fetch()
    }

    private func fetch() async throws -> AccessCredential {
        if let inFlight { return try await inFlight.value }
        let task = Task { try await obtain() }
        inFlight = task
        defer { inFlight = nil }
        let value = try await task.value
        current = value
        return value
    }

    /// Refreshes from `file` under a lock beside it (two jobs sharing the file never spend one token twice) and writes
    /// a rotated refresh token back before handing out the access token. Nothing is sent unless the write-back is
    /// proven possible and the lock is held: a lock that cannot be had within `--timeout` ends 75, never a refresh
    /// without it (the holder is spending the same token).
    static func refreshing(_ file: RefreshTokenFile, client: SignInContext) -> UnattendedToken {
        UnattendedToken {
            let writeBack = try file.reserveWriteBack()
            defer { writeBack.discard() }
            let lock = try await FileLock(path: file.lockPath, timeout: client.cache.lockTimeout)
            defer { lock.release() }
            if let warning = SecretInput.exposureWarning(file.path, what: "the refresh token") {
                client.context.warn(warning + " (dots-sso writes it back 0600)")
            }
            // Read under the lock: a job that held it before us may have rotated the token.
            let presented = try file.read()
            let rotations = RotatedRefreshTokens(cacheDirectory: client.cache.directory)
            if let spent = try rotations.rotation(of: presented) {
                throw RefreshTokenFileError.alreadyRotated(path: file.path, at: ISOTimestamp.string(spent.rotatedAt), into: spent.file)
            }
            let endpoints = try await client.endpoints()
            let tokenURL = try endpoints.require(\.token, "token", flag: "\(CLIFlag.tokenEndpoint)")
            let response: TokenResponse
            // With DPoP the key is this command's own: a file holds no key, so this suits a confidential client,
            // whose refresh tokens are not bound (RFC 9449 §5).
            let tokenClient = try client.tokenClient(for: endpoints)
            do {
                response = try await tokenClient.refresh(refreshToken: presented, endpoint: tokenURL)
            } catch OAuthError.tokenEndpoint(_, "invalid_grant", let description) {
                throw RefreshTokenFileError.spent(
                    path: file.path, reason: "invalid_grant\(description.map { ": \($0)" } ?? "")", channel: client.channel.hintSelector)
            }
            if let rotated = response.refreshToken, rotated != presented {
                do {
                    try writeBack.commit(Data((rotated + "\n").utf8))
                } catch let error as AtomicFile.WriteError {
                    throw RefreshTokenFileError.rotatedButNotSaved(path: file.path, reason: "\(error.step): \(error.reason)")
                }
                try? client.cache.prepareDirectory()
                rotations.record(presented, file: file.path, at: client.context.clock.now())
            }
            return AccessCredential(token: response.accessToken, tokenType: response.tokenType, key: tokenClient.dpop).issued(
                expiresAt: response.expiresIn.map { client.context.clock.now().addingTimeInterval($0) }, scope: response.scope)
        }
    }

    /// The password grant for a test member, the warning said on every use.
    static func password(_ credentials: PasswordCredentials, client: SignInContext) -> UnattendedToken {
        UnattendedToken {
            let endpoints = try await client.endpoints()
            let response = try await PasswordSignIn.tokens(
                client, endpoints: endpoints, scopes: client.scopes(for: endpoints), credentials: credentials)
            return AccessCredential(token: response.accessToken, tokenType: response.tokenType, key: try client.dpopKey(for: endpoints))
                .issued(expiresAt: response.expiresIn.map { client.context.clock.now().addingTimeInterval($0) }, scope: response.scope)
        }
    }
}
