import DotsSSOBasics
import DotsSSOCore
import DotsSSOLoopback
import Foundation

/// A strict fake network for in-process command tests: answers only the routes a test declares (method and URL
/// without query), records every request, and fails loudly on anything else, so an unexpected call is a test
/// failure (exit 70 "internal error"), never a silent pass.
package final class FakeHTTPClient: HTTPClient, @unchecked Sendable {
    // @unchecked: `routes`, `sent` and `options` are guarded by `lock`.
    package typealias Responder = @Sendable (HTTPRequest) throws -> (status: Int, headers: [(name: String, value: String)], body: Data)

    private let lock = NSLock()
    private var routes: [String: Responder] = [:]
    private var sent: [HTTPRequest] = []
    private var seenOptions: [HTTPClientOptions] = []

    package struct Unmocked: Error, CustomStringConvertible {
        package let description: String
    }

    package init() {}

    /// Answers `METHOD url` (query ignored) with `responder`.
    package func on(_ method: HTTPRequest.Method, _ url: String, _ responder: @escaping Responder) {
        lock.withLock { routes["\(method.rawValue) \(Self.routeKey(url))"] = responder }
    }

    /// Answers `METHOD url` with a fixed JSON value.
    package func json(_ method: HTTPRequest.Method = .get, _ url: String, status: Int = 200, _ value: JSONValue) {
        let body = (try? JSONEncoder().encode(value)) ?? Data()
        on(method, url) { _ in (status, [(name: "Content-Type", value: "application/json")], body) }
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let key = "\(request.method.rawValue) \(Self.routeKey(request.url.absoluteString))"
        let responder: Responder? = lock.withLock {
            sent.append(request)
            return routes[key]
        }
        guard let responder else { throw Unmocked(description: "unexpected request \(key)") }
        let answer = try responder(request)
        return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body, url: request.url, duration: 0.001)
    }

    /// Every request sent so far, oldest first.
    package var requests: [HTTPRequest] { lock.withLock { sent } }

    /// The settings each command asked for when it made its client.
    package var options: [HTTPClientOptions] { lock.withLock { seenOptions } }

    func record(_ options: HTTPClientOptions) { lock.withLock { seenOptions.append(options) } }

    static func routeKey(_ url: String) -> String {
        url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
    }
}

/// A command context for in-process tests: captured stdout and stderr, an isolated home (config and cache),
/// a strict fake network, a clock set by hand, and no browser.
package final class TestContext: @unchecked Sendable {
    // @unchecked: `now` is guarded by `lock`; everything else is immutable.
    package let home = TemporaryDirectory("ctx")
    package let stdout = BufferedOutput()
    package let stderr = BufferedOutput()
    /// What a `-` input reads (`t.stdin.provide(…)` pipes a file into the command).
    package let stdin = BufferedInput()
    package let http = FakeHTTPClient()
    private let lock = NSLock()
    private var now = Date()
    private let answer: @Sendable (String) -> String?
    /// Whether the fake stdin is a terminal (a person could answer a confirmation).
    package let stdinIsTerminal: Bool
    /// Variables added to the isolated environment (a secret named by `--…-env`).
    package let extraEnvironment: [String: String]
    /// The URLs commands asked to open, in order (the browser "opens" them all).
    package let browser: RecordingBrowser
    /// What draws pictures in-process (DotsSSOPictures's `PictureDrawer`); nil, as by default: nothing is drawn.
    package let drawer: (any Drawer)?
    private var slept: [TimeInterval] = []

    /// `answer` plays the user at a prompt: it sees stderr so far and returns the line typed (nil: end of input).
    /// `headless` makes the browser say there is no display, as on a remote shell or a CI runner.
    package init(
        stdinIsTerminal: Bool = false, environment extra: [String: String] = [:], headless: String? = nil, drawer: (any Drawer)? = nil,
        answer: @escaping @Sendable (_ stderr: String) -> String? = { _ in nil }
    ) {
        self.answer = answer
        browser = RecordingBrowser(headless: headless)
        self.stdinIsTerminal = stdinIsTerminal
        self.extraEnvironment = extra
        self.drawer = drawer
    }

    package var environment: [String: String] {
        ["HOME": home.url.path, "XDG_CONFIG_HOME": home.path("config"), "XDG_CACHE_HOME": home.path("cache"), "NO_COLOR": "1"]
            .merging(extraEnvironment) { _, extra in extra }
    }

    package var cacheDirectory: URL { home.url.appendingPathComponent("cache/dots-sso") }

    /// Moves the clock on, so tokens expire without anyone waiting.
    package func advance(_ seconds: TimeInterval) {
        lock.withLock { now = now.addingTimeInterval(seconds) }
    }

    package var date: Date { lock.withLock { now } }

    /// Every wait a command made on the context's clock, in order (each moved the clock on at once).
    package var sleeps: [TimeInterval] { lock.withLock { slept } }

    package var context: CommandContext {
        let http = self.http
        var context = CommandContext(
            environment: Environment(environment), stdout: stdout, stderr: stderr,
            readLine: { [self] in answer(stderr.text) },
            makeHTTPClient: { options in
                http.record(options)
                return http
            },
            clock: WallClock(
                now: { [self] in date },
                sleep: { [self] seconds in
                    lock.withLock {
                        slept.append(seconds)
                        now = now.addingTimeInterval(seconds)
                    }
                }),
            browser: browser,
            stdinIsTerminal: stdinIsTerminal
        )
        context.stdin = stdin
        context.drawer = drawer
        context.listening = HummingbirdLoopback()
        // Its home is where a command "runs": CI reports name files there relative to it.
        context.workingDirectory = home.url.path
        return context
    }
}

/// A browser that records what it was asked to open and says it opened it.
package final class RecordingBrowser: BrowserOpener, @unchecked Sendable {
    // @unchecked: `urls` is guarded by `lock`.
    private let lock = NSLock()
    private var urls: [URL] = []
    package let headlessReason: String?

    package init(headless: String? = nil) {
        headlessReason = headless
    }

    package func open(_ url: URL) -> Bool {
        lock.withLock { urls.append(url) }
        return true
    }

    package var opened: [URL] { lock.withLock { urls } }
}
