import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import FoundationEssentials

/// `dots-sso sandbox`: the embedded partner, serving until Ctrl-C.
struct Sandbox: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Run the embedded partner on a loopback port.",
        discussion: """
            One server plays everything a partner delivers (seed 000) and more: an OIDC provider (discovery, JWKS, \
            a login page or --auto-approve, PKCE S256 enforced, single-use codes, exact redirect URIs with any \
            loopback port, client auth basic/post/none, DPoP (RFC 9449: a nonce at /token, codes, tokens and \
            refresh tokens bound to the proof's key), rotated refresh tokens with reuse detection, RS256 \
            id_tokens (ES256 with --id-token-alg) with auth_time, prompt=none/login and max_age honoured, a browser \
            session cookie after the login form, RFC 7009 revocation, RFC 9207 iss, end-session that verifies its \
            id_token_hint); the profile at /api/me; a passes endpoint \
            at /api/passes and .pkpass files signed at start by a sandbox hierarchy whose root is at /sandbox/ca.pem \
            (for --trust); two containers that check the token and their flag; Bridge-style e-mail sign-in \
            (/v3/auth/email, /v3/auth/email/signIn, /v3/auth/signUp, /v3/auth/signIn) with each e-mail written \
            to --outbox; AASA and assetlinks.json; The Dots Channels API (members.log-out-by-sso-id, \
            members.remove-by-sso-id; X-Channel: sandbox, Authorization: Channel sandbox-channel-key); OpenWeb's \
            SSO handshake under /openweb (POST /openweb/sso/v1/start-session gives a codeA as the SDK would; \
            register-user takes access token sandbox-openweb-token); a Digits OAuth Echo provider at \
            /1.1/sdk/account.json (consumer key sandbox-consumer-key, secret sandbox-consumer-secret, each member's \
            token digits-USER and secret digits-secret-USER; HMAC-SHA1 verified, nonces single-use; it answers id, \
            id_str, phone_number and access_token {token, secret} as Digits did); a \
            loading animation and the three legal documents.

            Built-in users (password demo): jane (every flag on, passes listed in her profile too), sam \
            (canAccessApp false, consent pending), alex (one container flag off), lee (a profile with contract \
            problems), ops (an admin the Channels API refuses).

            --users FILE replaces them with a JSON array: [{"username": "kim", "password": "pw", "profile": \
            {"id": "…", "email": "…", "features": {"canAccessApp": true}}, "passes": 1, "passesInProfile": false, \
            "consented": true, "admin": false, "subject": "…"}]; username and profile are required.

            Stops cleanly on Ctrl-C or SIGTERM (exit 0).

            Examples:
              $ dots-sso sandbox --write-channel sandbox.json
              $ dots-sso sandbox --port 8443 --auto-approve jane
              $ dots-sso profile --channel sandbox.json
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Port to listen on (default: a free one).")
    var port: Int = 0

    @Option(name: .long, help: "Address to listen on; anything but loopback is reachable from the network.")
    var host = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("The users, a JSON array (see above).", valueName: "file"))
    var users: String?

    @Option(
        name: .customLong("auto-approve"),
        help: ArgumentHelp("Sign this user in at once instead of showing the login page.", valueName: "user"))
    var autoApprove: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Folder for the e-mails it sends (default: sandbox-outbox in the cache directory).", valueName: "dir"))
    var outbox: String?

    @Option(
        name: .customLong("id-token-alg"),
        help: ArgumentHelp("How the app client's id_tokens are signed: RS256 (default) or ES256.", valueName: "alg"))
    var idTokenAlg: JWSAlgorithm = .rs256

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also register client \(SandboxClient.keyedID), which authenticates by private_key_jwt with this public JWK (or JWKS).",
            valueName: "file"))
    var clientJwk: String?

    @Option(
        name: .customLong("client"),
        help: ArgumentHelp(
            "Register another client (repeatable), e.g. a tool's own: its id, its redirect URIs (loopback ones match on any port), and a secret file or public JWKS (none: a public client).",
            valueName: "id=ID,redirect=URI[,redirect=URI...][,secret-file=FILE|jwks=FILE]"))
    var extraClients: [String] = []

    @Option(
        name: .long, help: ArgumentHelp("Pushed authorization requests (RFC 9126): off (default), offered, or required.", valueName: "mode")
    )
    var par: PushedAuthorizationMode = .off

    @Flag(
        name: .long,
        help: """
            Play a FAPI 2.0 Security Profile provider: PAR required, the app's client confidential by private_key_jwt (its \
            key saved beside --write-channel's file, which names it and securityProfile fapi2), assertions naming the issuer, \
            DPoP-bound tokens only, ES256 id_tokens.
            """)
    var fapi2 = false

    @Option(
        name: .customLong("write-channel"),
        help: ArgumentHelp("Save this sandbox's channel configuration for --channel FILE.", valueName: "file"))
    var writeChannel: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
    }

    func run(_ ctx: CommandContext) async throws {
        var settings = SandboxPartner.Settings()
        settings.host = host
        settings.autoApprove = autoApprove
        settings.pushedAuthorization = par
        settings.fapi2 = fapi2
        if let clientJwk { settings.clients.append(try SandboxClient.keyed(file: clientJwk)) }
        for spec in extraClients {
            let client = try SandboxClient.registration(spec)
            guard !settings.clients.contains(where: { $0.id == client.id }) else {
                throw UsageError.invalid("--client: the sandbox already has a client \(client.id)")
            }
            settings.clients.append(client)
        }
        settings.clients = settings.clients.map { client in
            var client = client
            if client.id == SandboxClient.app.id { client.idTokenAlgorithm = idTokenAlg }
            return client
        }
        let console = Console(ctx)
        let json = global.json
        try await SandboxServeUseCase(settings: settings, port: port, usersFile: users, outbox: outbox, writeChannel: writeChannel)
            .run(ctx) { started in
                if json {
                    try console.json(started)
                } else {
                    console.out(Self.banner(started, style: console.style))
                }
            }
    }

    static func banner(_ started: SandboxServeUseCase.Started, style: Style) -> String {
        let safe = TerminalText.safe
        var rows: [[String]] = [
            ["issuer", started.issuer],
            [
                "client id",
                started.securityProfile == nil
                    ? "\(started.clientId) (public; redirect \(started.redirectUris.first ?? "") on any port; \(started.idTokenAlgorithm) id_tokens)"
                    : "\(started.clientId) (FAPI 2.0: private_key_jwt with the key --write-channel saves, PAR, DPoP, \(started.idTokenAlgorithm) id_tokens)",
            ],
            ["sign-in", started.autoApprove.map { "auto-approves \(safe($0))" } ?? "login page (username and password)"],
        ]
        let root =
            started.trustRootFile.map { "saved as \(safe($0)), named by the channel's passes.trust" }
            ?? "pkpass inspect --trust URL, or --write-channel saves it"
        rows += [["pass root", "\(started.trustRoot) (\(root))"], ["outbox", safe(started.outbox)]]
        rows += [
            [
                "channels api",
                "X-Channel \(started.channelsAPI["X-Channel"] ?? ""), key \(started.channelsAPI["Authorization"]?.dropFirst(8) ?? "") (export \(started.channelsAPI["apiKeyEnv"] ?? "")=…)",
            ],
            [
                "openweb",
                "--base-url \(started.openWeb["baseUrl"] ?? ""), access token \(started.openWeb["accessToken"] ?? ""); POST …/sso/v1/start-session for a codeA",
            ],
            [
                "oauth echo",
                "\(started.echo["provider"] ?? ""), consumer key \(started.echo["consumerKey"] ?? ""), secret \(started.echo["consumerSecret"] ?? "") (dots-sso echo sign)",
            ],
        ]
        if let keyed = started.keyedClientId {
            rows.append(["keyed client", "\(keyed) (private_key_jwt: --client-id \(keyed) --client-key-file KEY.pem)"])
        }
        for client in started.clients {
            rows.append([
                "client", "\(safe(client.id)) (\(client.authentication); \(client.redirectUris.map(safe).joined(separator: " ")))",
            ])
        }
        if started.pushedAuthorization != PushedAuthorizationMode.off.rawValue {
            rows.append(["par", "\(started.pushedAuthorization) (RFC 9126; authorize pushes by default)"])
        }
        if let file = started.channelFile { rows.append(["channel", "\(safe(file)) (use --channel \(safe(file)))"]) }
        var users: [[String]] = []
        for member in started.users {
            let launch = member.features["canAccessApp"].map { $0 == .bool(true) ? "true" : "not true" } ?? "missing"
            let notes = [member.consented ? nil : "consent pending", member.admin ? "admin" : nil].compactMap { $0 }.joined(separator: ", ")
            users.append([
                safe(member.username), safe(member.password), launch, String(member.passes),
                "\(safe(member.echoToken)) / \(safe(member.echoTokenSecret))", notes,
            ])
        }
        return """
            \(style.bold("dots-sso sandbox partner")) listening on \(started.issuer)
            \(Table.render(rows))

            \(Table.render(users, header: ["user", "password", "canAccessApp", "passes", "echo token / secret", "notes"]))

            Try: dots-sso discover --issuer \(started.issuer)
            Press Ctrl-C to stop.
            """
    }
}

extension JWSAlgorithm: ExpressibleByArgument {
    /// `es256` and `ES256` alike: algorithm names are read case-insensitively on the command line. Only the ones the
    /// sandbox signs with (`signable`); the others are verified, not made.
    public init?(argument: String) {
        guard let algorithm = JWSAlgorithm.signable.first(where: { $0.rawValue.equalsIgnoringCase(argument) }) else {
            return nil
        }
        self = algorithm
    }

    public static var allValueStrings: [String] { signable.map(\.rawValue) }
}

extension PushedAuthorizationMode: ExpressibleByArgument {}
