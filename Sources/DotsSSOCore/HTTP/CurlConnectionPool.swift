import CCurl
import DotsSSOBasics
import FoundationEssentials

/// One connection cache for every request a client makes: libcurl's share interface, locked for the threads requests
/// run on. Downloads from one server (a member's passes) reuse kept-alive connections instead of a TCP and TLS
/// handshake each. Only verified requests join it; the read-only handshake `inspectTLS` makes without verification
/// never does, and libcurl reuses a connection only for a request with the same TLS settings.
final class CurlConnectionPool: Sendable {
    private let made = MadeOnce<OpaquePointer?>()

    /// How many idle connections the pool keeps. libcurl's default (4 for a lone easy handle) closes a connection
    /// each time a fifth concurrent request finishes, so `passes fetch --parallel 8` made a new TLS handshake for
    /// every fourth pass; 16 is the most requests any command runs at once.
    static let keptAlive = 16

    /// The share handle, made on the first request rather than with the client: making it loads libcurl, which
    /// commands that never send a request should not pay for. Nil when libcurl cannot share connections (requests
    /// then connect each time).
    var share: OpaquePointer? { made.value { dots_curl_pool_new() } }

    deinit { if let share = made.existing ?? nil { dots_curl_pool_free(share) } }
}
