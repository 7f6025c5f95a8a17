import ArgumentParser
import DotsSSOCore
import Foundation

/// `dots-sso token`: the cached token for scripts.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print or decode the cached token (for scripts).",
        subcommands: [TokenPrint.self, TokenShow.self]
    )
}

/// `dots-sso token print`
struct TokenPrint: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print exactly one token and a newline, refreshing the access token first when needed.",
        discussion: """
        This is the one command that prints a secret, because you asked for it.

        Examples:
          $ curl -H "Authorization: Bearer $(dots-sso token print --channel acme)" https://api.acme.example/me
          $ dots-sso token print --channel acme --id-token
        """
    )

    @OptionGroup var signIn: SignInOptions
    @OptionGroup var tokenUse: TokenUseOptions

    @Flag(name: .long, help: "Print the id_token instead of the access token.")
    var idToken = false

    @Flag(name: .long, help: "Print the refresh token instead of the access token.")
    var refreshToken = false

    @Flag(name: .long, help: "Print the magic-link session token (from `magic-link redeem`) instead.")
    var session = false

    @OptionGroup var magicLink: MagicLinkOptions

    @Option(name: .long, help: ArgumentHelp("With --session: whose session (the address it was redeemed for).", valueName: "address"))
    var email: String?

    func validate() throws {
        if [idToken, refreshToken, session].filter({ $0 }).count > 1 {
            throw ValidationError("choose one of --id-token, --refresh-token and --session")
        }
        if session && email == nil { throw ValidationError("--session needs --email (the address the link was redeemed for)") }
    }

    func run(_ ctx: CommandContext) async throws {
        let token: String
        if session, let email {
            let server = magicLink.settings(try signIn.channel.resolve(ctx))
            token = try SessionTokenUseCase(server: server, cacheDirectory: signIn.cacheOptions.cacheDir, email: email).run(ctx)
        } else {
            let which: TokenPrintUseCase.Which = idToken ? .id : refreshToken ? .refresh : .access
            token = try await TokenPrintUseCase(signIn: try signIn.settings(ctx), which: which, minValidity: tokenUse.minValidity).run(ctx)
        }
        let console = Console(ctx)
        if signIn.global.json {
            try console.json(["token": token])
        } else {
            console.out(token)
        }
    }
}

/// `dots-sso token show`
struct TokenShow: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Decode the cached tokens' JWT headers and claims and show their expiry; never a raw token or signature.",
        discussion: """
        Examples:
          $ dots-sso token show --channel acme
          $ dots-sso token show --channel acme --json | jq .idToken.claims
        """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var channel: ChannelOptions
    @OptionGroup var cacheOptions: CacheOptions

    func run(_ ctx: CommandContext) async throws {
        let output = try TokenShowUseCase(channel: try channel.resolve(ctx), cacheDirectory: cacheOptions.cacheDir, account: cacheOptions.account).run(ctx)
        let console = Console(ctx)
        if global.json {
            try console.json(output)
            return
        }
        var rows: [[String]] = [["subject", output.subject.map(TerminalText.safe) ?? "-"], ["scopes", output.scope.map(TerminalText.safe) ?? "-"]]
        rows.append(["expires", (output.expiresAt.map { ISOTimestamp.string($0) } ?? "not given") + (output.expired ? " (expired)" : "")])
        rows.append(["refresh token", output.hasRefreshToken ? "yes" : "no"])
        if let reason = output.needsSignIn { rows.append(["state", "sign in again: \(TerminalText.safe(reason))"]) }
        rows.append(["access token", output.accessToken.format])
        console.out(Table.render(rows))
        for (label, decoded) in [("access token", output.accessToken), ("id_token", output.idToken)] {
            guard let decoded, let claims = decoded.claims else { continue }
            console.out("\n\(label) header: \(TerminalText.safe(Self.compact(decoded.header ?? [:])))")
            console.out(Table.render(claims.keys.sorted().map { [TerminalText.safe($0), TerminalText.safe(Self.compact(claims[$0]!))] }, indent: "  "))
        }
    }

    static func compact(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "?"
    }
}
