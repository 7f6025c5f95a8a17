import Foundation
import Hummingbird
import Logging

/// A Hummingbird application bound to 127.0.0.1 and served from a task until `stop()`; the one way dots-sso
/// (the redirect receiver) and the sandbox partner listen. Its own logging is silenced: stdout carries results only.
public final class LoopbackServer: Sendable {
    public let port: Int
    private let task: Task<Void, Never>

    private init(port: Int, task: Task<Void, Never>) {
        self.port = port
        self.task = task
    }

    /// Binds `port` (0 picks a free one) and waits up to `timeout` seconds for the socket. `onExit` runs when
    /// the server stops, whether stopped or failed.
    public static func start(
        router: Router<BasicRequestContext>, port: Int, label: String, timeout: TimeInterval = 10,
        onExit: @escaping @Sendable () -> Void = {}
    ) async throws -> LoopbackServer {
        let bound = OnceBox<Result<Int, OAuthError>>()
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in bound.set(.success(channel.localAddress?.port ?? port)) },
            logger: Logger(label: label) { _ in SwiftLogNoOpLogHandler() }
        )
        let task = Task {
            do {
                try await application.run()
            } catch {
                bound.set(.failure(.listenerFailed(port == 0 ? "\(error)" : "port \(port): \(error)")))
            }
            onExit()
        }
        let deadline = Date().addingTimeInterval(timeout)
        while bound.value == nil && Date() < deadline {
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        switch bound.value {
        case .success(let actual)?:
            return LoopbackServer(port: actual, task: task)
        case .failure(let error)?:
            task.cancel()
            throw error
        case nil:
            task.cancel()
            throw OAuthError.listenerFailed("the listener did not start within \(Int(timeout)) s")
        }
    }

    public func stop() {
        task.cancel()
    }
}
