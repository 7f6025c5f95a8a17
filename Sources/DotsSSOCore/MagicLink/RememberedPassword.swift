import Foundation

/// The generated password of a magic-link account, kept in its cache entry (0600) only when the user asked
/// (`--remember-password`), so `magic-link signin` can re-authenticate as the app does without anyone typing it.
public struct RememberedPassword: CachePayload {
    public static let slot = "bridgePassword"

    public var password: String

    public init(password: String) {
        self.password = password
    }
}
