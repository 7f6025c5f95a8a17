import CSecret
import Dispatch
import DotsSSOBasics
import FoundationEssentials

/// The Secret Service (GNOME Keyring, KWallet, KeePassXC) over D-Bus, through libsecret loaded on first use. Each
/// call runs on a thread of its own and is given up after its timeout: libsecret's calls cannot be cancelled, so a
/// call that never answers is left waiting, and the command goes on without it.
package struct SecretServiceKeyring: SecretKeyring {
    package init() {}

    package func store(_ secret: String, entry: String, label: String, timeout: TimeInterval) throws {
        _ = try Self.bounded(timeout) { error -> String?? in dots_secret_store(entry, label, secret, error, 512) == 0 ? .some(nil) : nil }
    }

    package func lookup(entry: String, timeout: TimeInterval) throws -> String? {
        try Self.bounded(timeout) { error -> String?? in
            var found: UnsafeMutablePointer<CChar>?
            guard dots_secret_lookup(entry, &found, error, 512) == 0 else { return nil }
            guard let found else { return .some(nil) }
            defer { dots_secret_free(found) }
            return .some(String(cString: found))
        }
    }

    package func clear(entry: String, timeout: TimeInterval) throws {
        _ = try Self.bounded(timeout) { error -> String?? in dots_secret_clear(entry, error, 512) == 0 ? .some(nil) : nil }
    }

    /// Runs `call` on its own thread and waits at most `timeout` seconds. `call` fills the error buffer and answers
    /// nil when libsecret failed, else `.some(value)`.
    private static func bounded(
        _ timeout: TimeInterval, _ call: @escaping @Sendable (UnsafeMutablePointer<CChar>) -> String??
    ) throws -> String? {
        let outcome = OnceBox<Result<String?, KeyringError>>()
        let done = DispatchSemaphore(value: 0)
        let started = DetachedThread.start {
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: 512)
            buffer.initialize(repeating: 0, count: 512)
            defer { buffer.deallocate() }
            if let value = call(buffer) {
                outcome.set(.success(value))
            } else {
                outcome.set(.failure(.refused(ServerWords.line(String(cString: buffer)))))
            }
            done.signal()
        }
        guard started else { throw KeyringError.refused("no thread could be started for the keyring call") }
        guard done.wait(timeout: .now() + max(0.1, timeout)) == .success, let result = outcome.value else {
            throw KeyringError.noAnswer(seconds: timeout)
        }
        return try result.get()
    }
}
