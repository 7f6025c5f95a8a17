import DotsSSOCore
import Foundation
import Hummingbird

/// The embedded mock partner's OAuth/OIDC provider: discovery, authorization (auto-approved for a configured
/// member), a token endpoint that enforces PKCE S256 and rotates refresh tokens, RFC 7009 revocation,
/// RFC 9207 `iss` on every redirect, ES256-signed id_tokens, userinfo and JWKS. It listens on loopback only.
public final class SandboxProvider: Sendable {
    /// How the sandbox behaves; the defaults are what a well-behaved partner does.
    public struct Settings: Sendable {
        /// The member the authorization endpoint signs in (override per request with `login_hint`).
        public var subject = "3d6479fe-6f41-41e1-bd2b-d5139e21de58"
        /// Claims served at userinfo and put into id_tokens, per subject.
        public var claims: [String: [String: JSONValue]] = [:]
        public var accessTokenLifetime: TimeInterval = 3600
        /// Send `iss` on authorization redirects (RFC 9207); `wrongIssuer` sends a different one to test mix-up defence.
        public var sendIssuer = true
        public var wrongIssuer = false
        /// Clients and their secrets (nil for public clients); empty accepts any client id without a secret.
        public var clients: [String: String?] = [:]

        public init() {}
    }

    public var port: Int { server.port }
    public var issuer: String { "http://127.0.0.1:\(port)" }
    let state: SandboxState
    private let server: LoopbackServer

    private init(server: LoopbackServer, state: SandboxState) {
        self.server = server
        self.state = state
    }

    /// Starts listening on 127.0.0.1 (`port` 0 picks a free one).
    public static func start(port: Int = 0, settings: Settings = Settings()) async throws -> SandboxProvider {
        let state = SandboxState()
        let key = try SigningKey()
        let keyID = try DigestAlgorithm.sha256.hex(key.x + key.y).prefix(16).description
        let boundPort = OnceBox<Int>()
        let routes = SandboxRoutes(settings: settings, state: state, key: key, keyID: keyID, port: boundPort)
        let router = Router()
        routes.register(on: router)
        let server = try await LoopbackServer.start(router: router, port: port, label: "dots-sso.sandbox", timeout: 30)
        boundPort.set(server.port)
        return SandboxProvider(server: server, state: state)
    }

    /// Every request received so far, oldest first (method, path, query and form fields).
    public func requests() async -> [(method: String, path: String, query: [String: String], form: [String: String])] {
        await state.requests.map { (method: $0.method, path: $0.path, query: $0.query, form: $0.form) }
    }

    /// Ends every grant of a member, as a partner does when it removes them.
    public func revokeAll(subject: String) async {
        await state.revokeAll(subject: subject)
    }

    /// Makes a member's current access tokens invalid while their refresh tokens keep working, so clients see a 401.
    public func dropAccessTokens(subject: String) async {
        await state.dropAccessTokens(subject: subject)
    }

    public func stop() {
        server.stop()
    }

    /// Stops gracefully and returns once the port is closed.
    public func shutdown() async {
        await server.shutdown()
    }
}
