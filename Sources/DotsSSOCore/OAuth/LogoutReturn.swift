import DotsSSOBasics
import FoundationEssentials

/// Listens where a loopback `post_logout_redirect_uri` points while `logout --open` sends the person to the
/// provider, and reads the state the provider sends back (RP-Initiated Logout 1.0 §3: the OP returns the state
/// it was given). The first request to the path decides; its page never reflects request input.
package final class LogoutReturn: Sendable {
    /// How the person came back.
    package enum Outcome: String, Sendable, Codable {
        /// With this logout's state: the provider ended its session and said so.
        case confirmed
        /// Without a state: the provider ended a session but did not tie the return to this logout.
        case withoutState = "without-state"
        /// With another state: not the answer to this logout (a forged or stale redirect).
        case otherState = "other-state"
    }

    private let server: any LoopbackListener
    private let outcomes: AsyncStream<Outcome>

    private init(server: any LoopbackListener, outcomes: AsyncStream<Outcome>) {
        self.server = server
        self.outcomes = outcomes
    }

    /// The port and path to listen on when `uri` is `http://127.0.0.1:PORT/…` or `http://localhost:PORT/…` with
    /// an explicit port; nil for any other post-logout redirect (the app's own page, a custom scheme).
    package static func loopback(_ uri: String) -> (port: Int, path: String)? {
        guard let parts = URLComponents(string: uri), parts.scheme == "http", ["127.0.0.1", "localhost"].contains(parts.host ?? ""),
            let port = parts.port, (1...65535).contains(port)
        else { return nil }
        return (port, parts.path.isEmpty ? "/" : parts.path)
    }

    package static func start(listening: any LoopbackListening, port: Int, path: String, expectedState: String?) async throws
        -> LogoutReturn
    {
        let (stream, continuation) = AsyncStream<Outcome>.makeStream(bufferingPolicy: .bufferingOldest(1))
        let answer: @Sendable (String) async -> LoopbackPage = { query in
            let state = FormEncoding.decode(query).first { $0.0 == "state" }?.1
            let outcome: Outcome =
                switch (state, expectedState) {
                case (nil, _): .withoutState
                case let (state?, expected?) where ConstantTime.equals(state, expected): .confirmed
                default: .otherState
                }
            continuation.yield(outcome)
            return outcome == .otherState
                ? LoopbackPage(
                    status: 400, title: "Not this logout",
                    "This page's security check (state) does not match the logout dots-sso started. The terminal has the details.",
                    failed: true)
                : LoopbackPage(status: 200, title: "Logged out", "Logged out at the provider. You can close this tab.", failed: false)
        }
        let server = try await listening.listen(host: "127.0.0.1", port: port, path: path, label: "dots-sso.logout", answer: answer) {
            continuation.finish()
        }
        return LogoutReturn(server: server, outcomes: stream)
    }

    /// The first return, or nil when nobody came back within `timeout` seconds (a person's browser keeps real
    /// time, as the sign-in's listener does). The listener is closed after.
    package func wait(timeout: TimeInterval) async -> Outcome? {
        let stream = outcomes
        let outcome = await withTaskGroup(of: Outcome?.self) { group in
            group.addTask {
                for await outcome in stream { return outcome }
                return nil
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(Int(clamping: timeout * 1_000_000_000, to: 0...86_400_000_000_000)))
                return nil
            }
            defer { group.cancelAll() }
            return await group.next() ?? nil
        }
        await server.shutdown()
        return outcome
    }
}
