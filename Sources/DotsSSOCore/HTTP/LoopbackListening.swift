import DotsSSOBasics

/// What the sign-in's redirect receiver and the logout's return listener ask of an HTTP server: listen on a loopback
/// address, answer GET requests to one path, stop. The executable puts the real one (DotsSSOLoopback, over Hummingbird)
/// on the context, as it does the drawer: the core knows no SwiftNIO, so it and the fuzz harness over it build without
/// it, and alongside it in a release build.
package protocol LoopbackListening: Sendable {
    /// Binds `host`:`port` (0 picks a free port) and answers each GET to `path` with `answer(query)`, `query` being
    /// the request's raw query string; other paths are not found. `onExit` runs when the server stops, whether stopped
    /// or failed. A bind that fails throws `ListenerError`.
    func listen(
        host: String, port: Int, path: String, label: String,
        answer: @escaping @Sendable (_ query: String) async -> LoopbackPage,
        onExit: @escaping @Sendable () -> Void
    ) async throws -> any LoopbackListener
}

/// A running loopback listener.
package protocol LoopbackListener: Sendable {
    /// The port listened on (the one picked, when 0 was asked for).
    var port: Int { get }
    /// Stops accepting, finishes the requests in flight, and returns once the port is closed.
    func shutdown() async
    /// Stops without waiting; for `defer` blocks and error paths.
    func stop()
}

/// No loopback listener in this process (a context built without one): a sign-in that needs the redirect cannot run.
package struct NoLoopbackListening: LoopbackListening {
    package init() {}

    package func listen(
        host: String, port: Int, path: String, label: String, answer: @escaping @Sendable (String) async -> LoopbackPage,
        onExit: @escaping @Sendable () -> Void
    ) async throws -> any LoopbackListener {
        throw ListenerError(port: port, detail: "this build of dots-sso has no loopback listener")
    }
}
