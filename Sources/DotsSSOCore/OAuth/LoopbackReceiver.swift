import Foundation
import Hummingbird
import Logging
import NIOCore

/// Listens on `http://127.0.0.1:<port>/callback` for the browser's redirect (RFC 8252 §7.3).
///
/// It starts listening before the browser is opened, takes the first request to `/callback`, answers it with a
/// small plain page that never reflects request input, and ignores everything else (favicons, probes).
public final class LoopbackReceiver: Sendable {
    public let port: Int
    public var redirectURI: String { "http://127.0.0.1:\(port)/callback" }

    private let callbacks: AsyncStream<[(String, String)]>
    private let server: Task<Void, Never>

    private init(port: Int, callbacks: AsyncStream<[(String, String)]>, server: Task<Void, Never>) {
        self.port = port
        self.callbacks = callbacks
        self.server = server
    }

    /// Binds 127.0.0.1 on `port` (0 picks a free one). `verdict` decides which page the browser sees.
    public static func start(port: Int = 0, verdict: @escaping @Sendable ([(String, String)]) -> Bool) async throws -> LoopbackReceiver {
        let (stream, continuation) = AsyncStream<[(String, String)]>.makeStream(bufferingPolicy: .bufferingOldest(1))
        let router = Router()
        router.get("/callback") { request, _ -> Response in
            let parameters = FormEncoding.decode(request.uri.query ?? "")
            let succeeded = verdict(parameters)
            continuation.yield(parameters)
            let page = succeeded
                ? "Signed in. You can close this tab and return to the terminal.\n"
                : "Sign-in failed. Return to the terminal for details.\n"
            return Response(
                status: succeeded ? .ok : .badRequest,
                headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store", .connection: "close"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: page))
            )
        }
        let bound = OnceBox<Result<Int, OAuthError>>()
        let logger = Logger(label: "dots-sso.loopback") { _ in SwiftLogNoOpLogHandler() }
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in bound.set(.success(channel.localAddress?.port ?? port)) },
            logger: logger
        )
        let server = Task {
            do {
                try await application.run()
            } catch {
                bound.set(.failure(.listenerFailed(port == 0 ? "\(error)" : "port \(port): \(error)")))
            }
            continuation.finish()
        }
        // Wait (briefly) until the socket is bound or binding failed.
        let deadline = Date().addingTimeInterval(10)
        while bound.value == nil && Date() < deadline {
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        switch bound.value {
        case .success(let actual)?:
            return LoopbackReceiver(port: actual, callbacks: stream, server: server)
        case .failure(let error)?:
            server.cancel()
            throw error
        case nil:
            server.cancel()
            throw OAuthError.listenerFailed("the listener did not start within 10 s")
        }
    }

    /// The first callback's parameters, or a timeout error after `timeout` seconds.
    public func waitForCallback(timeout: TimeInterval) async throws -> [(String, String)] {
        let stream = callbacks
        return try await withThrowingTaskGroup(of: [(String, String)]?.self) { group in
            group.addTask {
                for await parameters in stream { return parameters }
                return nil
            }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let parameters = first else {
                throw OAuthError.callbackTimeout(seconds: timeout)
            }
            // Let the server finish writing the browser's page before the caller can stop it or exit.
            try? await Task.sleep(nanoseconds: 200_000_000)
            return parameters
        }
    }

    /// Stops listening.
    public func stop() {
        server.cancel()
    }
}
