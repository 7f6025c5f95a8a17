import DotsSSOBasics
import Foundation

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

    /// Writes `token` to the file (`token export --out`).
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

    /// Whether others can read the file (a CI runner's workspace often makes files 0644); said as a warning.
    var readableByOthers: Bool {
        guard let status = FileStatus(path) else { return false }
        return status.mode & 0o077 != 0
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
    case noneIssued(path: String)

    package var message: String {
        switch self {
        case .notAFile:
            "--refresh-token-file and --save-refresh-token need a file, not '-': a rotated refresh token is written back to it"
        case let .spent(path, reason, channel):
            "the refresh token in \(path) no longer works (\(reason)). Tell the person who looks after this job's test member: sign in again with "
                + "`dots-sso authorize\(channel.map { " --channel \($0)" } ?? "") --flow device --save-refresh-token \(path)` and store the new file as the CI secret"
        case let .rotatedButNotSaved(path, reason):
            "the provider rotated the refresh token but the new one could not be written to \(path) (\(reason)); the token in the file is now spent: "
                + "make the file writable and sign in again with `dots-sso authorize --save-refresh-token \(path)`"
        case let .cannotWrite(path, reason):
            "cannot write the refresh token to \(path): \(reason)"
        case .noneIssued(let path):
            "the provider issued no refresh token, so there is nothing to save to \(path); ask for a scope that yields one "
                + "(often --scope 'openid offline_access') or ask the partner to issue refresh tokens to this client"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .notAFile: .usage
        case .spent: .notAuthorized
        case .rotatedButNotSaved, .cannotWrite: .cannotWrite
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
    /// a rotated refresh token back before handing out the access token.
    static func refreshing(_ file: RefreshTokenFile, client: SignInContext) -> UnattendedToken {
        UnattendedToken {
            let url = URL(fileURLWithPath: file.path)
            let lockPath = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).lock").path
            // A folder we cannot write in gets no lock; then a rotation cannot be written back either, and says so.
            let lock = try? await FileLock(path: lockPath, timeout: client.cache.lockTimeout)
            defer { lock?.release() }
            if file.readableByOthers {
                client.context.warn("\(file.path) can be read by other users; `chmod 600 \(file.path)` (dots-sso writes it back 0600)")
            }
            let presented = try file.read()
            let endpoints = try await client.endpoints()
            let tokenURL = try endpoints.require(\.token, "token", flag: "--token-endpoint")
            let response: TokenResponse
            // With DPoP the key is this command's own: a file holds no key, so this suits a confidential client,
            // whose refresh tokens are not bound (RFC 9449 §5).
            let tokenClient = try client.tokenClient(for: endpoints)
            do {
                response = try await tokenClient.refresh(refreshToken: presented, endpoint: tokenURL)
            } catch OAuthError.tokenEndpoint(_, "invalid_grant", let description) {
                throw RefreshTokenFileError.spent(
                    path: file.path, reason: "invalid_grant\(description.map { ": \($0)" } ?? "")", channel: client.channelName)
            }
            if let rotated = response.refreshToken, rotated != presented {
                do {
                    try file.write(rotated)
                } catch RefreshTokenFileError.cannotWrite(_, let reason) {
                    throw RefreshTokenFileError.rotatedButNotSaved(path: file.path, reason: reason)
                }
            }
            return AccessCredential(token: response.accessToken, tokenType: response.tokenType, key: tokenClient.dpop)
        }
    }

    /// The password grant for a test member, the warning said on every use.
    static func password(_ credentials: PasswordCredentials, client: SignInContext) -> UnattendedToken {
        UnattendedToken {
            let endpoints = try await client.endpoints()
            let response = try await PasswordSignIn.tokens(
                client, endpoints: endpoints, scopes: client.scopes(for: endpoints), credentials: credentials)
            return AccessCredential(token: response.accessToken, tokenType: response.tokenType, key: try client.dpopKey(for: endpoints))
        }
    }
}
