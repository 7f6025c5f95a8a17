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
struct TokenPrint: AsyncParsableCommand {
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

    func run() async throws {
        if session {
            let console = Console()
            let settings = try signIn.channel.resolve(environment: console.environment)
            let key = MagicLinkClient.cacheKey(baseURL: try magicLink.baseURL(settings), study: try magicLink.studyID(settings), email: email!)
            guard let stored = try signIn.cacheOptions.cache(environment: console.environment).read(key).entry?.session else {
                throw TokenCacheError.notSignedIn(channel: settings.name)
            }
            console.out(stored.sessionToken)
            return
        }
        let context = try signIn.context()
        let session = context.session()
        let entry = idToken || refreshToken ? try session.entry() : try await session.validEntry(minValidity: tokenUse.minValidity).entry
        let token: String?
        if idToken {
            token = entry.tokens?.idToken
        } else if refreshToken {
            token = entry.tokens?.refreshToken
        } else {
            token = entry.tokens?.accessToken
        }
        guard let token else {
            throw UsageError.invalid("the provider issued no \(idToken ? "id_token" : "refresh token") for this sign-in")
        }
        if signIn.global.json {
            try context.console.json(["token": token])
        } else {
            context.console.out(token)
        }
    }
}

/// `dots-sso token show`
struct TokenShow: AsyncParsableCommand {
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

    struct Decoded: Encodable {
        var format: String
        var header: [String: JSONValue]?
        var claims: [String: JSONValue]?
    }

    struct Output: Encodable {
        var subject: String?
        var scope: String?
        var expiresAt: Date?
        var expired: Bool
        var hasRefreshToken: Bool
        var needsSignIn: String?
        var accessToken: Decoded
        var idToken: Decoded?
    }

    static func decode(_ token: String) -> Decoded {
        guard let jwt = try? JWT(token) else { return Decoded(format: "opaque") }
        let redact = { (object: [String: JSONValue]) in JSONValue.object(object).redactingSecrets().objectValue }
        return Decoded(format: "jwt", header: redact(jwt.header), claims: redact(jwt.claims))
    }

    func run() async throws {
        let console = Console()
        let settings = try channel.resolve(environment: console.environment)
        let cache = cacheOptions.cache(environment: console.environment)
        let key = try CacheKey(channel: settings, account: cacheOptions.account)
        guard let entry = try cache.read(key).entry, let tokens = entry.tokens else {
            throw TokenCacheError.notSignedIn(channel: settings.name)
        }
        let output = Output(
            subject: entry.subject, scope: tokens.scope, expiresAt: tokens.expiresAt, expired: tokens.expires(within: 0),
            hasRefreshToken: tokens.refreshToken != nil, needsSignIn: entry.reauthenticationRequired,
            accessToken: Self.decode(tokens.accessToken), idToken: tokens.idToken.map(Self.decode)
        )
        if global.json {
            try console.json(output)
            return
        }
        var rows: [[String]] = [["subject", output.subject ?? "-"], ["scopes", output.scope ?? "-"]]
        rows.append(["expires", (output.expiresAt.map { ISOTimestamp.string($0) } ?? "not given") + (output.expired ? " (expired)" : "")])
        rows.append(["refresh token", output.hasRefreshToken ? "yes" : "no"])
        if let reason = output.needsSignIn { rows.append(["state", "sign in again: \(reason)"]) }
        rows.append(["access token", output.accessToken.format])
        console.out(Table.render(rows))
        for (label, decoded) in [("access token", output.accessToken), ("id_token", output.idToken)] {
            guard let decoded, let claims = decoded.claims else { continue }
            console.out("\n\(label) header: \(Self.compact(decoded.header ?? [:]))")
            console.out(Table.render(claims.keys.sorted().map { [$0, Self.compact(claims[$0]!)] }, indent: "  "))
        }
    }

    static func compact(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "?"
    }
}
