import Foundation

/// A Bridge session from `magic-link redeem` as cached (the tokens are secrets; only `token print --session` shows one).
public struct BridgeSession: CachePayload {
    public static let slot = "bridge"

    public var sessionToken: String
    public var reauthToken: String?
    public var userId: String?
    public var email: String?
    public var authenticated: Bool?
    public var consented: Bool?
    public var study: String
    public var createdAt: Date

    public init(
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
