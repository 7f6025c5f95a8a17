import DotsSSOBasics
import FoundationEssentials

/// `dots-sso status`: every cached sign-in as gh's `auth status` shows it — channel, account, member, scopes,
/// expiry, where the tokens live — and with `check`, whether the provider still accepts each: the access token
/// (refreshed first when due, through the channel's settings) sent to the userinfo endpoint, or to introspection
/// where there is no userinfo. Never a token.
package struct StatusUseCase: Sendable {
    package var cacheDirectory: String?
    package var check: Bool
    package var http: HTTPSettings

    package init(cacheDirectory: String? = nil, check: Bool = false, http: HTTPSettings = HTTPSettings()) {
        self.cacheDirectory = cacheDirectory
        self.check = check
        self.http = http
    }

    /// The provider's verdict on one sign-in.
    package struct Verdict: Codable, Sendable, Equatable {
        /// true: accepted; false: refused (revoked, expired beyond refresh, a member removed); nil: not asked.
        package var accepted: Bool?
        /// `userinfo` or `introspection`: how the provider was asked.
        package var how: String?
        package var detail: String
    }

    package struct Entry: Codable, Sendable, Equatable {
        package var channel: String?
        package var account: String
        package var provider: String
        package var clientId: String?
        /// The member's subject at the provider.
        package var member: String?
        package var scopes: [String]?
        package var expiresAt: Date?
        package var hasRefreshToken: Bool
        /// `file` (the cache file) or `keyring`.
        package var tokensIn: TokenStore
        package var file: String
        package var boundKey: String?
        package var needsSignIn: Bool
        package var check: Verdict?
    }

    package struct Result: Encodable, Sendable {
        package var directory: String
        package var entries: [Entry]
        /// How many the provider refused (`check`): the run then ends 77.
        package var refused: Int { entries.count { $0.check?.accepted == false } }
    }

    package func run(_ ctx: CommandContext) async throws -> Result {
        let cache = ctx.tokenCache(directory: cacheDirectory)
        var entries: [Entry] = []
        for (file, lookup) in try cache.entries() {
            guard case .success(.found(let stored)) = lookup, stored.key.kind == .oauth, let tokens = stored.oauth.tokens else { continue }
            var entry = Entry(
                channel: stored.channel, account: stored.key.account, provider: stored.key.authority, clientId: stored.key.clientId,
                member: stored.subject, scopes: tokens.scope.map { $0.split(separator: " ").map(String.init) }, expiresAt: tokens.expiresAt,
                hasRefreshToken: tokens.refreshToken != nil, tokensIn: stored.tokenStore ?? .file, file: file,
                boundKey: stored.oauth.boundKeyThumbprint(clock: ctx.clock), needsSignIn: stored.oauth.reauthenticationRequired != nil)
            if check { entry.check = await verdict(stored, in: ctx) }
            entries.append(entry)
        }
        return Result(directory: cache.directory.path, entries: entries)
    }

    /// Asks the provider about one sign-in through its channel (which knows the client's authentication and can
    /// refresh); a sign-in whose channel is gone is asked with what it remembers.
    func verdict(_ stored: CacheEntry, in ctx: CommandContext) async -> Verdict {
        if let reason = stored.oauth.reauthenticationRequired {
            return Verdict(accepted: false, detail: "sign in again: \(ServerWords.line(reason))")
        }
        guard let name = stored.channel, var channel = try? ChannelStore(environment: ctx.environment).load(name) else {
            return await remembered(stored, in: ctx)
        }
        channel.selector = name
        let settings = SignInSettings(channel: channel, http: http, cacheDirectory: cacheDirectory, account: stored.key.account)
        do {
            let client = try SignInContext(settings, in: ctx)
            let access = try await client.session().valid(minValidity: 30).signedIn.access
            let endpoints = try await client.endpoints()
            if let userinfo = endpoints.userinfo ?? stored.oauth.endpoints?.userinfo {
                return try await Self.ask(userinfo: userinfo, access: access, http: client.http)
            }
            let answer = try await IntrospectUseCase.ask(about: access.token, client: client, now: ctx.clock.now())
            return Verdict(accepted: answer.active, how: "introspection", detail: answer.active ? "active" : "not active")
        } catch let error as TokenCacheError {
            return Verdict(accepted: false, detail: error.message)
        } catch let error as OAuthError where error.exitStatus == .notAuthorized {
            return Verdict(accepted: false, detail: error.message)
        } catch let error as UserFacingError {
            return Verdict(detail: error.message)
        } catch {
            return Verdict(detail: "\(error)")
        }
    }

    /// A sign-in whose channel cannot be read (its file moved, a name not in the channels folder): its access token,
    /// if still valid, sent to the userinfo endpoint it remembers; nothing is refreshed without the channel.
    func remembered(_ stored: CacheEntry, in ctx: CommandContext) async -> Verdict {
        let channel = stored.channel.map { "its channel '\($0)' cannot be read" } ?? "it names no channel"
        guard let tokens = stored.oauth.tokens, let userinfo = stored.oauth.endpoints?.userinfo else {
            return Verdict(detail: "\(channel) and it remembers no userinfo endpoint, so the provider was not asked")
        }
        if let expiresAt = tokens.expiresAt, expiresAt <= ctx.clock.now() {
            return Verdict(detail: "the access token expired at \(ISOTimestamp.string(expiresAt)), and \(channel) to refresh it")
        }
        do {
            let key = DPoPKey.restore(stored.oauth.dpop, clock: ctx.clock)
            let access = AccessCredential(token: tokens.accessToken, tokenType: tokens.tokenType, key: key)
            return try await Self.ask(userinfo: userinfo, access: access, http: try http.client(in: ctx))
        } catch let error as UserFacingError {
            return Verdict(detail: error.message)
        } catch {
            return Verdict(detail: "\(error)")
        }
    }

    /// The userinfo endpoint's answer to the token: 2xx accepted, 401/403 refused, anything else unknown.
    static func ask(userinfo: String, access: AccessCredential, http: any HTTPClient) async throws -> Verdict {
        let url = try URLPolicy.validate(userinfo)
        let response = try await access.send(with: http) {
            BearerSource.request(url, access: access, auth: nil, accept: "application/json", maxBodyBytes: 1_048_576)
        }
        if response.isSuccess {
            return Verdict(accepted: true, how: "userinfo", detail: "the userinfo endpoint accepted it (HTTP \(response.status))")
        }
        if response.status == 401 || response.status == 403 {
            return Verdict(accepted: false, how: "userinfo", detail: "the userinfo endpoint refused it (HTTP \(response.status))")
        }
        return Verdict(how: "userinfo", detail: "the userinfo endpoint answered HTTP \(response.status)")
    }
}
