import DotsSSOBasics
import FoundationEssentials

/// A keyring that keeps one secret per cache entry (the Secret Service on Linux). Each call is bounded by `timeout`:
/// a locked keyring asks a person to unlock it, which on a server nobody ever does.
package protocol SecretKeyring: Sendable {
    func store(_ secret: String, entry: String, label: String, timeout: TimeInterval) throws
    /// The entry's secret, or nil when the keyring has none.
    func lookup(entry: String, timeout: TimeInterval) throws -> String?
    func clear(entry: String, timeout: TimeInterval) throws
}

/// Why the keyring could not be used.
package enum KeyringError: Error, Equatable, Sendable {
    /// The call did not finish in time (a locked keyring waiting for a person, a stuck D-Bus).
    case noAnswer(seconds: TimeInterval)
    /// The keyring, D-Bus or libsecret said no, in these words.
    case refused(String)

    /// One line for the user: what happened, in plain words.
    package var reason: String {
        switch self {
        case .noAnswer(let seconds):
            "no keyring answered within \(Int(clamping: seconds.rounded(.up), to: 0...86_400)) s (locked, or waiting for a password prompt nobody sees)"
        case .refused(let words): words
        }
    }
}
