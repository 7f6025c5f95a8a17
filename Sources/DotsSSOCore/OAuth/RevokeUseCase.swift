import DotsSSOBasics
import FoundationEssentials

/// `dots-sso revoke` and `logout`: RFC 7009 revocation of the refresh token, then the access token; removal of
/// the cached sign-in; and the provider's logout URL, so the user can end the browser session too.
///
/// `revoke` is strict: a revocation that fails is not a success, so the tokens stay cached (a retry can still
/// revoke them) and the command fails with the failure's exit status. `logout` ends the session: it revokes what
/// can be revoked, says what could not, and always gives the end-session URL when the provider has one; a
/// provider without a revocation endpoint is then a warning, not a failure (nothing more could be done there).
/// `localOnly` forgets the sign-in here without contacting the provider at all.
package struct RevokeUseCase: Sendable {
    /// Which command: how strict a revocation that cannot happen is.
    package enum Mode: Sendable { case revoke, logout }

    package var signIn: SignInSettings
    package var mode: Mode
    /// `--local-only`: remove the cached sign-in without revoking anything at the provider.
    package var localOnly: Bool
    /// `logout --keep-sign-in`: only end the provider's browser session; the cached sign-in stays, unrevoked.
    package var keepSignIn: Bool
    /// `--open`: open the provider's logout URL in the browser (with the `id_token_hint` the printed URL leaves out).
    package var openBrowser: Bool

    package init(signIn: SignInSettings, mode: Mode = .revoke, localOnly: Bool = false, keepSignIn: Bool = false, openBrowser: Bool = false)
    {
        self.signIn = signIn
        self.mode = mode
        self.localOnly = localOnly
        self.keepSignIn = keepSignIn
        self.openBrowser = openBrowser
    }

    /// What happened; `--json` shows every field but the cache file (the text output names it).
    package struct Result: Encodable, Sendable, Equatable {
        package var removed: Bool
        /// Which tokens the provider revoked, in the order asked.
        package var revoked: [String]
        /// Why the tokens were not revoked at the provider (only with `--local-only`: otherwise the command fails).
        package var revocationProblem: String?
        /// The provider's logout URL: `client_id`, `post_logout_redirect_uri` and `state` (never the id_token).
        package var logoutURL: String?
        /// Whether the logout URL was opened in the browser (`--open`).
        package var opened: Bool = false
        /// How the provider sent the person back to a loopback post-logout redirect (`--open` only): `confirmed`
        /// (this logout's state), `without-state`; nil when nobody came back or nothing listened.
        package var returned: LogoutReturn.Outcome?
        /// The cache file that held (or would hold) the sign-in.
        package var cacheFile: String
        /// `logout` only: the revocation that was tried and failed. The URL is still given; the command then fails
        /// with this error's status, and the sign-in stays cached so a retry can revoke it.
        package var failure: RevocationFailed?
        /// `--keep-sign-in`: the cache entry was left on purpose.
        package var keptSignIn: Bool = false

        enum CodingKeys: String, CodingKey {
            case removed, revoked, revocationProblem, logoutURL, opened, returned, keptSignIn
        }
    }

    package func run(_ ctx: CommandContext) async throws -> Result {
        let client = try SignInContext(signIn, in: ctx)
        let oauth = (try? client.cache.read(client.key).entry)?.oauth
        let endpoints =
            localOnly
            ? localEndpoints(remembered: oauth?.endpoints, channel: client.channel)
            : await self.endpoints(remembered: oauth?.endpoints, client: client)
        if keepSignIn && endpoints.endSession == nil {
            throw OAuthError.noEndSessionToKeepSignIn
        }
        var revoked: [String] = []
        var problem: String?
        var failure: RevocationFailed?
        if let tokens = oauth?.tokens, !keepSignIn {
            if localOnly {
                problem = "\(CLIFlag.localOnly): nothing was revoked at the provider; the tokens stay valid there until they expire"
            } else if endpoints.revocation == nil, mode == .logout, endpoints.endSession != nil {
                problem = Self.unrevoked(tokens)
            } else {
                do {
                    revoked = try await revoke(tokens, at: endpoints.revocation, client: client)
                } catch let error as RevocationFailed where mode == .logout && endpoints.endSession != nil {
                    failure = error
                } catch {
                    await remember(endpoints, remembered: oauth?.endpoints, client: client)
                    throw error
                }
            }
        }
        // Removed whatever state the file is in (a corrupt or over-readable entry goes too), under the lock.
        let removed = keepSignIn || failure != nil ? false : try await client.cache.remove(client.key)
        if !removed, !localOnly { await remember(endpoints, remembered: oauth?.endpoints, client: client) }
        if let problem { ctx.warn(problem) }
        var result = Result(
            removed: removed, revoked: revoked, revocationProblem: failure?.message ?? problem, logoutURL: nil,
            cacheFile: client.cache.url(for: client.key).path, failure: failure, keptSignIn: keepSignIn)
        if let endSession = endpoints.endSession {
            let logout = try LogoutRequest(
                endSession: endSession, clientID: client.credentials.clientID,
                postLogoutRedirectURI: client.channel.postLogoutRedirectUri, idToken: oauth?.tokens?.idToken)
            result.logoutURL = logout.printable
            if openBrowser {
                // A loopback post-logout redirect is ours to receive: listen before the browser goes.
                let redirect = client.channel.postLogoutRedirectUri.flatMap(LogoutReturn.loopback)
                var listener: LogoutReturn?
                if let redirect {
                    do {
                        listener = try await LogoutReturn.start(
                            listening: ctx.listening, port: redirect.port, path: redirect.path, expectedState: logout.state)
                    } catch let error as ListenerError {
                        ctx.warn("not waiting for the return to the post-logout redirect: \(error.message)")
                    }
                }
                result.opened = ctx.openForPerson(logout.forBrowser, printed: "the printed logout URL")
                if let listener, let redirect {
                    result.returned = try await awaitReturn(listener, at: redirect.port, opened: result.opened, ctx: ctx)
                }
            }
        } else if openBrowser {
            ctx.warn(
                "the provider names no end-session endpoint, so there is no logout page to open (\(CLIFlag.endSessionEndpoint) sets it)")
        }
        return result
    }

    /// The provider's return to the loopback post-logout redirect: its state must be this logout's.
    private func awaitReturn(_ listener: LogoutReturn, at port: Int, opened: Bool, ctx: CommandContext) async throws -> LogoutReturn
        .Outcome?
    {
        let timeout = signIn.http.timeout ?? 120
        switch await listener.wait(timeout: opened ? timeout : 0) {
        case .confirmed?:
            return .confirmed
        case .withoutState?:
            ctx.warn(
                "the provider sent the browser back without the state this logout sent (RP-Initiated Logout §3 requires it), "
                    + "so the return cannot be tied to this logout")
            return .withoutState
        case .otherState?:
            throw OAuthError.logoutReturnStateMismatch
        case nil:
            if opened {
                ctx.warn(
                    "nobody came back to the post-logout redirect on port \(port) within \(Int(timeout)) s; the provider's page may be "
                        + "asking the person to confirm")
            }
            return nil
        }
    }

    /// What stays alive when the provider offers no revocation: said plainly, with the access token's expiry.
    static func unrevoked(_ tokens: TokenSet) -> String {
        let access =
            tokens.expiresAt.map { "the access token stays valid until \(ISOTimestamp.string($0))" }
            ?? "the access token stays valid until it expires"
        let refresh =
            tokens.refreshToken == nil
            ? ""
            : "; the refresh token stays valid at the provider until it expires, which may be never (ending the browser session "
                + "below does not end it at every provider)"
        return "the provider names no revocation endpoint, so nothing was revoked: \(access)\(refresh); "
            + "\(CLIFlag.revocationEndpoint) URL sets one if the provider has it (`dots-sso revoke` also reads its RFC 8414 metadata for one)"
    }

    /// RFC 7009 §2.1: revoking the refresh token first also ends its access tokens at most providers.
    private func revoke(_ tokens: TokenSet, at revocation: String?, client: SignInContext) async throws -> [String] {
        guard let revocation else {
            throw RevocationFailed(
                reason: "the provider names no revocation endpoint (neither of its metadata documents lists one; "
                    + "\(CLIFlag.revocationEndpoint) URL sets it; `dots-sso logout` still ends the browser session where the provider has an end-session endpoint)",
                status: .configuration, revoked: [])
        }
        var revoked: [String] = []
        do {
            let url = try URLPolicy.validate(revocation)
            let tokenClient = TokenEndpointClient(http: client.http, credentials: client.credentials)  // no proof is asked (RFC 9449)
            if let refresh = tokens.refreshToken {
                try await tokenClient.revoke(token: refresh, hint: "refresh_token", endpoint: url)
                revoked.append("refresh_token")
            }
            try await tokenClient.revoke(token: tokens.accessToken, hint: "access_token", endpoint: url)
            revoked.append("access_token")
        } catch let error as UserFacingError {
            throw RevocationFailed(reason: error.message, status: error.exitStatus, revoked: revoked)
        }
        return revoked
    }

    /// `--local-only` contacts nobody: the logout URL comes from the channel or what the sign-in remembered.
    private func localEndpoints(remembered: StoredEndpoints?, channel: Channel) -> StoredEndpoints {
        var endpoints = remembered ?? StoredEndpoints()
        endpoints.endSession = channel.endSessionEndpoint ?? endpoints.endSession
        return endpoints
    }

    /// The revocation and end-session endpoints: the channel's settings win, then what the sign-in remembered,
    /// then discovery (never fatal: revoking works offline). The RFC 8414 document is read only for the endpoint
    /// this command cannot do without (revocation for `revoke`, end-session for `logout`) and only once per sign-in:
    /// a strict provider fails a client that asks for a path it does not serve.
    private func endpoints(remembered: StoredEndpoints?, client: SignInContext) async -> StoredEndpoints {
        // The revocation request signs its client assertion as the sign-in's did.
        client.credentials.assertion?.accept(remembered?.assertionAlgorithms)
        var endpoints = remembered ?? StoredEndpoints()
        let channel = client.channel
        let (needed, missing) =
            mode == .revoke
            ? ("revocation_endpoint", (channel.revocationEndpoint ?? endpoints.revocation) == nil)
            : ("end_session_endpoint", (channel.endSessionEndpoint ?? endpoints.endSession) == nil)
        let worthAsking = remembered == nil || (missing && endpoints.readOAuthMetadata != true)
        if worthAsking, channel.issuer != nil, let discovered = try? await client.endpoints(supplementing: missing ? [needed] : []) {
            endpoints.revocation = endpoints.revocation ?? discovered.revocation
            endpoints.endSession = endpoints.endSession ?? discovered.endSession
            if discovered.readOAuthMetadata { endpoints.readOAuthMetadata = true }
        }
        endpoints.revocation = channel.revocationEndpoint ?? endpoints.revocation
        endpoints.endSession = channel.endSessionEndpoint ?? endpoints.endSession
        return endpoints
    }

    /// Keeps what discovery found with a sign-in that stays cached, so the next `revoke` or `logout` does not ask
    /// the provider again. Best effort: the command's outcome does not depend on it.
    private func remember(_ found: StoredEndpoints, remembered: StoredEndpoints?, client: SignInContext) async {
        guard let remembered, found.readOAuthMetadata == true, remembered.readOAuthMetadata != true else { return }
        _ = try? await client.cache.update(client.key) { entry in
            guard var oauth = entry?.oauth, var stored = oauth.endpoints, oauth.tokens != nil else { return }
            stored.revocation = stored.revocation ?? found.revocation
            stored.endSession = stored.endSession ?? found.endSession
            stored.readOAuthMetadata = true
            oauth.endpoints = stored
            entry?.oauth = oauth
        }
    }
}

/// A revocation that did not happen. The sign-in stays cached, so a retry can still revoke its tokens; the exit
/// status is the failure's own (78 when the provider has no revocation endpoint, 69 when it cannot be reached…).
package struct RevocationFailed: UserFacingError, Equatable {
    package var reason: String
    package var status: ExitStatus
    /// What was revoked before the failure (the refresh token, when only the access token failed).
    package var revoked: [String]

    package init(reason: String, status: ExitStatus, revoked: [String]) {
        self.reason = reason
        self.status = status
        self.revoked = revoked
    }

    package var message: String {
        "the tokens were not revoked at the provider: \(reason)"
            + (revoked.isEmpty ? "" : " (only the \(revoked.joined(separator: " and ")) was)")
            + "; the sign-in stays cached so `dots-sso revoke` can try again (\(CLIFlag.localOnly) forgets it here without revoking)"
    }

    package var exitStatus: ExitStatus { status }
}
