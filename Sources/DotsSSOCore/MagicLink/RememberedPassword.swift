import DotsSSOBasics
import FoundationEssentials

/// The generated password of a magic-link account, kept in its cache entry (0600) only when the user asked
/// (`--remember-password`), so `magic-link signin` can re-authenticate as the app does without anyone typing it.
package struct RememberedPassword: CachePayload {
    package static let slot = "bridgePassword"

    package var password: String

    package init(password: String) {
        self.password = password
    }
}
