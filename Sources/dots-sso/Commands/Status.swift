import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso status`: every cached sign-in, and with `--check` whether the provider still accepts it.
struct Status: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show every cached sign-in; --check asks each provider.",
        discussion: """
            For each cached sign-in: its channel and account, the provider and client, the member (the \
            provider's subject), the scopes granted, when the access token expires, whether there is a refresh \
            token, where the tokens live (the cache file or the keyring) and the DPoP key they are bound to. Never a \
            token.

            --check asks each provider whether it still accepts the sign-in: the access token (refreshed first when \
            it is due, through the channel's settings) is sent to the userinfo endpoint, or to introspection (RFC \
            7662) where the provider has no userinfo. Exit 0 when every provider accepts, 77 when one refuses \
            (revoked, removed, a refresh token spent): sign that one in again.

            Examples:
              $ dots-sso status
              $ dots-sso status --check
              $ dots-sso status --check --json --jq '.entries[] | select(.check.accepted == false) | .channel'
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var cacheOptions: CacheOptions
    @OptionGroup var network: NetworkOptions

    @Flag(name: .long, help: "Ask each provider whether it still accepts the sign-in (userinfo, else introspection).")
    var check = false

    func run(_ ctx: CommandContext) async throws {
        let result = try await StatusUseCase(
            cacheDirectory: cacheOptions.cacheDir, check: check, http: network.settings(verbose: global.verbose)
        ).run(ctx)
        let status: ExitStatus = result.refused > 0 ? .notAuthorized : .success
        try Console(ctx).emit(StatusOutput(result: result, now: ctx.clock.now(), exitStatus: status.rawValue), json: global.json)
        if status != .success { throw ExitCode(status.rawValue) }
    }
}

/// `status`: a block per sign-in (under `--json`, the entries with the exit status).
struct StatusOutput: CommandOutput {
    let result: StatusUseCase.Result
    let now: Date
    let exitStatus: Int32

    enum Keys: String, CodingKey { case directory, entries, refused, exitStatus }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(result.directory, forKey: .directory)
        try container.encode(result.entries, forKey: .entries)
        try container.encode(result.refused, forKey: .refused)
        try container.encode(exitStatus, forKey: .exitStatus)
    }

    func lines(_ style: Style) -> [OutputLine] {
        guard !result.entries.isEmpty else {
            return [
                .result("no cached sign-in in \(TerminalText.safe(result.directory))"),
                .hint("sign in with `dots-sso authorize --channel NAME`"),
            ]
        }
        var lines: [OutputLine] = []
        for entry in result.entries {
            let title = "\(entry.channel ?? "(no channel)") (account \(entry.account))"
            lines.append(.result(style.bold(TerminalText.safe(title)) + " — " + TerminalText.safe(entry.provider)))
            var facts: [(String, String)] = []
            if let member = entry.member { facts.append(("member", member)) }
            if let client = entry.clientId { facts.append(("client", client)) }
            if let scopes = entry.scopes { facts.append(("scopes", scopes.joined(separator: " "))) }
            if let expiresAt = entry.expiresAt {
                let left = Int(clamping: expiresAt.timeIntervalSince(now), to: -Int(Int32.max)...Int(Int32.max))
                facts.append(("expires", ISOTimestamp.string(expiresAt) + (left > 0 ? " (in \(left) s)" : " (expired)")))
            }
            facts.append(("refresh", entry.hasRefreshToken ? "yes" : "no"))
            facts.append(("tokens", entry.tokensIn == .keyring ? "keyring (the file names the sign-in): \(entry.file)" : entry.file))
            if let key = entry.boundKey { facts.append(("DPoP key", key)) }
            if entry.needsSignIn { facts.append(("sign-in", style.red("needed again"))) }
            if let verdict = entry.check {
                let word =
                    switch verdict.accepted {
                    case true?: style.green("accepted")
                    case false?: style.red("refused")
                    case nil: style.yellow("not known")
                    }
                facts.append(("provider", "\(word): \(verdict.detail)"))
            }
            let width = facts.map(\.0.count).max() ?? 0
            lines += facts.map { .result("  \(DisplayWidth.pad($0.0, to: width))  \(TerminalText.safe($0.1))") }
        }
        return lines
    }
}
