import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `cache list`: one row per cached sign-in with whether it still holds; never a token.
extension CacheListUseCase.Result: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        guard !entries.isEmpty else { return [.note("no cached sign-ins in \(directory)")] }
        let safe = TerminalText.safe
        let rows = entries.map { entry -> [String] in
            var state: String
            if let problem = entry.problem {
                state = style.red(safe(problem))
            } else if entry.needsSignIn {
                state = style.yellow("sign in again")
            } else if let expires = entry.expiresAt {
                state =
                    expires > listedAt
                    ? "valid until \(ISOTimestamp.string(expires))"
                    : style.yellow("expired\(entry.hasRefreshToken ? " (refreshable)" : "")")
            } else {
                state = entry.hasAccessToken ? "valid (no expiry given)" : "no token"
            }
            if entry.dpopKey != nil, entry.problem == nil { state += ", DPoP-bound" }
            if entry.tokensIn == .keyring { state += ", tokens in the keyring" }
            let client = entry.clientId ?? entry.study.map { "study \($0)" } ?? "?"
            return [
                entry.channel.map(safe) ?? "-", entry.authority.map(safe) ?? "?", safe(client), entry.account.map(safe) ?? "?",
                entry.subject.map(safe) ?? "-", state,
            ]
        }
        return [.result(Table.render(rows, header: ["CHANNEL", "PROVIDER", "CLIENT", "ACCOUNT", "SUBJECT", "STATE"]))]
    }
}

/// `cache clear`: how many sign-ins were removed, and from where.
extension CacheClearUseCase.Result: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        [.note("removed \(removed) cached sign-in\(removed == 1 ? "" : "s") from \(directory)")]
    }
}

/// `token show`: the cached tokens' state, and each JWT's header and claims; never a raw token or signature.
extension TokenShowUseCase.Result: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        var rows: [[String]] = [
            ["subject", subject.map(TerminalText.safe) ?? "-"], ["scopes", scope.map(TerminalText.safe) ?? "-"],
        ]
        rows.append(["expires", (expiresAt.map { ISOTimestamp.string($0) } ?? "not given") + (expired ? " (expired)" : "")])
        rows.append(["refresh token", hasRefreshToken ? "yes" : "no"])
        rows.append(["bound to", dpopKey.map { "DPoP key \($0) (RFC 9449)" } ?? "nothing (bearer tokens)"])
        if let needsSignIn { rows.append(["state", "sign in again: \(TerminalText.safe(needsSignIn))"]) }
        rows.append(["access token", accessToken.format])
        var lines: [OutputLine] = [.result(Table.render(rows))]
        for (label, decoded) in [("access token", accessToken), ("id_token", idToken)] {
            guard let decoded, let claims = decoded.claims else { continue }
            lines.append(.result("\n\(label) header: \(TerminalText.safe(Self.compact(decoded.header ?? [:])))"))
            lines.append(
                .result(
                    Table.render(
                        claims.sorted { $0.key < $1.key }.map { [TerminalText.safe($0.key), Self.shown($0.key, $0.value)] },
                        indent: "  ")))
        }
        return lines
    }

    /// A claim as a person reads it: its JSON, and for the NumericDate claims (RFC 7519 §2: exp, iat, nbf, auth_time)
    /// the moment it names.
    static func shown(_ name: String, _ value: JSONValue) -> String {
        let text = TerminalText.safe(compact(value))
        guard ["exp", "iat", "nbf", "auth_time"].contains(name), case .number(let seconds) = value, seconds.isFinite,
            (0...253_402_300_799).contains(seconds)  // up to 9999-12-31, what an ISO 8601 date can say
        else { return text }
        return "\(text) (\(ISOTimestamp.string(Date(timeIntervalSince1970: seconds))))"
    }

    /// A header or claim value as one line of JSON.
    static func compact(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "?"
    }
}
