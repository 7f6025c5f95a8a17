import DotsSSOCore
import Testing

@Suite("Exit codes")
struct ExitStatusTests {
    @Test("each error family maps to the DESIGN.md code")
    func mapping() {
        #expect(ExitStatus(for: UsageError.invalid("x")) == .usage)
        #expect(ExitStatus(for: ConfigError.unknownChannel(name: "a", searched: "b")) == .configuration)
        #expect(ExitStatus(for: HTTPError.insecureURL(url: "http://x")) == .usage)
        #expect(ExitStatus(for: HTTPError.timeout(url: "u", seconds: 1)) == .network)
        #expect(ExitStatus(for: HTTPError.tls(host: "h", problem: .protocolVersion, detail: "")) == .network)
        #expect(ExitStatus(for: HTTPError.rateLimited(url: "u", retryAfter: "60")) == .temporary)
        #expect(ExitStatus(for: HTTPError.unexpectedStatus(url: "u", status: 500, detail: "")) == .protocolError)
        #expect(ExitStatus(for: HTTPError.unauthorized(url: "u", status: 401, detail: "")) == .notAuthorized)
        #expect(ExitStatus(for: HTTPError.malformedBody(url: "u", expected: "JSON", found: "HTML")) == .malformedInput)
        #expect(ExitStatus(for: TokenCacheError.notSignedIn(channel: nil)) == .notAuthorized)
        #expect(ExitStatus(for: TokenCacheError.insecureFile(path: "p", mode: "0644")) == .configuration)
        #expect(ExitStatus(for: NotAvailableError(command: "x")) == .checkFailed)
        #expect(ExitStatus.allCases.map(\.rawValue) == [0, 1, 64, 65, 69, 70, 75, 76, 77, 78])
    }

    @Test("the rate-limit message shows Retry-After")
    func retryAfter() {
        #expect(HTTPError.rateLimited(url: "https://x", retryAfter: "60").message.contains("retry after 60"))
    }
}
