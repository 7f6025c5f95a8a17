import CCurl
import DotsSSOBasics
import FoundationEssentials

/// Owns one `CURL` easy handle, the header list and the error buffer it points at; all are freed in `deinit`.
/// Every option is set through a method that checks curl's answer: an option curl refuses is an error, never
/// ignored (a TLS floor or peer verification silently not applied would be a security hole). The raw handle
/// never leaves this class.
final class CurlEasyHandle {
    private let raw: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// curl writes its detailed error text here; it must live as long as the handle.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// The connection cache the handle joined, kept alive until the handle is cleaned up.
    private var pool: CurlConnectionPool?

    init() throws {
        // libcurl is loaded on the first handle, not at start-up (see dots_curl.h).
        if let reason = dots_curl_load() {
            throw HTTPError.noHTTPLibrary(detail: String(cString: reason))
        }
        guard let handle = dots_curl_easy_init() else {
            throw HTTPError.transport(url: "-", detail: "libcurl could not create a transfer handle")
        }
        raw = handle
        errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        // From here on `deinit` frees both, whatever happens next.
        try check(dots_curl_setopt_pointer(raw, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)), CURLOPT_ERRORBUFFER)
    }

    deinit {
        dots_curl_easy_cleanup(raw)
        if let headerList { dots_curl_slist_free_all(headerList) }
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int) throws {
        try check(dots_curl_setopt_long(raw, option, value), option)
    }

    func set(_ option: CURLoption, _ value: String) throws {
        try check(value.withCString { dots_curl_setopt_string(raw, option, $0) }, option)  // curl copies strings (7.17+)
    }

    func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer?) throws {
        try check(dots_curl_setopt_pointer(raw, option, pointer), option)
    }

    func set(_ option: CURLoption, offset value: Int64) throws {
        try check(dots_curl_setopt_off(raw, option, value), option)
    }

    /// Where body bytes go (`CURLOPT_WRITEFUNCTION` and its `WRITEDATA`).
    func setWriteFunction(_ callback: dots_curl_write_callback, context: UnsafeMutableRawPointer) throws {
        try check(dots_curl_setopt_write_function(raw, CURLOPT_WRITEFUNCTION, callback), CURLOPT_WRITEFUNCTION)
        try set(CURLOPT_WRITEDATA, pointer: context)
    }

    /// Where header lines go (`CURLOPT_HEADERFUNCTION` and its `HEADERDATA`).
    func setHeaderFunction(_ callback: dots_curl_write_callback, context: UnsafeMutableRawPointer) throws {
        try check(dots_curl_setopt_write_function(raw, CURLOPT_HEADERFUNCTION, callback), CURLOPT_HEADERFUNCTION)
        try set(CURLOPT_HEADERDATA, pointer: context)
    }

    /// Called with the connection's `SSL_CTX` before the handshake (`CURLOPT_SSL_CTX_FUNCTION` and its data).
    func setSSLContextFunction(_ callback: dots_curl_ssl_ctx_callback, context: UnsafeMutableRawPointer) throws {
        try check(dots_curl_setopt_ssl_ctx_function(raw, callback), CURLOPT_SSL_CTX_FUNCTION)
        try set(CURLOPT_SSL_CTX_DATA, pointer: context)
    }

    /// Replaces the request headers. A list that cannot be built completely is freed and refused.
    func setHeaders(_ lines: [String]) throws {
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines {
            guard let extended = dots_curl_slist_append(list, line) else {
                if let list { dots_curl_slist_free_all(list) }
                throw HTTPError.transport(url: "-", detail: "out of memory building the request headers")
            }
            list = extended
        }
        try check(dots_curl_setopt_slist(raw, CURLOPT_HTTPHEADER, list), CURLOPT_HTTPHEADER)
        if let headerList { dots_curl_slist_free_all(headerList) }
        headerList = list
    }

    /// Joins `pool`'s connection cache: kept-alive connections to the same server are reused.
    func join(_ pool: CurlConnectionPool) throws {
        guard let share = pool.share else { return }
        try check(dots_curl_setopt_pool(raw, share), CURLOPT_SHARE)
        self.pool = pool
    }

    /// Runs the transfer on the calling thread.
    func perform() -> CURLcode {
        dots_curl_easy_perform(raw)
    }

    func long(_ info: CURLINFO) -> Int {
        var value = 0
        _ = dots_curl_getinfo_long(raw, info, &value)
        return value
    }

    func offset(_ info: CURLINFO) -> Int64 {
        var value: Int64 = 0
        _ = dots_curl_getinfo_off(raw, info, &value)
        return value
    }

    func string(_ info: CURLINFO) -> String? {
        var value: UnsafePointer<CChar>?
        guard dots_curl_getinfo_string(raw, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    /// Called with `context` once connected (TLS handshake done), before the request goes out.
    func setPrerequestFunction(_ callback: dots_curl_prereq_callback, context: UnsafeMutableRawPointer) throws {
        try check(dots_curl_setopt_prereq_function(raw, callback, context), CURLOPT_PREREQFUNCTION)
    }

    /// The connection's OpenSSL `SSL` while it is up (inside the prerequest callback), nil with another TLS backend.
    var openSSLSession: OpaquePointer? {
        dots_curl_openssl_ssl(raw).map(OpaquePointer.init)
    }

    var errorText: String { String(cString: errorBuffer) }

    private func check(_ code: CURLcode, _ option: CURLoption) throws {
        guard code != CURLE_OK else { return }
        throw HTTPError.transport(
            url: "-", detail: "libcurl refused option \(option.rawValue): \(String(cString: dots_curl_easy_strerror(code)))")
    }
}
