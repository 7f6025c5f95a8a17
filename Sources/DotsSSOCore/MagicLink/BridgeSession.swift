import DotsSSOBasics
import FoundationEssentials

/// A Bridge session from `magic-link redeem` as cached (the tokens are secrets; only `token print --session` shows one).
package struct BridgeSession: CachePayload {
    package static let slot = "bridge"

    package var sessionToken: String
    package var reauthToken: String?
    package var userId: String?
    package var email: String?
    package var authenticated: Bool?
    package var consented: Bool?
    package var study: String
    package var createdAt: Date

    package init(
        sessionToken: String, reauthToken: String?, userId: String?, email: String?, authenticated: Bool?,
        consented: Bool?, study: String, createdAt: Date
    ) {
        self.sessionToken = sessionToken
        self.reauthToken = reauthToken
        self.userId = userId
        self.email = email
        self.authenticated = authenticated
        self.consented = consented
        self.study = study
        self.createdAt = createdAt
    }
}
