import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// A status line on a terminal's stderr that says what a long wait waits for (`waiting for idp.acme.example …
/// 4 s`), shown once a request has taken a second, erased before anything else is written and when the wait ends.
/// A person watching a slow or silent host sees why nothing happens; a pipe or a log never gets it.
final class WaitingLine: TextOutput, @unchecked Sendable {
    // @unchecked: every field below `inner` is guarded by `lock`.
    private let inner: any TextOutput
    private let lock = Lock()
    private var waits: [UUID: (host: String, since: Stopwatch)] = [:]
    private var shown = false
    private var ticker: Task<Void, Never>?
    /// How long a request runs before the line appears: a normal answer never shows it.
    static let delay: TimeInterval = 1

    init(_ inner: any TextOutput) {
        self.inner = inner
    }

    var isTerminal: Bool { inner.isTerminal }
    var failure: String? { inner.failure }

    func write(_ text: String) {
        lock.withLock {
            clearLocked()
            inner.write(text)
        }
    }

    /// `other` (stdout on the same terminal) with the line erased before each write, so a result never lands on the
    /// end of the waiting line.
    func erasing(before other: any TextOutput) -> any TextOutput {
        ErasingOutput(inner: other, line: self)
    }

    fileprivate func erase(then write: () -> Void) {
        lock.withLock {
            clearLocked()
            write()
        }
    }

    /// Runs `body` as one wait for `host`, shown while it lasts longer than `delay`.
    func waiting<T>(for host: String, _ body: () async throws -> T) async rethrows -> T {
        let id = UUID()
        lock.withLock {
            waits[id] = (host, Stopwatch())
            if ticker == nil { ticker = Task { [weak self] in await self?.tick() } }
        }
        defer {
            lock.withLock {
                waits[id] = nil
                if waits.isEmpty {
                    clearLocked()
                    ticker?.cancel()
                    ticker = nil
                }
            }
        }
        return try await body()
    }

    private func tick() async {
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: 250_000_000)
            lock.withLock {
                guard !Task.isCancelled, let oldest = waits.values.max(by: { $0.since.seconds < $1.since.seconds }) else { return }
                let seconds = oldest.since.seconds
                guard seconds >= Self.delay else { return }
                let others = waits.count > 1 ? " and \(waits.count - 1) more" : ""
                inner.write("\r\u{1B}[K… waiting for \(TerminalText.oneLine(oldest.host, limit: 60))\(others) (\(Int(seconds)) s)")
                shown = true
            }
        }
    }

    private func clearLocked() {
        guard shown else { return }
        inner.write("\r\u{1B}[K")
        shown = false
    }
}

/// Another stream of the same terminal, which erases the waiting line before it writes.
private final class ErasingOutput: TextOutput, @unchecked Sendable {
    // @unchecked: both fields are immutable and Sendable; writes are serialised by the line's lock.
    let inner: any TextOutput
    let line: WaitingLine

    init(inner: any TextOutput, line: WaitingLine) {
        self.inner = inner
        self.line = line
    }

    func write(_ text: String) { line.erase { inner.write(text) } }
    var isTerminal: Bool { inner.isTerminal }
    var failure: String? { inner.failure }
}

/// Every request of the run goes through the waiting line, named by its host.
struct WaitingHTTPClient: HTTPClient {
    let inner: any HTTPClient
    let line: WaitingLine

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await line.waiting(for: Self.name(request.url)) { try await inner.send(request) }
    }

    func inspectTLS(_ url: URL) async throws -> TLSInspection? {
        try await line.waiting(for: Self.name(url)) { try await inner.inspectTLS(url) }
    }

    /// `idp.acme.example` (with its port when it has one).
    static func name(_ url: URL) -> String {
        (url.host ?? url.absoluteString) + (url.port.map { ":\($0)" } ?? "")
    }
}
