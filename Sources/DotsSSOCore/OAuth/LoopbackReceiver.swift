import Foundation
import Hummingbird
import NIOCore

/// Listens on `http://127.0.0.1:<port>/callback` for the browser's redirect (RFC 8252 §7.3).
///
/// It starts listening before the browser is opened, takes the first request to `/callback`, answers it with a
/// small plain page that never reflects request input, and ignores everything else (favicons, probes).
public final class LoopbackReceiver: Sendable {
    public var port: Int { server.port }
    public var redirectURI: String { "http://127.0.0.1:\(port)/callback" }

    private let server: LoopbackServer
    private let callbacks: AsyncStream<[(String, String)]>

    private init(server: LoopbackServer, callbacks: AsyncStream<[(String, String)]>) {
        self.server = server
        self.callbacks = callbacks
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
        let server = try await LoopbackServer.start(router: router, port: port, label: "dots-sso.loopback") { continuation.finish() }
        return LoopbackReceiver(server: server, callbacks: stream)
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
                throw OAuthError.callbackTimeout(seconds: timeout, waitingFor: "the browser's redirect to \(redirectURI)")
            }
            return parameters
        }
    }

    /// Stops listening once the browser's page has been sent.
    public func shutdown() async {
        await server.shutdown()
    }

    /// Stops listening at once.
    public func stop() {
        server.stop()
    }
}
