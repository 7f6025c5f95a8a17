import DotsSSOBasics
import FoundationEssentials

/// Caches a magic-link session the way `redeem`, `signup` and `signin` all do: the session under the participant's
/// Bridge key (0600, never printed), the subject, and the password the call set when it is to be remembered.
enum BridgeSessionStore {
    /// `password`: the one this call set (nil when it set none). It is kept when `remember`, or — `replaceRemembered` —
    /// when an earlier one was kept, since that one no longer works.
    static func save(
        _ redemption: MagicLinkClient.Redemption, email: String, study: String, baseURL: String, channel: String?,
        password: String?, remember: Bool, replaceRemembered: Bool,
        cacheDirectory: String?, in ctx: CommandContext
    ) async throws -> MagicLinkRedeemUseCase.Result {
        let cache = ctx.tokenCache(directory: cacheDirectory)
        let key = MagicLinkClient.cacheKey(baseURL: baseURL, study: study, email: email)
        let now = ctx.clock.now()
        try await cache.update(key) { entry in
            var updated = entry ?? CacheEntry(key: key, channel: channel, now: now)
            updated.setPayload(redemption.session)
            if let password, remember || (replaceRemembered && updated.payload(RememberedPassword.self) != nil) {
                updated.setPayload(RememberedPassword(password: password))
            }
            updated.subject = redemption.session.userId ?? updated.subject
            entry = updated
        }
        return MagicLinkRedeemUseCase.Result(
            email: email, study: study, userId: redemption.session.userId,
            authenticated: redemption.session.authenticated, consentRequired: redemption.consentRequired,
            passwordChanged: password != nil, cacheFile: cache.url(for: key).path)
    }
}
