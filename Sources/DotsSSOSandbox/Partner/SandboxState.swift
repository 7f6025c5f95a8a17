import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// Everything the sandbox partner remembers while it runs: authorization requests waiting at the login page,
/// codes, tokens and refresh-token families, e-mail sign-in tokens and passwords, the outbox, and a request log.
actor SandboxState {
    /// An authorization request that passed validation, waiting for the member at the login page.
    struct AuthorizationAttempt: Sendable {
        let client: SandboxClient
        let redirectURI: String
        let state: String?
        let challenge: String
        let scope: String
        let nonce: String?
        let createdAt: Date
        /// The DPoP key the code is bound to (`dpop_jkt`, RFC 9449 §10), when the request named one.
        var dpopJkt: String? = nil
    }

    struct Grant {
        let clientID: String
        let redirectURI: String
        let challenge: String
        let subject: String
        let scope: String
        let nonce: String?
        let expiresAt: Date
        /// When the member authenticated (the login form, or --auto-approve): the id_token's `auth_time`.
        let authTime: Date
        var dpopJkt: String? = nil
    }

    struct IssuedToken {
        let subject: String
        let clientID: String
        let scope: String
        let expiresAt: Date
        let family: String
        /// Carried from the sign-in to every refreshed id_token (OIDC Core §12.2: the same authentication).
        let authTime: Date
        /// The DPoP key the tokens are bound to (RFC 9449 §6): the refresh and every resource request must prove it.
        var jkt: String? = nil
    }

    /// A browser signed in at the sandbox (its session cookie names it): who, and when they typed their password.
    struct BrowserSession: Sendable {
        let subject: String
        let authTime: Date
        let expiresAt: Date
    }

    /// One request as the tests see it: method, path and the form fields of a POST (never logged anywhere else).
    struct LoggedRequest: Sendable {
        let method: String
        let path: String
        let query: [String: String]
        let form: [String: String]
    }

    /// The sandbox's clock (`Settings.now`), for the lifetimes kept here.
    private let clock: @Sendable () -> Date

    /// The nonce DPoP proofs must carry here (RFC 9449 §8), one per sandbox run.
    nonisolated let dpopNonce: String

    init(clock: @escaping @Sendable () -> Date = WallClock.system.now) {
        self.clock = clock
        dpopNonce = (try? SecureRandom.base64URLString(byteCount: 16)) ?? UUID().uuidString
    }

    private var attempts: [String: AuthorizationAttempt] = [:]
    /// Pushed authorization requests (RFC 9126) by request_uri: the client that pushed, its parameters, and until when.
    private var pushedRequests: [String: (clientID: String, parameters: [String: String], expires: Date)] = [:]
    private var browserSessions: [String: BrowserSession] = [:]
    private var codes: [String: Grant] = [:]
    /// Codes already exchanged; each code names the token family it started, so a second use revokes that (RFC 6749 §4.1.2).
    private var usedCodes: Set<String> = []
    private var accessTokens: [String: IssuedToken] = [:]
    private var refreshTokens: [String: IssuedToken] = [:]
    /// Refresh tokens that were rotated away; presenting one again revokes its whole family (RFC 9700 §4.14.2).
    private var usedRefreshTokens: [String: String] = [:]
    private var revokedFamilies: Set<String> = []
    /// Members removed through the Channels API: nothing signs them in again.
    private(set) var removedSubjects: Set<String> = []
    private var emailTokens: [String: (token: String, issuedAt: Date)] = [:]
    private var passwords: [String: String] = [:]
    /// When each address last asked for a link (members or not, so the throttle says nothing about accounts).
    private var linkRequests: [String: Date] = [:]
    /// Accounts made with `/v3/auth/signUp`: e-mail → password; they wait for consent.
    private var signedUp: [String: String] = [:]
    private(set) var emails: [SandboxEmail] = []
    private(set) var requests: [LoggedRequest] = []

    func log(_ request: LoggedRequest) { requests.append(request) }

    // MARK: OpenWeb and OAuth Echo

    private var openWebCodes: [String: Date] = [:]
    private var echoNonces: Set<String> = []

    /// Starts an OpenWeb SSO session as the SDK does: a new single-use codeA, valid 5 minutes.
    func issueOpenWebCode(now: Date) throws -> String {
        let code = "codeA-" + (try SecureRandom.base64URLString(byteCount: 12))
        openWebCodes[code] = now
        return code
    }

    /// Whether `code` was issued in the last 5 minutes and not used yet; using it spends it.
    func takeOpenWebCode(_ code: String, now: Date) -> Bool {
        guard let issued = openWebCodes.removeValue(forKey: code) else { return false }
        return now.timeIntervalSince(issued) <= 300
    }

    /// Whether this Echo nonce is new (a replayed header reuses one).
    func spendEchoNonce(_ nonce: String) -> Bool { echoNonces.insert(nonce).inserted }

    // MARK: Authorization

    func storeAttempt(_ id: String, _ attempt: AuthorizationAttempt) {
        let cutoff = attempt.createdAt.addingTimeInterval(-600)
        attempts = attempts.filter { $0.value.createdAt > cutoff }
        attempts[id] = attempt
    }

    /// A login-page request is answered once (signed in or cancelled).
    func takeAttempt(_ id: String) -> AuthorizationAttempt? { attempts.removeValue(forKey: id) }

    func attempt(_ id: String) -> AuthorizationAttempt? { attempts[id] }

    /// Client assertions seen, by jti, until they expire: each is accepted once (RFC 7523 §3, item 7).
    private var assertionIDs: [String: TimeInterval] = [:]

    func firstUse(ofAssertion jti: String, until expiry: TimeInterval) -> Bool {
        let now = clock().timeIntervalSince1970
        assertionIDs = assertionIDs.filter { $0.value > now }
        guard assertionIDs[jti] == nil else { return false }
        assertionIDs[jti] = expiry
        return true
    }

    func storePushed(_ requestURI: String, clientID: String, parameters: [String: String], expires: Date) {
        pushedRequests = pushedRequests.filter { $0.value.expires > expires.addingTimeInterval(-3600) }
        pushedRequests[requestURI] = (clientID, parameters, expires)
    }

    /// A pushed request is used once (RFC 9126 §4 lets a provider allow more; this one does not), by the client that
    /// pushed it, before it expires.
    func takePushed(_ requestURI: String, clientID: String, now: Date) -> [String: String]? {
        guard let pushed = pushedRequests.removeValue(forKey: requestURI), pushed.clientID == clientID, pushed.expires > now else {
            return nil
        }
        return pushed.parameters
    }

    func storeCode(_ code: String, _ grant: Grant) { codes[code] = grant }

    enum CodeOutcome { case valid(Grant), expired, reused, unknown }

    /// Codes are single-use and short-lived; presenting a used one ends the grant it started.
    func takeCode(_ code: String, now: Date) -> CodeOutcome {
        if usedCodes.contains(code) {
            revokedFamilies.insert(code)
            return .reused
        }
        guard let grant = codes.removeValue(forKey: code) else { return .unknown }
        usedCodes.insert(code)
        return grant.expiresAt > now ? .valid(grant) : .expired
    }

    // MARK: Device authorization (RFC 8628)

    /// A device sign-in waiting for the member at `/device`.
    struct DeviceRequest: Sendable {
        let clientID: String
        let scope: String
        let challenge: String?
        let nonce: String?
        let userCode: String
        let expiresAt: Date
        /// Grows by 5 s each time the client polls too fast (RFC 8628 §3.5 slow_down).
        var interval: TimeInterval
        var lastPoll: Date?
        /// nil while pending; the member's subject once approved; "" once denied.
        var decision: String?
    }

    private var deviceRequests: [String: DeviceRequest] = [:]

    func storeDevice(_ deviceCode: String, _ request: DeviceRequest) {
        let now = clock()
        deviceRequests = deviceRequests.filter { $0.value.expiresAt > now }
        deviceRequests[deviceCode] = request
    }

    /// The device code of the pending, unexpired request the member's code names (case, spaces and dashes ignored).
    private func pendingDeviceCode(userCode: String) -> String? {
        let wanted = Self.normalize(userCode), now = clock()
        return deviceRequests.first { Self.normalize($0.value.userCode) == wanted && $0.value.decision == nil && $0.value.expiresAt > now }?
            .key
    }

    /// A pending request by the code the member typed.
    func deviceRequest(userCode: String) -> DeviceRequest? {
        pendingDeviceCode(userCode: userCode).flatMap { deviceRequests[$0] }
    }

    /// Records the member's answer to the request with `userCode`; false when there is no such pending request.
    func decideDevice(userCode: String, subject: String?) -> Bool {
        guard let code = pendingDeviceCode(userCode: userCode) else { return false }
        deviceRequests[code]?.decision = subject ?? ""
        return true
    }

    static func normalize(_ userCode: String) -> String {
        userCode.uppercased().filter { $0.isLetter || $0.isNumber }
    }

    enum DevicePoll { case pending, slowDown, denied, expired, approved(DeviceRequest, subject: String), unknown }

    /// One poll of the token endpoint: too fast → slow_down (and the interval grows), then the member's answer. An
    /// approved request is answered once.
    func pollDevice(_ deviceCode: String, clientID: String, now: Date) -> DevicePoll {
        guard var request = deviceRequests[deviceCode], request.clientID == clientID else { return .unknown }
        guard request.expiresAt > now else {
            deviceRequests[deviceCode] = nil
            return .expired
        }
        // A little slack: a client sleeping exactly the interval arrives a hair early or late.
        if let last = request.lastPoll, now.timeIntervalSince(last) < request.interval - 0.25 {
            request.interval += 5
            request.lastPoll = now
            deviceRequests[deviceCode] = request
            return .slowDown
        }
        request.lastPoll = now
        deviceRequests[deviceCode] = request
        switch request.decision {
        case nil: return .pending
        case ""?:
            deviceRequests[deviceCode] = nil
            return .denied
        case let subject?:
            deviceRequests[deviceCode] = nil
            return .approved(request, subject: subject)
        }
    }

    // MARK: Tokens

    func storeTokens(access: String, refresh: String, token: IssuedToken) {
        accessTokens[access] = token
        refreshTokens[refresh] = token
    }

    func accessToken(_ value: String, now: Date) -> IssuedToken? {
        guard let token = accessTokens[value], token.expiresAt > now, !revokedFamilies.contains(token.family),
            !removedSubjects.contains(token.subject)
        else { return nil }
        return token
    }

    enum RefreshOutcome { case valid(IssuedToken), reused, unknown }

    /// Consumes a refresh token for rotation; a second use of a rotated token revokes the family.
    func consumeRefresh(_ value: String) -> RefreshOutcome {
        if let family = usedRefreshTokens[value] {
            revokedFamilies.insert(family)
            return .reused
        }
        guard let token = refreshTokens.removeValue(forKey: value), !revokedFamilies.contains(token.family),
            !removedSubjects.contains(token.subject)
        else { return .unknown }
        usedRefreshTokens[value] = token.family
        return .valid(token)
    }

    /// A token as introspection sees it (RFC 7662): an access token still valid, or a refresh token not yet rotated
    /// away, of a grant not revoked; nil for anything else (which introspection answers `active: false`).
    func introspect(_ value: String, now: Date) -> (token: IssuedToken, refresh: Bool)? {
        if let token = accessToken(value, now: now) { return (token, false) }
        guard let token = refreshTokens[value], !revokedFamilies.contains(token.family), !removedSubjects.contains(token.subject) else {
            return nil
        }
        return (token, true)
    }

    /// RFC 7009: revoking either token ends the whole grant.
    func revoke(_ value: String) {
        if let token = refreshTokens[value] ?? accessTokens[value] { revokedFamilies.insert(token.family) }
    }

    /// Invalidates a subject's access tokens but keeps refresh tokens working (an access token revoked early).
    func dropAccessTokens(subject: String) {
        accessTokens = accessTokens.filter { $0.value.subject != subject }
    }

    /// Ends every grant of a subject (the Channels API's log-out, or a partner removing a member), and every
    /// browser session they have at the sandbox.
    func revokeAll(subject: String) {
        for token in Array(accessTokens.values) + Array(refreshTokens.values) where token.subject == subject {
            revokedFamilies.insert(token.family)
        }
        browserSessions = browserSessions.filter { $0.value.subject != subject }
    }

    // MARK: Browser sessions

    func startBrowserSession(_ id: String, _ session: BrowserSession) {
        browserSessions = browserSessions.filter { $0.value.expiresAt > session.authTime }
        browserSessions[id] = session
    }

    /// The live session a cookie names; nil when unknown, expired, or its member was removed.
    func browserSession(_ id: String, now: Date) -> BrowserSession? {
        guard let session = browserSessions[id], session.expiresAt > now, !removedSubjects.contains(session.subject) else { return nil }
        return session
    }

    func endBrowserSession(_ id: String) { browserSessions[id] = nil }

    /// Logs the member out everywhere and refuses them from now on.
    func remove(subject: String) {
        revokeAll(subject: subject)
        removedSubjects.insert(subject)
    }

    // MARK: E-mail sign-in

    func storeEmailToken(_ token: String, for email: String, at date: Date) { emailTokens[email] = (token, date) }

    /// Seed 001: the token is stored "mapped to email, TTL 1 minute" (the same minute as the resend throttle).
    static let emailTokenLifetime: TimeInterval = 60

    /// An e-mailed token is single-use and valid for a minute.
    func takeEmailToken(_ token: String, for email: String, now: Date) -> Bool {
        guard let issued = emailTokens[email], issued.token == token, now.timeIntervalSince(issued.issuedAt) < Self.emailTokenLifetime
        else {
            return false
        }
        emailTokens[email] = nil
        return true
    }

    /// Seconds left to wait when `email` asked within `window`; nil (and the request counted) otherwise.
    func throttle(_ email: String, now: Date, window: TimeInterval) -> TimeInterval? {
        if let last = linkRequests[email], now.timeIntervalSince(last) < window {
            return window - now.timeIntervalSince(last)
        }
        linkRequests[email] = now
        return nil
    }

    func signUp(_ email: String, password: String) {
        if signedUp[email] == nil { signedUp[email] = password }
    }

    func signedUpPassword(_ email: String) -> String? { signedUp[email] }

    func password(for username: String) -> String? { passwords[username] }

    func setPassword(_ password: String, for username: String) { passwords[username] = password }

    func record(_ email: SandboxEmail) { emails.append(email) }
}
