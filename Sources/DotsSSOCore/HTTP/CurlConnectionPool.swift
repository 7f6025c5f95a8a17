import CCurl

/// One connection cache for every request a client makes: libcurl's share interface, locked for the threads requests
/// run on. Downloads from one server (a member's passes) reuse kept-alive connections instead of a TCP and TLS
/// handshake each. Only verified requests join it; the read-only handshake `inspectTLS` makes without verification
/// never does, and libcurl reuses a connection only for a request with the same TLS settings.
final class CurlConnectionPool: @unchecked Sendable {
    // @unchecked: the pool is only handed to libcurl, which locks it through the mutexes it carries.
    let raw: OpaquePointer

    /// Nil when libcurl cannot share connections (requests then connect each time, as before).
    init?() {
        guard let pool = dots_curl_pool_new() else { return nil }
        raw = pool
    }

    deinit { dots_curl_pool_free(raw) }
}
