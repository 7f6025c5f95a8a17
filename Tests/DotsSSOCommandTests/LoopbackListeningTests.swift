import DotsSSOBasics
import DotsSSOCore
import DotsSSOLoopback
import Foundation
import Testing

/// The seam between the core and its HTTP server: what a browser gets from `HummingbirdLoopback` is the core's page,
/// and a context without a listener says so instead of waiting for a redirect that cannot arrive.
@Suite("the loopback listener the core reaches through its context")
struct LoopbackListeningTests {
    @Test("the core's answer reaches the browser: its status, page and headers, the query as sent; other paths are 404")
    func servesTheCorePage() async throws {
        let queries = LockedValues()
        let listener = try await HummingbirdLoopback().listen(
            host: "127.0.0.1", port: 0, path: "/callback", label: "test",
            answer: { query in
                queries.append(query)
                return LoopbackPage(status: 409, title: "Already received", "Return to the terminal.", failed: true)
            },
            onExit: {})
        defer { listener.stop() }
        let http = CurlHTTPClient(options: HTTPClientOptions(timeout: 10))
        let base = "http://127.0.0.1:\(listener.port)"
        let page = try await http.send(HTTPRequest(.get, URL(string: base + "/callback?code=a%2Bb&state=s")!))
        #expect(page.status == 409)
        #expect(String(decoding: page.body, as: UTF8.self).contains("<h1>Already received</h1>"))
        #expect(page.header("Content-Security-Policy") == "default-src 'none'; style-src 'unsafe-inline'")
        #expect(page.header("Cache-Control") == "no-store")
        #expect(page.header("Referrer-Policy") == "no-referrer")
        #expect(queries.values == ["code=a%2Bb&state=s"])

        let elsewhere = try await http.send(HTTPRequest(.get, URL(string: base + "/other")!))
        #expect(elsewhere.status == 404)
        #expect(queries.values.count == 1)
        await listener.shutdown()
    }

    @Test("a context without a listener ends a loopback wait at once with the network status (69), naming the port")
    func noListener() async throws {
        let error = await #expect(throws: ListenerError.self) {
            _ = try await NoLoopbackListening().listen(
                host: "127.0.0.1", port: 8765, path: "/callback", label: "test",
                answer: { _ in LoopbackPage(status: 200, title: "", "", failed: false) },
                onExit: {})
        }
        #expect(error?.exitStatus == .network)
        #expect(error?.message.contains("127.0.0.1:8765") == true)
    }
}

/// Queries the listener handed over, from its own threads.
private final class LockedValues: @unchecked Sendable {
    // @unchecked: `stored` is only touched under `lock`.
    private let lock = Lock()
    private var stored: [String] = []

    func append(_ value: String) { lock.withLock { stored.append(value) } }
    var values: [String] { lock.withLock { stored } }
}
