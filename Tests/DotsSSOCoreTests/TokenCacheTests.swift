import DotsSSOBasics
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCore

@Suite("Token cache")
struct TokenCacheTests {
    let key = CacheKey(authority: "https://sso.acme.example", clientId: "dots")

    func entry(_ token: String) -> CacheEntry {
        CacheEntry(
            key: key, channel: "acme",
            tokens: TokenSet(accessToken: token, refreshToken: "r-\(token)", expiresAt: Date().addingTimeInterval(3600)), subject: "user-1",
            now: Date())
    }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    /// One process (no children left behind when it is killed) that takes `flock(LOCK_EX)` on `path`, prints when it
    /// took it (seconds since 1970), and sleeps.
    static func lockHolder(_ path: String, seconds: Double) throws -> BackgroundProcess {
        let script =
            "import fcntl, sys, time; f = open(sys.argv[1], 'a'); fcntl.flock(f, fcntl.LOCK_EX); print('LOCKED %.3f' % time.time(), flush=True); time.sleep(float(sys.argv[2]))"
        return try BackgroundProcess("/usr/bin/env", ["python3", "-c", script, path, String(seconds)])
    }

    @Test("entries are 0600 in a 0700 directory and read back")
    func permissions() throws {
        let home = TemporaryDirectory()
        let cache = TokenCache(directory: home.url.appendingPathComponent("cache/dots-sso"))
        try cache.write(entry("one"))
        #expect(try mode(cache.directory.path) == 0o700)
        #expect(try mode(cache.url(for: key).path) == 0o600)
        #expect(try cache.read(key).entry?.oauth.tokens?.accessToken == "one")
        #expect(try cache.read(CacheKey(authority: "https://other", clientId: "dots")) == .absent)
    }

    @Test("a writer stopped before the rename leaves the old entry intact and no stray file")
    func atomicReplace() throws {
        let home = TemporaryDirectory()
        let cache = TokenCache(directory: home.url)
        try cache.write(entry("old"))
        struct Killed: Error {}
        #expect(throws: Killed.self) {
            try cache.write(entry("new")) { throw Killed() }
        }
        #expect(try cache.read(key).entry?.oauth.tokens?.accessToken == "old")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.url.path).filter {
            $0.hasPrefix(AtomicFile.temporaryPrefix)
        }
        #expect(leftovers.isEmpty)
    }

    @Test("a temporary file left by a killed process is ignored by reads and listings and removed by clear")
    func leftoverTemporary() throws {
        let home = TemporaryDirectory()
        let cache = TokenCache(directory: home.url)
        try cache.write(entry("old"))
        let stray = home.url.appendingPathComponent("\(AtomicFile.temporaryPrefix)\(key.fileStem).json.ABC123")
        try Data(#"{"version":1,"key":{"authority":"#.utf8).write(to: stray)
        #expect(try cache.read(key).entry?.oauth.tokens?.accessToken == "old")
        #expect(try cache.entries().count == 1)
        #expect(try cache.clearAll() == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.url.path).isEmpty)
    }

    @Test("a corrupt file is reported and treated as absent, then replaced by the next write")
    func corrupt() throws {
        let home = TemporaryDirectory()
        let cache = TokenCache(directory: home.url)
        try cache.prepareDirectory()
        let url = cache.url(for: key)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data("{not json".utf8), attributes: [.posixPermissions: 0o600])
        guard case .corrupt(let path, let reason) = try cache.read(key) else {
            Issue.record("expected .corrupt")
            return
        }
        #expect(path == url.path)
        #expect(!reason.isEmpty)
        #expect(
            try CacheListUseCase(cacheDirectory: cache.directory.path).run(TestContext().context).entries.first?.problem?.hasPrefix(
                "corrupt") == true)
        try cache.write(entry("fresh"))
        #expect(try cache.read(key).entry?.oauth.tokens?.accessToken == "fresh")
    }

    @Test("a group-readable file is refused with the chmod that fixes it (exit 78)")
    func groupReadable() throws {
        let home = TemporaryDirectory()
        let cache = TokenCache(directory: home.url)
        try cache.write(entry("one"))
        let path = cache.url(for: key).path
        chmod(path, 0o640)
        do {
            _ = try cache.read(key)
            Issue.record("expected a refusal")
        } catch let error as TokenCacheError {
            #expect(error.message.contains("chmod 600 \(path)"))
            #expect(ExitStatus(for: error) == .configuration)
        }
        #expect(
            try CacheListUseCase(cacheDirectory: cache.directory.path).run(TestContext().context).entries.first?.problem?.contains(
                "readable by other users") == true)
    }

    @Test("a world-writable cache directory is refused")
    func worldWritableDirectory() throws {
        let home = TemporaryDirectory()
        chmod(home.url.path, 0o777)
        #expect(throws: TokenCacheError.self) { try TokenCache(directory: home.url).write(entry("x")) }
    }

    @Test("the entry lock waits for another process that holds it")
    func lockContention() async throws {
        let home = TemporaryDirectory()
        let cache = TokenCache(directory: home.url)
        try cache.prepareDirectory()
        let lockFile = home.url.appendingPathComponent("\(key.fileStem).lock").path
        // A separate process holds the same advisory lock for 1.5 s.
        let holder = try Self.lockHolder(lockFile, seconds: 1.5)
        // Measured from when the holder took the lock, not from when this test saw it: under load the two differ.
        let locked = Date(timeIntervalSince1970: try #require(Double(try await holder.waitFor("LOCKED ([0-9.]+)"))))
        let waited = try await cache.withLock(key) { Date().timeIntervalSince(locked) }
        #expect(waited >= 1.4, "acquired \(waited)s after another process took the lock for 1.5 s")
        #expect(waited < 30, "the lock must be taken once the other process lets go")
    }

    @Test("a lock held too long gives a clear temporary error (exit 75), not a hang")
    func lockTimeout() async throws {
        let home = TemporaryDirectory()
        var cache = TokenCache(directory: home.url)
        cache.lockTimeout = 0.5
        try cache.prepareDirectory()
        let lockFile = home.url.appendingPathComponent("\(key.fileStem).lock").path
        let holder = try Self.lockHolder(lockFile, seconds: 30)
        _ = try await holder.waitFor("LOCKED (\\d)")
        do {
            _ = try await cache.withLock(key) { 1 }
            Issue.record("expected a lock timeout")
        } catch let error as TokenCacheError {
            #expect(ExitStatus(for: error) == .temporary)
        }
        holder.stop()
    }

    @Test("concurrent writers under the lock never lose an update")
    func serialisedUpdates() async throws {
        let home = TemporaryDirectory()
        let cache = TokenCache(directory: home.url)
        let key = self.key
        try cache.write(CacheEntry(key: key, tokens: TokenSet(accessToken: "0"), now: Date()))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await cache.withLock(key) {
                        var current = try cache.read(key).entry!
                        current.oauth.tokens!.accessToken = String(Int(current.oauth.tokens!.accessToken)! + 1)
                        try cache.write(current)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try cache.read(key).entry?.oauth.tokens?.accessToken == "20")
    }

    @Test("cache file names are stable, distinct per account and readable")
    func fileNames() {
        let other = CacheKey(authority: key.authority, clientId: key.client, account: "support")
        #expect(key.fileStem == CacheKey(authority: "https://sso.acme.example", clientId: "dots").fileStem)
        #expect(key.fileStem != other.fileStem)
        #expect(key.fileStem.hasPrefix("sso.acme.example-"))
    }
}
