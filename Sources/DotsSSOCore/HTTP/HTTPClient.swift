import DotsSSOBasics
import FoundationEssentials

/// The network as the rest of the core sees it: one request in, one response out, policy enforced.
package protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
    /// Connects to `url`'s host and completes the TLS handshake only (nothing is sent): what `check tls` reports.
    func inspectTLS(_ url: URL) async throws -> TLSInspection?
}

/// Settings shared by every request of one command run.
package struct HTTPClientOptions: Sendable {
    /// Whole-request timeout (`--timeout`).
    package var timeout: TimeInterval
    package var connectTimeout: TimeInterval
    package var maxRedirects: Int
    package var trustAnchors: TrustAnchors?
    package var userAgent: String
    /// Receives the `-v` trace, one line at a time, already redacted.
    package var trace: (@Sendable (String) -> Void)?

    package static let defaultTimeout: TimeInterval = 30

    package init(
        timeout: TimeInterval = HTTPClientOptions.defaultTimeout,
        connectTimeout: TimeInterval = 10,
        maxRedirects: Int = 5,
        trustAnchors: TrustAnchors? = nil,
        userAgent: String = "dots-sso/\(DotsSSOVersion.current)",
        trace: (@Sendable (String) -> Void)? = nil
    ) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maxRedirects = maxRedirects
        self.trustAnchors = trustAnchors
        self.userAgent = userAgent
        self.trace = trace
    }
}
