import CCurl
import DotsSSOBasics
import FoundationEssentials

/// The state one libcurl transfer writes into from its C callbacks. It travels through curl's
/// `*DATA` pointers via `Unmanaged` and must outlive `curl_easy_perform`.
final class CurlTransfer {
    let limit: Int
    var body = Data()
    var headers: [(name: String, value: String)] = []
    var statusLine = ""
    var exceededLimit = false

    init(limit: Int) { self.limit = limit }

    /// Appends body bytes; refuses (returns 0, which aborts the transfer) once the cap would be crossed.
    static let write: dots_curl_write_callback = { pointer, size, count, context in
        guard let pointer, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        if transfer.body.count + length > transfer.limit {
            transfer.exceededLimit = true
            return 0
        }
        pointer.withMemoryRebound(to: UInt8.self, capacity: length) { transfer.body.append($0, count: length) }
        return length
    }

    /// Collects response headers; a new status line (after a 100 Continue or a proxy CONNECT) starts over.
    static let header: dots_curl_write_callback = { pointer, size, count, context in
        guard let pointer, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            transfer.take(headerLine: UnsafeBufferPointer(start: $0, count: length))
        }
        return length
    }

    /// One header line as libcurl hands it over (CRLF included), split on bytes: Foundation's
    /// `trimmingCharacters` cost more than the rest of a small download.
    func take(headerLine bytes: UnsafeBufferPointer<UInt8>) {
        let line = HTTPBytes.trimmed(bytes[...], newlinesOnly: true)
        if line.starts(with: Self.statusPrefix) {
            statusLine = String(decoding: line, as: UTF8.self)
            headers.removeAll()
        } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            let name = HTTPBytes.trimmed(line[..<colon], newlinesOnly: false)
            let value = HTTPBytes.trimmed(line[(colon + 1)...], newlinesOnly: false)
            headers.append((name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
        }
    }

    private static let statusPrefix = Array("HTTP/".utf8)

    /// Makes the connection verify with the client's shared trust store.
    static let sharedTrust: dots_curl_ssl_ctx_callback = { _, sslContext, context in
        guard let sslContext, let context else { return CURLE_SSL_CERTPROBLEM }
        Unmanaged<TLSTrustStore>.fromOpaque(context).takeUnretainedValue().install(into: sslContext)
        return CURLE_OK
    }

    /// Adds `--cacert` anchors to the store libcurl loaded for the connection (when the shared store cannot be made).
    static let addAnchors: dots_curl_ssl_ctx_callback = { _, sslContext, context in
        guard let sslContext, let context else { return CURLE_OK }
        let anchors = Unmanaged<TrustAnchors>.fromOpaque(context).takeUnretainedValue()
        return anchors.install(into: sslContext) ? CURLE_OK : CURLE_SSL_CERTPROBLEM
    }
}
