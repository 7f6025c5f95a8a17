import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// A completed sign-in (`authorize`, `exchange`): subject, scopes, expiry and where it is cached; never a token.
extension SignIn.Result: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        var rows: [[String]] = []
        // Like gh's "Logged in as": the member by name when the id_token names one.
        if let member { rows.append(["signed in as", TerminalText.oneLine(member, limit: 120)]) }
        rows.append(["subject", subject.map(TerminalText.safe) ?? "(no id_token)"])
        rows.append(["scopes", scope.map(TerminalText.safe) ?? "-"])
        rows.append(["expires", expiresAt.map { ISOTimestamp.string($0) } ?? "not given"])
        rows.append(["refresh token", hasRefreshToken ? "yes" : "no"])
        rows.append(["id_token", idTokenValidated ? "validated" : "none"])
        rows.append(["cached in", cacheFile])
        return [.result(Table.render(rows))]
    }
}

/// A magic-link session (`redeem`, `signup`, `signin`): the session's facts, never its token.
extension MagicLinkRedeemUseCase.Result: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        let safe = TerminalText.safe
        return [
            .result(
                Table.render([
                    ["signed in", "\(safe(email)) to study \(safe(study))"], ["user id", userId.map(safe) ?? "-"],
                    ["consent", consentRequired ? "still required: the participant must consent before using the study" : "given"],
                    ["password", passwordChanged ? "changed" : "unchanged"], ["cached in", cacheFile],
                ]))
        ]
    }
}

/// `refresh`: whether the tokens were refreshed and until when they hold.
extension RefreshUseCase.Result: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        let expiry = expiresAt.map { ISOTimestamp.string($0) } ?? "no expiry given"
        return [
            .result(
                refreshed
                    ? "refreshed; valid until \(expiry)" : "still valid until \(expiry); nothing to do (use --force to refresh anyway)")
        ]
    }
}

/// `revoke` and `logout`: what was removed and revoked, and the provider's logout URL alone on stdout.
extension RevokeUseCase.Result: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        var lines: [OutputLine] = []
        if keptSignIn {
            lines.append(.note("kept the cached sign-in \(cacheFile) (--keep-sign-in)"))
        } else if failure == nil {
            lines.append(.note(removed ? "removed the cached sign-in \(cacheFile)" : "no cached sign-in to remove"))
        }
        if !revoked.isEmpty { lines.append(.note("revoked at the provider: \(revoked.joined(separator: ", "))")) }
        if let logoutURL {
            lines.append(
                .note(
                    opened
                        ? "opened the provider's logout page in the browser:"
                        : "to end the provider's browser session, open (or run again with --open):"))
            lines.append(.result(logoutURL))
            if returned == .confirmed { lines.append(.note("the provider ended its session and sent the browser back (state checked)")) }
        }
        return lines
    }
}

/// A token the user asked to see (`token print`, `token export`): alone on stdout, or `{"NAME": …}` with --json.
struct RequestedToken: CommandOutput {
    /// The JSON key (`token`, `refreshToken`).
    var name: String
    var value: String
    var hints: [String] = []

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(value, forKey: Key(stringValue: name))
    }

    func lines(_ style: Style) -> [OutputLine] { [.result(value)] + hints.map(OutputLine.hint) }
}

/// `token print --dpop-proof`: the two headers of one request with a DPoP-bound token, as `Name: value` lines.
struct ProofHeaders: CommandOutput {
    var authorization: String
    var dpop: String

    func lines(_ style: Style) -> [OutputLine] { [.result("Authorization: \(authorization)"), .result("DPoP: \(dpop)")] }
}

/// `token print` of the access token: the token alone, or under `--json` with its type, expiry and scopes.
struct PrintedAccessToken: CommandOutput {
    let access: AccessCredential
    let now: Date

    enum Keys: String, CodingKey { case token, tokenType, expiresAt, expiresIn, scopes }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(access.token, forKey: .token)
        try container.encode(access.scheme, forKey: .tokenType)
        if let expiresAt = access.expiresAt {
            try container.encode(expiresAt, forKey: .expiresAt)
            try container.encode(Int(clamping: expiresAt.timeIntervalSince(now), to: 0...Int(Int32.max)), forKey: .expiresIn)
        }
        if let scope = access.scope {
            try container.encode(scope.split(separator: " ").map(String.init), forKey: .scopes)
        }
    }

    func lines(_ style: Style) -> [OutputLine] { [.result(access.token)] }
}

/// `token print --header URL`: the request's header lines, `Name: value` each (under `--json`, an object by name).
struct RequestHeaders: CommandOutput {
    let headers: [(name: String, value: String)]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: RequestedToken.Key.self)
        for header in headers { try container.encode(header.value, forKey: RequestedToken.Key(stringValue: header.name)) }
    }

    func lines(_ style: Style) -> [OutputLine] { headers.map { .result("\($0.name): \($0.value)") } }
}

/// `token introspect`: the provider's answer, a line a fact (under `--json`, the answer with the exit status).
struct IntrospectionOutput: CommandOutput {
    let result: IntrospectUseCase.Result
    let exitStatus: Int32

    func encode(to encoder: any Encoder) throws {
        try WithExitStatus(value: result, exitStatus: exitStatus).encode(to: encoder)
    }

    func lines(_ style: Style) -> [OutputLine] {
        guard result.active else {
            return [.result(style.red("not active") + ": the provider says this token is unknown, expired or revoked (\(result.endpoint))")]
        }
        var facts: [(String, String?)] = [
            ("subject", result.subject), ("username", result.username), ("client", result.clientId),
            ("scopes", result.scopes?.joined(separator: " ")), ("type", result.tokenType),
            ("expires", result.expiresAt.map { "\(ISOTimestamp.string($0)) (in \(result.expiresIn ?? 0) s)" }),
            ("issued", result.issuedAt.map(ISOTimestamp.string)), ("issuer", result.issuer),
            ("audience", result.audience?.joined(separator: " ")), ("bound to key", result.boundKey),
        ]
        facts.append(("asked", result.endpoint))
        let shown = facts.compactMap { name, value in value.map { (name, TerminalText.safe($0)) } }
        let width = shown.map(\.0.count).max() ?? 0
        return [.result(style.green("active"))] + shown.map { .result("\(DisplayWidth.pad($0.0, to: width))  \($0.1)") }
    }
}
