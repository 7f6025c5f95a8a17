import DotsSSOBasics
import FoundationEssentials

/// Where a resource request's access token comes from: the channel's cached sign-in (refreshed when needed,
/// and once more after a 401), or a token the user holds from elsewhere (`--access-token-file`).
package enum BearerSource: Sendable {
    case session(TokenSession, minValidity: TimeInterval)
    case fixed(String)
    /// From a refresh-token file or the password grant, obtained once per command (`--refresh-token-file`, `--grant password`).
    case unattended(UnattendedToken)

    /// Reads a token from a file, or stdin for `-`; surrounding whitespace and a `Bearer ` prefix are dropped.
    package static func fromFile(_ path: String) throws -> BearerSource {
        let token = withoutScheme(try SecretInput.text(of: path, what: "the access token"))
        return .fixed(try SecretInput.vet(token, what: "the access token", source: InputFile.displayName(path)))
    }

    /// Reads a token from the environment variable `name` (`--access-token-env`); an unset or empty one says which
    /// variable and the file flag to use instead.
    package static func fromEnvironment(_ name: String, _ environment: Environment) throws -> BearerSource {
        guard let value = environment[name] else {
            throw ConfigError.unsetSecretVariable(variable: name, what: "the access token", fileFlag: "\(CLIFlag.accessTokenFile)")
        }
        let token = withoutScheme(value.trimmed())
        return .fixed(try SecretInput.vet(token, what: "the access token", source: "$\(name)"))
    }

    /// A pasted `Authorization` value works too: its `Bearer ` scheme is dropped.
    static func withoutScheme(_ token: String) -> String {
        guard token.lowercased().hasPrefix("bearer ") else { return token }
        return String(token.dropFirst(7)).trimmingWhitespace()
    }

    /// GETs `url` with the token where `auth` says (default `Authorization: Bearer`, or `DPoP` with a proof for a
    /// bound token); on a 401 from a cached
    /// sign-in, refreshes once and retries. A final non-2xx status becomes the matching error (401/403 → not authorized).
    package func get(
        _ url: URL, http: any HTTPClient, auth: Channel.Placement? = nil, accept: String = "application/json",
        maxBodyBytes: Int = HTTPRequest.defaultMaxBodyBytes
    ) async throws -> HTTPResponse {
        /// Sends with `access`; after a 401, once more with what `renew` gives for the rejected token (nil: no renewal).
        func send(_ access: AccessCredential, renew: (@Sendable (String) async throws -> AccessCredential)?) async throws -> HTTPResponse {
            func make(_ access: AccessCredential) -> () throws -> HTTPRequest {
                { Self.request(url, access: access, auth: auth, accept: accept, maxBodyBytes: maxBodyBytes) }
            }
            var response = try await access.send(with: http, make(access))
            if response.status == 401, let renew {
                let renewed = try await renew(access.token)
                response = try await renewed.send(with: http, make(renewed))
            }
            try response.requireSuccess()
            return response
        }
        do {
            switch self {
            case .fixed(let token):
                return try await send(AccessCredential(token: token), renew: nil)
            case let .session(session, minValidity):
                return try await send(try await session.valid(minValidity: minValidity).signedIn.access) {
                    try await session.afterRejection(of: $0).access
                }
            case .unattended(let source):
                return try await send(try await source.access()) { try await source.afterRejection(of: $0) }
            }
        } catch let error as HTTPError {
            guard case .unauthorized(_, 401, _) = error else { throw error }
            throw MemberTokenRefused(underlying: error, nextStep: nextStepAfterRefusal)
        }
    }

    /// What a person does when the partner still refuses this token (after a refresh, where there is one).
    var nextStepAfterRefusal: String {
        switch self {
        case .fixed:
            "the token given is expired, revoked or not this provider's: take a fresh one (`dots-sso token print` prints a signed-in "
                + "member's)"
        case .session(let session, _):
            "the provider no longer accepts this member's sign-in, even after a refresh: sign in again with "
                + "`dots-sso authorize\(ShellWord.channelFlag(session.channelName))`"
        case .unattended:
            "the test member's token was refused even fresh from the provider: check the member still has access, or sign the "
                + "member in again and replace the CI secret"
        }
    }

    /// A GET carrying the token as `auth` says: `Authorization: Bearer` (or `DPoP`) by default, the bare token in
    /// another header, or a query parameter.
    package static func request(_ url: URL, access: AccessCredential, auth: Channel.Placement?, accept: String, maxBodyBytes: Int)
        -> HTTPRequest
    {
        let token = access.token
        var target = url
        var headers = [(name: "Accept", value: accept)]
        switch auth {
        case nil:
            headers.append((name: "Authorization", value: access.authorization))
        case let placement? where placement.in == .header:
            let value = placement.name.lowercased() == "authorization" ? access.authorization : token
            headers.append((name: placement.name, value: value))
        case let placement?:
            target = url.appendingQueryItems([URLQueryItem(name: placement.name, value: token)]) ?? url
        }
        var request = HTTPRequest(.get, target, headers: headers, maxBodyBytes: maxBodyBytes)
        request.secrets = Redactor.forms(of: token)
        return request
    }

    /// The token and the key that proves it (for building container requests), refreshed first when it comes from
    /// the cache.
    package func access() async throws -> AccessCredential {
        switch self {
        case .fixed(let token): AccessCredential(token: token)
        case let .session(session, minValidity): try await session.valid(minValidity: minValidity).signedIn.access
        case .unattended(let source): try await source.access()
        }
    }

    /// The token itself, refreshed first when it comes from the cache.
    package func token() async throws -> String { try await access().token }
}
