import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials
import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle

/// A Hummingbird application bound to 127.0.0.1 (another host only when the sandbox is told to) and served
/// from a task until stopped; the one way dots-sso
/// (the redirect receiver, through `HummingbirdLoopback`) and the sandbox partner listen. Its own logging is silenced: stdout carries results
/// only. `shutdown()` stops gracefully: requests in flight (the browser's "signed in" page) are answered first.
package final class LoopbackServer: Sendable {
    package let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, Never>

    private init(port: Int, group: ServiceGroup, task: Task<Void, Never>) {
        self.port = port
        self.group = group
        self.task = task
    }

    /// Binds `host`:`port` (0 picks a free one) and waits for the socket: a bind that fails (a port in use) ends the
    /// wait as it happens; `timeout` is only the backstop for a listener that never starts, far beyond what a loaded
    /// two-core machine takes to start one. `onExit` runs when the server stops, whether stopped or failed.
    package static func start(
        router: Router<BasicRequestContext>, host: String = "127.0.0.1", port: Int, label: String, timeout: TimeInterval = 60,
        onExit: @escaping @Sendable () -> Void = {}
    ) async throws -> LoopbackServer {
        let bound = OnceBox<Result<Int, ListenerError>>()
        let logger = Logger(label: label) { _ in SwiftLogNoOpLogHandler() }
        // A connection idle for 30 s, or whose request head has not arrived 10 s after it opened, is closed: a
        // half-sent request must not hold a connection for ever.
        let server = HTTPServerBuilder.http1(
            configuration: .init(
                additionalChannelHandlers: [RequestHeadDeadline(limit: .seconds(10))],
                idleTimeout: .seconds(30)))
        let application = Application(
            router: router,
            server: server,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in bound.set(.success(channel.localAddress?.port ?? port)) },
            logger: logger
        )
        let group = ServiceGroup(services: [application], logger: logger)
        // On threads of its own, so a busy cooperative pool cannot keep it from answering (see ServerThreads).
        let task = Task(executorPreference: ServerThreads.shared) {
            do {
                try await group.run()
            } catch {
                bound.set(.failure(ListenerError(port: port, error: error)))
            }
            onExit()
        }
        let deadline = Deadline(seconds: timeout)
        while bound.value == nil && !deadline.hasPassed {
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        switch bound.value {
        case .success(let actual)?:
            return LoopbackServer(port: actual, group: group, task: task)
        case .failure(let error)?:
            task.cancel()
            throw error
        case nil:
            task.cancel()
            throw ListenerError(port: port, detail: "the listener did not start within \(Int(timeout)) s")
        }
    }

    /// Stops accepting, finishes the requests in flight, and returns once the port is closed.
    package func shutdown() async {
        await group.triggerGracefulShutdown()
        await task.value
    }

    /// Stops without waiting; for `defer` blocks and error paths. The server first stops accepting (graceful
    /// shutdown closes the listening socket), and only a shutdown still unfinished after 5 seconds (a connection that
    /// never ends) is cancelled. Cancelling at once is what NIO cannot take: a connection accepted in
    /// that instant is dropped unserved and its writer traps ("Deinited NIOAsyncWriter without calling finish()",
    /// apple/swift-nio#2637), which crashed the parallel test run once.
    package func stop() {
        let group = self.group
        let task = self.task
        Task { await group.triggerGracefulShutdown() }
        Task {
            try? await Task.sleep(for: .seconds(5))
            task.cancel()
        }
    }
}
