import DotsSSOBasics
import DotsSSOCore

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
