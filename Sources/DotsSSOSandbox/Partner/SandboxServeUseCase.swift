import DotsSSOCore
import Foundation

/// `dots-sso sandbox`: runs the sandbox partner until SIGINT or SIGTERM, after saying where it is, who can sign
/// in, and (with `writeChannel`) saving the channel file every other command can use.
public struct SandboxServeUseCase: Sendable {
    public var settings: SandboxPartner.Settings
    public var port: Int
    public var usersFile: String?
    public var outbox: String?
    public var writeChannel: String?

    public init(
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
    public struct Started: Encodable, Sendable {
        public struct Member: Encodable, Sendable {
            public var username: String
            public var password: String
            public var id: String
            public var features: [String: JSONValue]
            public var passes: Int
            public var consented: Bool
            public var admin: Bool
            /// The member's Digits session (OAuth Echo): what `echo sign` needs to make a header the provider accepts.
            public var echoToken: String
            public var echoTokenSecret: String
        }
        public var issuer: String
        public var clientId: String
        /// How the app client's id_tokens are signed.
        public var idTokenAlgorithm: String
        public var redirectUris: [String]
        public var users: [Member]
        public var autoApprove: String?
        public var channelFile: String?
        public var trustRoot: String
        /// The root saved beside the channel file (`--write-channel`), which the channel names in `passes.trust`.
        public var trustRootFile: String?
        public var outbox: String
        public var channelsAPI: [String: String]
        /// OpenWeb: where to start a session (`code_a`), the base URL for `openweb register`, and its access token.
        public var openWeb: [String: String]
        /// OAuth Echo: the provider URL, and the consumer key and secret headers are signed with.
        public var echo: [String: String]
        /// Pushed authorization requests: off, offered or required (`--par`).
        public var pushedAuthorization: String = PushedAuthorizationMode.off.rawValue
        /// The private_key_jwt client `--client-jwk` registered, if any.
        public var keyedClientId: String?
    }

    /// Starts the partner, reports `Started`, and serves until a termination signal; returns after a clean shutdown.
    public func run(_ ctx: CommandContext, started: @Sendable (Started) throws -> Void) async throws {
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
                idTokenAlgorithm: (settings.clients.first { $0.id == SandboxClient.app.id } ?? .app).idTokenAlgorithm.rawValue,
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
                pushedAuthorization: settings.pushedAuthorization.rawValue,
                keyedClientId: settings.clients.first { $0.jwks != nil }?.id
            ))
        let signal = await TerminationSignal.wait()
        ctx.note("sandbox: \(signal == SIGINT ? "interrupted" : "terminated"); shutting down")
        await partner.shutdown()
        stopped = true
    }
}
