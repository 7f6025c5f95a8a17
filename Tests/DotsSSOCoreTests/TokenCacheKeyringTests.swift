import DotsSSOBasics
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCore

/// A keyring in memory, which can be made to refuse or to stop answering, for the cache's rules about the keyring.
final class MemoryKeyring: SecretKeyring, @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String: String] = [:]
    var failure: KeyringError?

    var count: Int { lock.withLock { items.count } }
    func item(_ entry: String) -> String? { lock.withLock { items[entry] } }

    func store(_ secret: String, entry: String, label: String, timeout: TimeInterval) throws {
        if let failure { throw failure }
        lock.withLock { items[entry] = secret }
    }

    func lookup(entry: String, timeout: TimeInterval) throws -> String? {
        if let failure { throw failure }
        return lock.withLock { items[entry] }
    }

    func clear(entry: String, timeout: TimeInterval) throws {
        if let failure { throw failure }
        _ = lock.withLock { items.removeValue(forKey: entry) }
    }
}

@Suite("Token cache with a keyring")
struct TokenCacheKeyringTests {
    /// The entries of the plain cache's tests.
    let plain = TokenCacheTests()
    var key: CacheKey { plain.key }
    func entry(_ token: String) -> CacheEntry { plain.entry(token) }

    func cache(_ home: TemporaryDirectory, _ keyring: MemoryKeyring, store: TokenStore?, warnings: Counter? = nil) -> TokenCache {
        var cache = TokenCache(directory: home.url.appendingPathComponent("cache"))
        cache.keyring = keyring
        cache.store = store
        if let warnings { cache.warn = { _ in _ = warnings.increment() } }
        return cache
    }

    @Test(
        "keyring: the file names the sign-in and holds no token; reads and later writes (with no store asked) use the keyring; file moves it back and the item goes"
    )
    func roundTrip() async throws {
        let home = TemporaryDirectory()
        let keyring = MemoryKeyring()
        let inKeyring = cache(home, keyring, store: .keyring)
        try await inKeyring.update(key) { $0 = entry("secret-one") }
        let path = inKeyring.url(for: key).path
        let file = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!file.contains("secret-one") && file.contains("keyring") && file.contains("user-1"))
        #expect(keyring.item(path)?.contains("secret-one") == true)

        // A command that asks for no store (profile's refresh) keeps the entry where it is.
        let unasked = cache(home, keyring, store: nil)
        #expect(try unasked.read(key).entry?.oauth.tokens?.accessToken == "secret-one")
        try await unasked.update(key) { $0?.oauth.tokens?.accessToken = "secret-two" }
        let second = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!second.contains("secret-two") && keyring.item(path)?.contains("secret-two") == true)

        // --token-store file: the tokens come back to the file, the keyring forgets them.
        try await cache(home, keyring, store: .file).update(key) { _ in }
        let back = try String(contentsOfFile: path, encoding: .utf8)
        #expect(back.contains("secret-two") && keyring.count == 0)

        // A move back whose file cannot be written keeps the tokens in the keyring: nothing is lost.
        try await inKeyring.update(key) { _ in }
        struct Interrupted: Error {}
        var entryNow = try #require(try inKeyring.read(key).entry)
        entryNow.oauth.tokens?.accessToken = "secret-three"
        #expect(throws: Interrupted.self) { try cache(home, keyring, store: .file).write(entryNow) { throw Interrupted() } }
        #expect(keyring.item(path)?.contains("secret-two") == true)
        #expect(try inKeyring.read(key).entry?.oauth.tokens?.accessToken == "secret-two")

        // Removing an entry in the keyring removes its item.
        try await inKeyring.update(key) { _ in }
        #expect(keyring.count == 1)
        try await inKeyring.remove(key)
        #expect(keyring.count == 0)
    }

    @Test(
        "a keyring that refuses or does not answer: one warning, the tokens in the file (0600); reading an entry whose keyring is unavailable is 75 saying so; its item gone reads as unreadable"
    )
    func failures() async throws {
        let home = TemporaryDirectory()
        let keyring = MemoryKeyring()
        keyring.failure = .noAnswer(seconds: 3)
        let warnings = Counter()
        let stuck = cache(home, keyring, store: .keyring, warnings: warnings)
        try await stuck.update(key) { $0 = entry("kept-here") }
        let path = stuck.url(for: key).path
        let kept = try String(contentsOfFile: path, encoding: .utf8)
        #expect(warnings.increment() == 2 && kept.contains("kept-here"))

        keyring.failure = nil
        try await stuck.update(key) { _ in }  // now it answers: the tokens move there
        #expect(keyring.count == 1)
        keyring.failure = .refused("Cannot autolaunch D-Bus without X11 $DISPLAY")
        #expect(throws: TokenCacheError.self) { try stuck.read(key) }
        do {
            _ = try stuck.read(key)
        } catch let error as TokenCacheError {
            #expect(error.exitStatus == .temporary && error.message.contains("X11") && error.message.contains("--token-store file"))
        }
        keyring.failure = nil
        try keyring.clear(entry: path, timeout: 1)
        guard case .corrupt(_, let reason) = try stuck.read(key) else {
            Issue.record("an entry whose item is gone reads as unreadable")
            return
        }
        #expect(reason.contains("locked") && reason.contains("removed"))
        var none = TokenCache(directory: home.url.appendingPathComponent("cache"))
        none.keyring = nil
        try await cache(home, keyring, store: .keyring).update(key) { $0 = entry("again") }
        #expect(throws: TokenCacheError.self) { try none.read(key) }
    }
}
