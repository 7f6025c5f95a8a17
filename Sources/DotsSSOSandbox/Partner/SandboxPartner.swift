import DotsSSOBasics
import DotsSSOCore
import DotsSSOLoopback
import FoundationEssentials
import Hummingbird

/// The embedded mock partner: a complete, correct implementation of everything seed 000 asks a partner to
/// deliver, plus the e-mail sign-in server of seed 001 and The Dots' Channels API, on one loopback port.
///
/// - OIDC provider: discovery, JWKS, a login page (or auto-approval), PKCE S256, single-use codes, exact
///   redirect URIs (any loopback port), client auth basic/post/none, rotated refresh tokens with reuse
///   detection, RS256 (default) or ES256 id_tokens, RFC 7009 revocation, RFC 9207 `iss`, end-session.
/// - Member data: the profile, the passes endpoint and signed `.pkpass` files, two gated containers.
/// - Magic links, AASA and assetlinks.json, the Channels API, the loading animation and the legal documents.
package final class SandboxPartner: Sendable {
    /// How the sandbox behaves; the defaults are what a well-behaved partner does.
    package struct Settings: Sendable {
        package var users: [SandboxUser] = SandboxUser.builtIn
        /// Sign this user in at once instead of showing the login page.
        package var autoApprove: String?
        package var clients: [SandboxClient] = [.app]
        /// Where to listen; anything but loopback exposes the sandbox to the network.
        package var host = "127.0.0.1"
        /// Folder the e-mails are written to (`.eml`); nil keeps them in memory only.
        package var outbox: URL?
        package var accessTokenLifetime: TimeInterval = 3600
        package var codeLifetime: TimeInterval = 60
        /// Pushed authorization requests (RFC 9126): not offered (the default, as most providers today), offered, or
        /// required (`require_pushed_authorization_requests`, as FAPI 2.0 providers do).
        package var pushedAuthorization: PushedAuthorizationMode = .off
        /// Play a FAPI 2.0 Security Profile provider (`sandbox --fapi2`): PAR required, the app's client confidential
        /// with a private_key_jwt key the sandbox makes (written beside `--write-channel`'s file), assertions naming the
        /// issuer alone, DPoP-bound tokens only, ES256 id_tokens, and metadata that lists nothing else.
        package var fapi2 = false
        /// Send `iss` on authorization redirects (RFC 9207); `wrongIssuer` sends a different one to test mix-up defence.
        package var sendIssuer = true
        package var wrongIssuer = false
        /// A second sign-in e-mail to the same address within this many seconds is refused with 429.
        package var emailThrottle: TimeInterval = 60
        /// The Channels API credentials (`Authorization: Channel <key>`, `X-Channel: <name>`); sandbox values, not secrets.
        package var channelName = "sandbox"
        package var channelKey = "sandbox-channel-key"
        /// OpenWeb (`/openweb`): the access token a partner backend presents to `register-user`; a sandbox value.
        package var openWebAccessToken = "sandbox-openweb-token"
        /// OAuth Echo (`/1.1/sdk/account.json`): the app's consumer key and secret, as the Digits SDK signs with them.
        package var echoConsumerKey = "sandbox-consumer-key"
        package var echoConsumerSecret = "sandbox-consumer-secret"
        /// The magic-link study.
        package var study = "sandbox"
        /// One line per notable event (an e-mail sent, a member logged out), for the `sandbox` command's stderr.
        package var log: @Sendable (String) -> Void = { _ in }
        /// How long a browser stays signed in at the sandbox after the login form (the session cookie).
        package var browserSessionLifetime: TimeInterval = 8 * 3600
        /// The sandbox's clock (tests move it to check lifetimes without waiting).
        package var now: @Sendable () -> Date = WallClock.system.now

        package init() {}

        package func user(named name: String) -> SandboxUser? { users.first { $0.username == name } }

        /// Who can sign in, in order: what the login page, the index page and errors name.
        package var usernames: [String] { users.map(\.username) }
    }

    /// The variable a written channel names for the Channels API key (`export DOTS_SANDBOX_CHANNEL_KEY=sandbox-channel-key`).
    package static let channelKeyVariable = "DOTS_SANDBOX_CHANNEL_KEY"
    /// Where the sandbox plays OpenWeb: `openweb register --base-url {issuer}/openweb`.
    package static let openWebPath = "/openweb"
    /// The sandbox's OAuth Echo provider, the Digits account URL's path.
    package static let echoProviderPath = "/1.1/sdk/account.json"

    package let port: Int
    package let host: String
    package var issuer: String { Self.issuer(host: host, port: port) }

    /// `http://HOST:PORT`, an IPv6 literal in brackets.
    static func issuer(host: String, port: Int) -> String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
    package let settings: Settings
    /// The root of the pass-signing hierarchy in PEM, served at `/sandbox/ca.pem` for `--trust`.
    package let passSigningRoot: String
    /// The app client's private key in FAPI 2.0 mode (PKCS#8 PEM), which `writeChannel` saves for `clientKeyFile`.
    package let clientKeyPEM: String?
    let state: SandboxState
    private let server: LoopbackServer

    private init(
        server: LoopbackServer, host: String, settings: Settings, state: SandboxState, passSigningRoot: String, clientKeyPEM: String?
    ) {
        self.clientKeyPEM = clientKeyPEM
        self.server = server
        self.port = server.port
        self.host = host
        self.settings = settings
        self.state = state
        self.passSigningRoot = passSigningRoot
    }

    /// Starts listening on `settings.host` (`port` 0 picks a free one).
    package static func start(port: Int = 0, settings: Settings = Settings()) async throws -> SandboxPartner {
        if let name = settings.autoApprove, settings.user(named: name) == nil {
            throw SandboxError.unknownUser(name, known: settings.usernames)
        }
        if let outbox = settings.outbox {
            do {
                try FileManager.default.createDirectory(
                    at: outbox, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw SandboxError.unwritableOutbox(path: outbox.path, reason: FileSystemReason.of(error, otherwise: "cannot create it"))
            }
        }
        var settings = settings
        var clientKeyPEM: String?
        if settings.fapi2 {
            // FAPI 2.0 (§5.3.2.1, §5.3.2.2): only confidential clients by private_key_jwt, and every request pushed.
            let key = try SigningKey()
            clientKeyPEM = try key.privatePEM()
            let jwk = try key.registrationJWK()
            settings.clients = settings.clients.map { client in
                guard client.id == SandboxClient.app.id else { return client }
                var app = client
                app.jwks = .object(["keys": .array([.object(jwk)])])
                app.idTokenAlgorithm = .es256
                return app
            }
            settings.pushedAuthorization = .required
        }
        let state = SandboxState(clock: settings.now)
        let keys = try SandboxKeys()
        let passes = try SandboxPasses(users: settings.users)
        let boundPort = OnceBox<Int>()
        let routes = SandboxRoutes(settings: settings, state: state, keys: keys, port: boundPort, passes: passes)
        let router = Router()
        routes.register(on: router)
        let server = try await LoopbackServer.start(router: router, host: settings.host, port: port, label: "dots-sso.sandbox")
        boundPort.set(server.port)
        return SandboxPartner(
            server: server, host: settings.host, settings: settings, state: state, passSigningRoot: passes.rootPEM,
            clientKeyPEM: clientKeyPEM)
    }

    /// The channel configuration for this sandbox: every other command (and `check`) can use it with `--channel`.
    package var channel: Channel { SandboxChannel.make(issuer: issuer, settings: settings) }

    /// Saves the channel at `path` and, beside it, the pass-signing root it names in `passes.trust`, so
    /// `check --channel FILE` and `passes fetch --channel FILE` verify the sandbox's passes with no other flag.
    /// Returns the root's path.
    @discardableResult
    package func writeChannel(to path: String) throws -> String {
        let file = URL(fileURLWithPath: path)
        let rootName = ChannelStore.fileStem(file.deletingPathExtension().lastPathComponent) + "-pass-root.pem"
        let root = file.deletingLastPathComponent().appendingPathComponent(rootName)
        try AtomicFile.saveOutput(Data(passSigningRoot.utf8), to: root.path, what: "the sandbox's pass-signing root")
        var channel = channel
        channel.passes = Channel.Passes(trust: [rootName])
        if let clientKeyPEM {
            // The FAPI 2.0 app client's key, beside the channel that names it (0600: it is the client's credential).
            let keyName = ChannelStore.fileStem(file.deletingPathExtension().lastPathComponent) + "-client-key.pem"
            try AtomicFile.saveOutput(
                Data(clientKeyPEM.utf8), to: file.deletingLastPathComponent().appendingPathComponent(keyName).path,
                what: "the sandbox client's private key", permissions: 0o600)
            channel.clientKeyFile = keyName
        }
        try ChannelStore.write(channel, toFile: path)
        return root.path
    }

    /// Every request received so far, oldest first (method, path, query and form fields).
    package func requests() async -> [(method: String, path: String, query: [String: String], form: [String: String])] {
        await state.requests.map { (method: $0.method, path: $0.path, query: $0.query, form: $0.form) }
    }

    /// The e-mails sent so far, oldest first.
    package func emails() async -> [SandboxEmail] { await state.emails }

    /// Starts an OpenWeb SSO session as the SDK does, for `openweb register`: a single-use codeA valid 5 minutes.
    package func openWebCodeA() async throws -> String {
        try await state.issueOpenWebCode(now: settings.now())
    }

    /// The `X-Verify-Credentials-Authorization` the Digits SDK would make for `user` right now (HMAC-SHA1 over
    /// the Echo provider URL with the sandbox consumer and the member's token).
    package func echoAuthorization(for user: SandboxUser, now: Date? = nil) -> String {
        OAuth1Signature.header(
            url: URL(string: issuer + Self.echoProviderPath)!, consumerKey: settings.echoConsumerKey,
            consumerSecret: settings.echoConsumerSecret, token: user.echoToken, tokenSecret: user.echoTokenSecret,
            nonce: (try? SecureRandom.base64URLString(byteCount: 12)) ?? UUID().uuidString,
            timestamp: Int((now ?? settings.now()).timeIntervalSince1970))
    }

    /// Ends every grant of a member, as a partner does when it removes them.
    package func revokeAll(subject: String) async {
        await state.revokeAll(subject: subject)
    }

    /// Makes a member's current access tokens invalid while their refresh tokens keep working, so clients see a 401.
    package func dropAccessTokens(subject: String) async {
        await state.dropAccessTokens(subject: subject)
    }

    package func stop() {
        server.stop()
    }

    /// Stops gracefully and returns once the port is closed.
    package func shutdown() async {
        await server.shutdown()
    }
}

/// Whether the sandbox offers or requires pushed authorization requests (`sandbox --par`).
package enum PushedAuthorizationMode: String, Sendable, CaseIterable {
    case off, offered, required
}
