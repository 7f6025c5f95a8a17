import DotsSSOBasics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Token cache files, one per (authority, client, account), in a private directory.
///
/// The directory is created 0700 and refused when others can write to it; entry files are 0600,
/// written atomically, and refused when group/others can read them or another user owns them.
/// A corrupt file is reported and treated as absent, so a bad file never blocks signing in again.
/// `update` is the one way to change an entry: under the entry's lock, read, change, write atomically.
package struct TokenCache: Sendable {
    package let directory: URL
    package let clock: WallClock
    /// How long to wait for another process's lock before giving up with a clear error.
    package var lockTimeout: TimeInterval = 60
    /// Where entries this command writes keep their tokens (`--token-store`, the channel's `tokenStore`); nil: where
    /// each entry already keeps them, the file for a new one.
    package var store: TokenStore?
    /// The keyring of this process (the executable's Secret Service); nil where there is none.
    package var keyring: (any SecretKeyring)?
    /// How long one keyring call may take (`--timeout`).
    package var keyringTimeout: TimeInterval = 10
    /// Receives the one-line warning said when the keyring fails and the tokens stay in the file.
    package var warn: @Sendable (String) -> Void = { _ in }

    package init(directory: URL, clock: WallClock = .system) {
        self.directory = directory
        self.clock = clock
    }

    /// What reading one entry found.
    package enum Lookup: Sendable, Equatable {
        case absent
        case found(CacheEntry)
        /// The file exists but cannot be parsed; `reason` is one line for stderr.
        case corrupt(path: String, reason: String)

        package var entry: CacheEntry? {
            if case .found(let entry) = self { return entry }
            return nil
        }
    }

    package func url(for key: CacheKey) -> URL {
        directory.appendingPathComponent("\(key.fileStem).json")
    }

    /// Creates the directory (0700) if needed and vets its owner and permissions.
    package func prepareDirectory() throws {
        guard try !vetDirectory() else { return }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw TokenCacheError.unusableDirectory(path: directory.path, reason: "it cannot be created")
        }
        guard try vetDirectory() else { throw TokenCacheError.unusableDirectory(path: directory.path, reason: "it cannot be created") }
    }

    /// Vets the directory every command reads, not only those that write: a directory others can write to (they
    /// could plant an entry that sends tokens elsewhere), another user's, or a path that is not a directory is
    /// refused. Returns false when it does not exist yet (nothing is cached).
    @discardableResult
    package func vetDirectory() throws -> Bool {
        let path = directory.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return false }
            throw TokenCacheError.unusableDirectory(
                path: path, reason: errno == ENOTDIR ? "a part of the path is not a directory" : currentErrnoText())
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw TokenCacheError.unusableDirectory(path: path, reason: "it is not a directory")
        }
        guard info.st_uid == geteuid() else { throw TokenCacheError.foreignOwner(path: path) }
        if info.st_mode & 0o022 != 0 {
            throw TokenCacheError.insecureDirectory(path: path, mode: Self.octal(info.st_mode))
        }
        return true
    }

    /// Reads an entry. Insecure or foreign-owned files are errors; unparseable ones come back as `.corrupt`.
    package func read(_ key: CacheKey) throws -> Lookup {
        guard try vetDirectory() else { return .absent }
        return try read(at: url(for: key))
    }

    func read(at url: URL) throws -> Lookup {
        let path = url.path
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            if errno == ENOENT { return .absent }
            if errno == ELOOP { throw TokenCacheError.unusableEntry(path: path, reason: "it is a symbolic link") }
            throw TokenCacheError.unusableEntry(path: path, reason: currentErrnoText())
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw TokenCacheError.unusableEntry(path: path, reason: currentErrnoText()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw TokenCacheError.unusableEntry(path: path, reason: "it is not a regular file")
        }
        guard info.st_uid == geteuid() else { throw TokenCacheError.foreignOwner(path: path) }
        guard info.st_mode & 0o077 == 0 else { throw TokenCacheError.insecureFile(path: path, mode: Self.octal(info.st_mode)) }
        guard info.st_size <= 1_048_576 else {
            return .corrupt(path: path, reason: "the file is larger than any token entry (\(info.st_size) bytes)")
        }
        let data = (try? FileDescriptorIO.readToEnd(fd, limit: 1_048_577)) ?? Data()
        let entry: CacheEntry
        do {
            entry = try Self.decoder.decode(CacheEntry.self, from: data)
        } catch let error as DecodingError {
            return .corrupt(path: path, reason: JSONDiagnostics.describe(error))
        } catch {
            return .corrupt(path: path, reason: "not valid JSON")
        }
        // Outside the catch above: a keyring that cannot be read is no corrupt file (which a sign-in would replace).
        return entry.tokenStore == .keyring ? try fromKeyring(entry, path: path) : .found(entry)
    }

    /// Changes one entry under its lock: `body` gets the entry (nil when there is none, or it is unreadable and
    /// will be replaced) and may change it, create it, or set it to nil to remove it. The result is written
    /// atomically before `update` returns, and only when it changed. `body` may await (a refresh happens inside).
    package func update<T: Sendable>(_ key: CacheKey, _ body: (inout CacheEntry?) async throws -> T) async throws -> T {
        try await withLock(key) {
            let before: CacheEntry?
            do {
                before = try read(key).entry
            } catch TokenCacheError.keyringUnavailable(let path, let reason) where store == .file {
                // --token-store file is the way out of a keyring that cannot be read: the entry is replaced.
                warn("ignoring \(path): its tokens are in the keyring, which cannot be read (\(reason))")
                before = nil
            }
            var entry = before
            let result = try await body(&entry)
            if let entry {
                // A store asked for that the entry is not in yet moves it there.
                let moves = store.map { $0 != (entry.tokenStore ?? .file) } ?? false
                if entry != before || moves { try write(entry) }
            } else if before != nil {
                try removeFile(key)
            }
            return result
        }
    }

    /// Writes an entry atomically with mode 0600. Only `update` (under the lock) and tests call it;
    /// `beforeCommit` is the seam tests use to stop a writer mid-way.
    func write(_ entry: CacheEntry, beforeCommit: (() throws -> Void)? = nil) throws {
        try prepareDirectory()
        var stored = entry
        stored.updatedAt = clock.now()
        let url = url(for: entry.key)
        let wasInKeyring = entry.tokenStore == .keyring
        stored.tokenStore = nil
        if (store ?? entry.tokenStore ?? .file) == .keyring, let payloads = toKeyring(stored, path: url.path) {
            stored.payloads = payloads
            stored.tokenStore = .keyring
        }
        do {
            var data = try Self.encoder.encode(stored)
            data.append(0x0A)
            try AtomicFile.write(data, to: url, permissions: 0o600, beforeCommit: beforeCommit)
        } catch let error as AtomicFile.WriteError {
            throw TokenCacheError.writeFailed(path: error.path, reason: "\(error.step): \(error.reason)")
        }
        // Tokens that moved back to the file leave the keyring, once the file holds them (a failure to write it keeps
        // them there; a failure to clear leaves an unused item, no more).
        if wasInKeyring && stored.tokenStore == nil { try? keyring?.clear(entry: url.path, timeout: keyringTimeout) }
    }

    /// Deletes an entry file, whatever its state (corrupt ones too), under its lock. Returns whether there was one.
    @discardableResult
    package func remove(_ key: CacheKey) async throws -> Bool {
        try await withLock(key) { try removeFile(key) }
    }

    /// Deletes the entry file, and its keyring item when it has one; the caller holds the lock (the lock file stays:
    /// another process may be waiting on it).
    @discardableResult
    func removeFile(_ key: CacheKey) throws -> Bool {
        let url = url(for: key)
        forgetKeyringItem(of: url)
        let existed = FileManager.default.fileExists(atPath: url.path)
        if existed {
            guard unlink(url.path) == 0 else { throw TokenCacheError.writeFailed(path: url.path, reason: currentErrnoText()) }
        }
        return existed
    }

    /// Runs `body` while holding the entry's lock. The lock is released when `body` returns or throws.
    func withLock<T: Sendable>(_ key: CacheKey, _ body: () async throws -> T) async throws -> T {
        try prepareDirectory()
        let lock = try await FileLock(path: lockPath(for: key), timeout: lockTimeout)
        defer { lock.release() }
        return try await body()
    }

    package func lockPath(for key: CacheKey) -> String {
        directory.appendingPathComponent("\(key.fileStem).lock").path
    }

    /// Every entry file in the directory with what reading it found (or the error that refused it).
    package func entries() throws -> [(file: String, lookup: Result<Lookup, any Error>)] {
        guard try vetDirectory() else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { name in
            let url = directory.appendingPathComponent(name)
            return (url.path, Result { try read(at: url) })
        }
    }

    /// Removes every entry, lock and leftover temporary file; returns how many entries went.
    @discardableResult
    package func clearAll() throws -> Int {
        guard try vetDirectory() else { return 0 }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed = 0
        for name in names where name.hasSuffix(".json") || name.hasSuffix(".lock") || name.hasPrefix(AtomicFile.temporaryPrefix) {
            let path = directory.appendingPathComponent(name).path
            if name.hasSuffix(".json") { forgetKeyringItem(of: URL(fileURLWithPath: path)) }
            guard unlink(path) == 0 else { throw TokenCacheError.writeFailed(path: path, reason: currentErrnoText()) }
            if name.hasSuffix(".json") && !name.hasPrefix(".") { removed += 1 }
        }
        return removed
    }

    static func octal(_ mode: mode_t) -> String {
        "0" + String(mode & 0o777, radix: 8)
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
