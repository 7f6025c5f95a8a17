import DotsSSOBasics
import FoundationEssentials

/// Listens on `http://127.0.0.1:<port>/callback` (or the loopback host and path `--redirect-uri` names) for the
/// browser's redirect (RFC 8252 §7.3).
///
/// It starts listening before the browser is opened and takes the first request that is this sign-in's redirect
/// (its state, with a code or an error). Anything else — a favicon, a probe, a bare `/callback`, a stale tab's or a
/// tampered redirect — is answered and ignored, so no local request can end the sign-in. The
/// browser's page waits for how the sign-in ended (`finish`) and never reflects request input: it says "Signed
/// in" only once the tokens are stored.
package final class LoopbackReceiver: Sendable {
    /// How the sign-in ended, for the page the browser shows.
    package enum Ending: Sendable, Equatable {
        case signedIn
        /// `--no-exchange`: the code is kept for `dots-sso exchange`.
        case awaitingExchange
        /// The member declined or cancelled at the provider.
        case declined
        /// The code was refused as expired or already used (`invalid_grant`).
        case expired
        case failed
    }

    package var port: Int { server.port }
    /// The redirect URI as sent to the provider: the host as the user wrote it (a provider that registered
    /// `localhost` refuses `127.0.0.1`), the port listened on, the path.
    package var redirectURI: String { "http://\(host):\(port)\(path)" }

    private let server: any LoopbackListener
    private let callbacks: AsyncStream<[(String, String)]>
    private let ending: EndingBox
    private let host: String
    private let path: String

    private init(server: any LoopbackListener, callbacks: AsyncStream<[(String, String)]>, ending: EndingBox, host: String, path: String) {
        self.server = server
        self.callbacks = callbacks
        self.ending = ending
        self.host = host
        self.path = path
    }

    /// Binds the loopback address `host` names (`localhost` and `127.0.0.1`: 127.0.0.1; `[::1]`: ::1) on `port` (0 picks a
    /// free one) with `listening` and answers at `path`. `arrival` tells this sign-in's redirect from anything else;
    /// `ignored` hears about each request to the path that was not it (for one line on stderr).
    package static func start(
        listening: any LoopbackListening, port: Int = 0, host: String = "127.0.0.1", path: String = "/callback",
        arrival: @escaping @Sendable ([(String, String)]) -> AuthorizationCallback.Arrival,
        ignored: @escaping @Sendable (AuthorizationCallback.Arrival) -> Void = { _ in }
    ) async throws -> LoopbackReceiver {
        let (stream, continuation) = AsyncStream<[(String, String)]>.makeStream(bufferingPolicy: .bufferingOldest(1))
        let ending = EndingBox()
        let address = host == "[::1]" ? "::1" : host.hasPrefix("127.") ? host : "127.0.0.1"
        let answer: @Sendable (String) async -> LoopbackPage = { query in
            let parameters = FormEncoding.decode(query)
            switch arrival(parameters) {
            case .redirect:
                break
            case .otherState:
                ending.noteOtherState()
                ignored(.otherState)
                return LoopbackPage(
                    status: 400, title: "Sign-in not accepted",
                    "Sign-in not accepted: this page's security check (state) does not match "
                        + "the sign-in dots-sso started, so it may come from an old tab or a tampered link. Nothing was signed in; the terminal has the details.",
                    failed: true)
            case .notARedirect:
                ignored(.notARedirect)
                return LoopbackPage(
                    status: 400, title: "Not this sign-in", "This is not the sign-in dots-sso is waiting for. You can close this tab.",
                    failed: true)
            }
            guard ending.claim() else {
                return LoopbackPage(
                    status: 409, title: "Already received", "This sign-in has already been received. Return to the terminal.", failed: true)
            }
            continuation.yield(parameters)
            switch await ending.wait(seconds: 120) {
            case .signedIn?:
                return LoopbackPage(
                    status: 200, title: "Signed in", "Signed in. You can close this tab and return to the terminal.", failed: false)
            case .awaitingExchange?:
                return LoopbackPage(
                    status: 200, title: "Authorization received", "Authorization received. Return to the terminal to finish signing in.",
                    failed: false)
            case .declined?:
                return LoopbackPage(
                    status: 200, title: "Sign-in cancelled",
                    "Sign-in cancelled: it was declined at the provider. The terminal has the details.",
                    failed: true)
            case .expired?:
                return LoopbackPage(
                    status: 400, title: "Sign-in failed",
                    "Sign-in failed. The sign-in expired or was already used; start again from the terminal, which has the details.",
                    failed: true)
            case .failed?:
                return LoopbackPage(status: 400, title: "Sign-in failed", "Sign-in failed. The terminal has the details.", failed: true)
            case nil:
                return LoopbackPage(
                    status: 202, title: "Sign-in received", "Sign-in received. Return to the terminal to see how it ended.", failed: false)
            }
        }
        let server = try await listening.listen(host: address, port: port, path: path, label: "dots-sso.loopback", answer: answer) {
            continuation.finish()
        }
        return LoopbackReceiver(server: server, callbacks: stream, ending: ending, host: host, path: path)
    }

    /// The awaited callback's parameters, or a timeout error after `timeout` seconds.
    package func waitForCallback(timeout: TimeInterval) async throws -> [(String, String)] {
        let stream = callbacks
        return try await withThrowingTaskGroup(of: [(String, String)]?.self) { group in
            group.addTask {
                for await parameters in stream { return parameters }
                return nil
            }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(Int(clamping: timeout * 1_000_000_000, to: 0...86_400_000_000_000)))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let parameters = first else {
                throw OAuthError.callbackTimeout(
                    seconds: timeout, waitingFor: "the browser's redirect to \(redirectURI)",
                    otherStates: ending.otherStates)
            }
            return parameters
        }
    }

    /// Says how the sign-in ended, so the waiting browser page can tell the person.
    package func finish(_ outcome: Ending) {
        ending.set(outcome)
    }

    /// Stops listening once the browser's page has been sent.
    package func shutdown() async {
        await server.shutdown()
    }

    /// Stops listening at once.
    package func stop() {
        server.stop()
    }
}

/// The one awaited callback's claim, how its sign-in ended and the redirects refused for their state, shared by the listener's handler and the use case.
private final class EndingBox: @unchecked Sendable {
    // @unchecked: both fields are guarded by `lock`.
    private let lock = Lock()
    private var claimed = false
    private var outcome: LoopbackReceiver.Ending?
    private var refusedStates = 0

    /// Redirects refused for another state, for the timeout's message.
    var otherStates: Int { lock.withLock { refusedStates } }

    func noteOtherState() {
        lock.withLock { refusedStates += 1 }
    }

    /// True for the first caller only.
    func claim() -> Bool {
        lock.withLock {
            defer { claimed = true }
            return !claimed
        }
    }

    func set(_ ending: LoopbackReceiver.Ending) {
        lock.withLock { if outcome == nil { outcome = ending } }
    }

    /// The ending once known, polled; nil after `seconds`.
    func wait(seconds: TimeInterval) async -> LoopbackReceiver.Ending? {
        let deadline = Deadline(seconds: seconds)
        while !deadline.hasPassed {
            if let known = lock.withLock({ outcome }) { return known }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return nil
    }
}
