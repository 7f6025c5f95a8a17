import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// `dots-sso sandbox`: runs the sandbox partner until SIGINT or SIGTERM, after saying where it is, who can sign
/// in, and (with `writeChannel`) saving the channel file every other command can use.
package struct SandboxServeUseCase: Sendable {
    package var settings: SandboxPartner.Settings
    package var port: Int
    package var usersFile: String?
    package var outbox: String?
    package var writeChannel: String?

    package init(
        settings: SandboxPartner.Settings = .init(), port: Int = 0, usersFile: String? = nil, outbox: String? = nil,
        writeChannel: String? = nil
    ) {
        self.settings = settings
        self.port = port
        self.usersFile = usersFile
        self.outbox = outbox
        self.writeChannel = writeChannel
    }

    /// What the sandbox prints when it is listening.
    package struct Started: Encodable, Sendable {
        package struct Member: Encodable, Sendable {
            package var username: String
            package var password: String
            package var id: String
            package var features: [String: JSONValue]
            package var passes: Int
            package var consented: Bool
            package var admin: Bool
            /// The member's Digits session (OAuth Echo): what `echo sign` needs to make a header the provider accepts.
            package var echoToken: String
            package var echoTokenSecret: String
        }
        package var issuer: String
        package var clientId: String
        /// How the app client's id_tokens are signed.
        package var idTokenAlgorithm: String
        package var redirectUris: [String]
        package var users: [Member]
        package var autoApprove: String?
        package var channelFile: String?
        package var trustRoot: String
        /// The root saved beside the channel file (`--write-channel`), which the channel names in `passes.trust`.
        package var trustRootFile: String?
        package var outbox: String
        package var channelsAPI: [String: String]
        /// OpenWeb: where to start a session (`code_a`), the base URL for `openweb register`, and its access token.
        package var openWeb: [String: String]
        /// OAuth Echo: the provider URL, and the consumer key and secret headers are signed with.
        package var echo: [String: String]
        /// Pushed authorization requests: off, offered or required (`--par`).
        package var pushedAuthorization: String = PushedAuthorizationMode.off.rawValue
        /// The private_key_jwt client `--client-jwk` registered, if any.
        package var keyedClientId: String?
        /// The clients `--client` registered: id, how it authenticates, its redirect URIs (never its secret).
        package var clients: [RegisteredClient] = []
        /// `fapi2` when the sandbox plays a FAPI 2.0 provider (`--fapi2`).
        package var securityProfile: String?

        package struct RegisteredClient: Encodable, Sendable {
            package var id: String
            /// `none` (public), `client_secret_basic` (or post), `private_key_jwt`.
            package var authentication: String
            package var redirectUris: [String]
        }
    }

    /// Starts the partner, reports `Started`, and serves until a termination signal; returns after a clean shutdown.
    package func run(_ ctx: CommandContext, started: @Sendable (Started) throws -> Void) async throws {
        var settings = settings
        if let usersFile { settings.users = try SandboxUser.load(file: usersFile) }
        let outboxURL =
            outbox.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? ctx.cacheDirectory.appendingPathComponent("sandbox-outbox", isDirectory: true)
        settings.outbox = outboxURL
        if !["127.0.0.1", "::1", "localhost"].contains(settings.host) {
            ctx.warn(
                "listening on \(settings.host), not loopback: anyone who can reach it can sign in as the sandbox users "
                    + "(and dots-sso itself speaks plain http to loopback addresses only)")
        }
        let stderr = ctx.stderr
        settings.log = { stderr.writeLine("sandbox: \($0)") }
        let partner = try await SandboxPartner.start(port: port, settings: settings)
        var stopped = false
        defer { if !stopped { partner.stop() } }
        var passRoot: String?
        if let writeChannel {
            passRoot = try partner.writeChannel(to: writeChannel)
        }
        try started(
            Started(
                issuer: partner.issuer, clientId: SandboxClient.app.id,
                idTokenAlgorithm: (partner.settings.clients.first { $0.id == SandboxClient.app.id } ?? .app).idTokenAlgorithm.rawValue,
                redirectUris: SandboxClient.app.redirectURIs,
                users: settings.users.map {
                    Started.Member(
                        username: $0.username, password: $0.password, id: $0.ssoID,
                        features: $0.profile.objectValue?["features"]?.objectValue ?? [:], passes: $0.passes,
                        consented: $0.consented, admin: $0.admin, echoToken: $0.echoToken, echoTokenSecret: $0.echoTokenSecret)
                },
                autoApprove: settings.autoApprove, channelFile: writeChannel, trustRoot: partner.issuer + SandboxRoutes.trustRootPath,
                trustRootFile: passRoot,
                outbox: outboxURL.path,
                channelsAPI: [
                    "X-Channel": settings.channelName, "Authorization": "Channel \(settings.channelKey)",
                    "apiKeyEnv": SandboxPartner.channelKeyVariable,
                ],
                openWeb: [
                    "baseUrl": partner.issuer + SandboxPartner.openWebPath,
                    "startSession": partner.issuer + SandboxPartner.openWebPath + "/sso/v1/start-session",
                    "accessToken": settings.openWebAccessToken,
                ],
                echo: [
                    "provider": partner.issuer + SandboxPartner.echoProviderPath, "consumerKey": settings.echoConsumerKey,
                    "consumerSecret": settings.echoConsumerSecret,
                ],
                pushedAuthorization: partner.settings.pushedAuthorization.rawValue,
                keyedClientId: settings.clients.first { $0.id == SandboxClient.keyedID }?.id,
                clients: settings.clients.filter { ![SandboxClient.app.id, SandboxClient.keyedID].contains($0.id) }.map {
                    Started.RegisteredClient(
                        id: $0.id, authentication: $0.jwks != nil ? "private_key_jwt" : $0.secret != nil ? "client_secret_basic" : "none",
                        redirectUris: $0.redirectURIs)
                },
                securityProfile: partner.settings.fapi2 ? SecurityProfile.fapi2.rawValue : nil
            ))
        let signal = await TerminationSignal.wait()
        ctx.note("sandbox: \(signal == SIGINT ? "interrupted" : "terminated"); shutting down")
        await partner.shutdown()
        stopped = true
    }
}
