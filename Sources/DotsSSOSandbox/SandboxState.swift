import DotsSSOCore
import Foundation

/// Everything the sandbox provider remembers: codes, tokens, refresh-token families and a request log.
actor SandboxState {
    struct Grant {
        let clientID: String
        let redirectURI: String
        let challenge: String
        let subject: String
        let scope: String
        let nonce: String?
    }

    struct IssuedToken {
        let subject: String
        let clientID: String
        let scope: String
        let expiresAt: Date
        let family: String
    }

    /// One request as the tests see it: method, path and the form fields of a POST (never logged anywhere else).
    struct LoggedRequest: Sendable {
        let method: String
        let path: String
        let query: [String: String]
        let form: [String: String]
    }

    private var codes: [String: Grant] = [:]
    private var accessTokens: [String: IssuedToken] = [:]
    private var refreshTokens: [String: IssuedToken] = [:]
    /// Refresh tokens that were rotated away; presenting one again revokes its whole family (RFC 9700 §4.14.2).
    private var usedRefreshTokens: [String: String] = [:]
    private var revokedFamilies: Set<String> = []
    private(set) var requests: [LoggedRequest] = []

    func log(_ request: LoggedRequest) { requests.append(request) }

    func storeCode(_ code: String, _ grant: Grant) { codes[code] = grant }

    /// Codes are single-use.
    func takeCode(_ code: String) -> Grant? { codes.removeValue(forKey: code) }

    func storeTokens(access: String, refresh: String, token: IssuedToken) {
        accessTokens[access] = token
        refreshTokens[refresh] = token
    }

    func accessToken(_ value: String) -> IssuedToken? {
        guard let token = accessTokens[value], token.expiresAt > Date(), !revokedFamilies.contains(token.family) else { return nil }
        return token
    }

    enum RefreshOutcome { case valid(IssuedToken), reused, unknown }

    /// Consumes a refresh token for rotation; a second use of a rotated token revokes the family.
    func consumeRefresh(_ value: String) -> RefreshOutcome {
        if let family = usedRefreshTokens[value] {
            revokedFamilies.insert(family)
            return .reused
        }
        guard let token = refreshTokens.removeValue(forKey: value), !revokedFamilies.contains(token.family) else { return .unknown }
        usedRefreshTokens[value] = token.family
        return .valid(token)
    }

    /// RFC 7009: revoking either token ends the whole grant.
    func revoke(_ value: String) {
        if let token = refreshTokens[value] ?? accessTokens[value] { revokedFamilies.insert(token.family) }
    }

    /// Invalidates a subject's access tokens but keeps refresh tokens working (an access token revoked early).
    func dropAccessTokens(subject: String) {
        accessTokens = accessTokens.filter { $0.value.subject != subject }
    }

    /// Ends every grant of a subject (what a partner does when it removes a member).
    func revokeAll(subject: String) {
        for token in Array(accessTokens.values) + Array(refreshTokens.values) where token.subject == subject {
            revokedFamilies.insert(token.family)
        }
    }
}
