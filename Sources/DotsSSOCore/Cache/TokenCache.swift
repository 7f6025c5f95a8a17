import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Token cache files, one per (authority, client, account), in a private directory.
///
/// The directory is created 0700 and refused when others can write to it; entry files are 0600,
/// written atomically, and refused when group/others can read them or another user owns them.
/// A corrupt file is reported and treated as absent, so a bad file never blocks signing in again.
public struct TokenCache: Sendable {
    public let directory: URL
    /// How long to wait for another process's lock before giving up with a clear error.
    public var lockTimeout: TimeInterval = 60

    public init(directory: URL) { self.directory = directory }

    /// What reading one entry found.
    public enum Lookup: Sendable, Equatable {
        case absent
        case found(CacheEntry)
        /// The file exists but cannot be parsed; `reason` is one line for stderr.
        case corrupt(path: String, reason: String)

        public var entry: CacheEntry? {
            if case .found(let entry) = self { return entry }
            return nil
        }
    }

    public func url(for key: CacheKey) -> URL {
        directory.appendingPathComponent("\(key.fileStem).json")
    }

    /// Creates the directory (0700) if needed and vets its owner and permissions.
    public func prepareDirectory() throws {
        let path = directory.path
        var info = stat()
        if stat(path, &info) != 0 {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw TokenCacheError.unusableDirectory(path: path, reason: "it cannot be created")
            }
            guard stat(path, &info) == 0 else { throw TokenCacheError.unusableDirectory(path: path, reason: currentErrnoText()) }
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw TokenCacheError.unusableDirectory(path: path, reason: "it is not a directory")
        }
        guard info.st_uid == geteuid() else { throw TokenCacheError.foreignOwner(path: path) }
        if info.st_mode & 0o022 != 0 {
            throw TokenCacheError.insecureDirectory(path: path, mode: Self.octal(info.st_mode))
        }
    }

    /// Reads an entry. Insecure or foreign-owned files are errors; unparseable ones come back as `.corrupt`.
    public func read(_ key: CacheKey) throws -> Lookup {
        try read(at: url(for: key))
    }

    func read(at url: URL) throws -> Lookup {
        let path = url.path
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            if errno == ENOENT { return .absent }
            if errno == ELOOP { throw TokenCacheError.unusableDirectory(path: path, reason: "it is a symbolic link") }
            throw TokenCacheError.unusableDirectory(path: path, reason: currentErrnoText())
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw TokenCacheError.unusableDirectory(path: path, reason: currentErrnoText()) }
        guard info.st_uid == geteuid() else { throw TokenCacheError.foreignOwner(path: path) }
        guard info.st_mode & 0o077 == 0 else { throw TokenCacheError.insecureFile(path: path, mode: Self.octal(info.st_mode)) }
        guard info.st_size <= 1_048_576 else { return .corrupt(path: path, reason: "the file is larger than any token entry (\(info.st_size) bytes)") }
        let data = FileHandle(fileDescriptor: fd, closeOnDealloc: false).readDataToEndOfFile()
        do {
            let entry = try Self.decoder.decode(CacheEntry.self, from: data)
            guard entry.version == CacheEntry.currentVersion else {
                return .corrupt(path: path, reason: "written by an incompatible dots-sso (entry version \(entry.version))")
            }
            return .found(entry)
        } catch let error as DecodingError {
            return .corrupt(path: path, reason: JSONDiagnostics.describe(error))
        } catch {
            return .corrupt(path: path, reason: "not valid JSON")
        }
    }

    /// Writes an entry atomically with mode 0600. `beforeCommit` is the seam tests use to stop a writer mid-way.
    public func write(_ entry: CacheEntry, beforeCommit: (() throws -> Void)? = nil) throws {
        try prepareDirectory()
        var stored = entry
        stored.updatedAt = Date()
        let url = url(for: entry.key)
        do {
            var data = try Self.encoder.encode(stored)
            data.append(0x0A)
            try AtomicFile.write(data, to: url, permissions: 0o600, beforeCommit: beforeCommit)
        } catch let error as AtomicFile.WriteError {
            throw TokenCacheError.writeFailed(path: error.path, reason: "\(error.step): \(error.reason)")
        }
    }

    /// Deletes an entry (and its lock file). Returns whether there was one.
    @discardableResult
    public func remove(_ key: CacheKey) throws -> Bool {
        let url = url(for: key)
        let existed = FileManager.default.fileExists(atPath: url.path)
        if existed {
            guard unlink(url.path) == 0 else { throw TokenCacheError.writeFailed(path: url.path, reason: currentErrnoText()) }
        }
        unlink(lockPath(for: key))
        return existed
    }

    /// Runs `body` while holding the entry's lock. The lock is released when `body` returns or throws.
    public func withLock<T: Sendable>(_ key: CacheKey, _ body: () async throws -> T) async throws -> T {
        try prepareDirectory()
        let lock = try await FileLock(path: lockPath(for: key), timeout: lockTimeout)
        defer { lock.release() }
        return try await body()
    }

    func lockPath(for key: CacheKey) -> String {
        directory.appendingPathComponent("\(key.fileStem).lock").path
    }

    /// Every entry file in the directory, without secrets; unusable files are listed with their problem.
    public func list() -> [CacheListing] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { name in
            let url = directory.appendingPathComponent(name)
            var listing = CacheListing(file: url.path, hasAccessToken: false, hasRefreshToken: false, needsSignIn: false)
            do {
                switch try read(at: url) {
                case .found(let entry):
                    listing.authority = entry.key.authority
                    listing.clientId = entry.key.clientId
                    listing.account = entry.key.account
                    listing.channel = entry.channel
                    listing.subject = entry.subject
                    listing.hasAccessToken = entry.tokens != nil
                    listing.hasRefreshToken = entry.tokens?.refreshToken != nil
                    listing.expiresAt = entry.tokens?.expiresAt
                    listing.updatedAt = entry.updatedAt
                    listing.needsSignIn = entry.reauthenticationRequired != nil
                case .corrupt(_, let reason):
                    listing.problem = "corrupt: \(reason)"
                case .absent:
                    listing.problem = "vanished while listing"
                }
            } catch let error as UserFacingError {
                listing.problem = error.message
            } catch {
                listing.problem = "\(error)"
            }
            return listing
        }
    }

    /// Removes every entry, lock and leftover temporary file; returns how many entries went.
    @discardableResult
    public func clearAll() throws -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed = 0
        for name in names where name.hasSuffix(".json") || name.hasSuffix(".lock") || name.hasPrefix(AtomicFile.temporaryPrefix) {
            let path = directory.appendingPathComponent(name).path
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
