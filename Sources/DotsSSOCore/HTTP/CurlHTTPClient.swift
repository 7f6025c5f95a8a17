import CCurl
import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// The production `HTTPClient`, over libcurl: TLS 1.2+, verification always on, loopback-only http,
/// bounded bodies and timeouts, redirects vetted hop by hop, a redacted trace for `-v`.
package final class CurlHTTPClient: HTTPClient {
    package let options: HTTPClientOptions

    /// Starts loading libcurl on a thread of its own when `command` (the first argument) is one whose every run
    /// makes requests: about 5 ms of dynamic loading then overlaps the argument parsing instead of delaying the first
    /// request (see dots_curl_preload). A wrong guess costs a background load or a later one, never a failure.
    package static func preloadLibrary(forCommand command: String) {
        if commandsThatRequest.contains(command) { dots_curl_preload() }
    }

    /// `token print` and `status` are left out: scripts call them in loops, and they usually answer from the cache.
    static let commandsThatRequest: Set<String> = [
        "discover", "authorize", "exchange", "refresh", "revoke", "logout", "magic-link", "profile", "flags", "containers",
        "passes", "applinks", "check", "members", "openweb", "demo",
    ]
    /// Connections kept alive between this client's requests.
    private let pool = CurlConnectionPool()
    /// What verified connections trust, loaded on the first one and shared (see `TLSTrustStore`).
    private let trust = MadeOnce<TLSTrustStore?>()

    package init(options: HTTPClientOptions = HTTPClientOptions()) {
        self.options = options
    }

    /// libcurl's easy interface blocks, so each request runs on a thread of its own: on Swift's cooperative pool
    /// (a thread a core on Linux, more only after a delay) it would quietly serialise concurrent downloads on a
    /// 2-core machine.
    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await onRequestThread { try self.sendBlocking(request) }
    }

    /// Runs `work` on a thread of its own. The thread may have served an earlier request (`DetachedThread.run` reuses
    /// threads), so its OpenSSL error queue, which is the thread's, is emptied first, as a new thread's was: no failure
    /// is told with another request's reasons.
    private func onRequestThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await DetachedThread.run {
            ERR_clear_error()
            return try work()
        }
    }

    /// Runs the request and any redirects synchronously on the calling thread.
    package func sendBlocking(_ request: HTTPRequest) throws -> HTTPResponse {
        let started = Stopwatch()
        let timeout = request.timeout ?? options.timeout
        let deadline = Deadline(seconds: timeout)
        var current = request
        current.url = try URLPolicy.validate(request.url.absoluteString)
        var redirects = 0
        while true {
            let remaining = deadline.remaining
            guard remaining > 0 else { throw HTTPError.timeout(url: Self.display(current), seconds: timeout) }
            var response = try perform(current, timeout: remaining, reportedTimeout: timeout)
            response.duration = started.seconds
            // Everything secret the request carried (form fields, credential headers): servers echo requests back.
            response.secrets = Redactor.secretValues(in: current)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.header("Location") else {
                return response
            }
            guard current.followsRedirects else {
                options.trace?(
                    "* redirect to \(Redactor.redactURL(location)) not followed: requests carrying credentials are never redirected")
                return response
            }
            redirects += 1
            guard redirects <= options.maxRedirects else {
                throw HTTPError.tooManyRedirects(url: Self.display(request), limit: options.maxRedirects)
            }
            let target = try URLPolicy.validateRedirect(from: current.url, location: location)
            if !URLPolicy.sameOrigin(current.url, target) {
                // Credentials never follow a redirect to another origin.
                current.headers.removeAll { Redactor.isSecret(header: $0.name) }
            }
            if response.status == 303 || ((response.status == 301 || response.status == 302) && current.method == .post) {
                current.method = .get
                current.body = nil
            }
            current.url = target
        }
    }

    package func inspectTLS(_ url: URL) async throws -> TLSInspection? {
        try await onRequestThread { try self.inspectTLSBlocking(url) }
    }

    /// The handshake as every request makes it; when verification fails, a second handshake without it (nothing
    /// is ever sent on it) reads the certificate so the report can say what is wrong with it.
    func inspectTLSBlocking(_ url: URL) throws -> TLSInspection? {
        let checked = try URLPolicy.validate(url.absoluteString)
        guard checked.scheme?.lowercased() == "https", let host = checked.host else { return nil }
        var inspection = TLSInspection(host: host, port: checked.port ?? 443)
        do {
            try handshake(checked, verify: true, into: &inspection)
        } catch HTTPError.tls(_, let problem, let detail) {
            inspection.problem =
                HTTPError.tls(host: inspection.port == 443 ? host : "\(host):\(inspection.port)", problem: problem, detail: detail).message
            inspection.problemKind = problem
            if problem != .protocolVersion {
                var unverified = inspection
                if (try? handshake(checked, verify: false, into: &unverified)) != nil { inspection.certificate = unverified.certificate }
            }
        }
        return inspection
    }

    /// Connects and completes the TLS handshake, reads the session in curl's prerequest callback and stops there:
    /// the request itself is never sent.
    private func handshake(_ url: URL, verify: Bool, into inspection: inout TLSInspection) throws {
        let handle = try CurlEasyHandle()
        try applySecurityFloor(handle, url: url, timeout: options.timeout)
        if !verify {
            try handle.set(CURLOPT_SSL_VERIFYPEER, 0)
            try handle.set(CURLOPT_SSL_VERIFYHOST, 0)
        }
        try applyTrust(handle)
        let probe = TLSProbe(handle: handle)
        try handle.setPrerequestFunction(TLSProbe.read, context: Unmanaged.passUnretained(probe).toOpaque())
        let code = withExtendedLifetime((options.trustAnchors, probe)) { handle.perform() }
        guard code == CURLE_OK || (code == CURLE_ABORTED_BY_CALLBACK && probe.reached) else {
            throw Self.error(
                for: code, detail: handle.errorText, url: url, display: url.redactedForDisplay, transfer: CurlTransfer(limit: 0),
                limit: 0, timeout: options.timeout, verification: handle.long(CURLINFO_SSL_VERIFYRESULT))
        }
        inspection.protocolVersion = probe.protocolVersion
        inspection.cipher = probe.cipher
        inspection.certificate = probe.certificate
    }

    /// The options every connection carries: any of them refused is an error (checked by the handle), never a
    /// weaker request.
    private func applySecurityFloor(_ handle: CurlEasyHandle, url: URL, timeout: TimeInterval) throws {
        try handle.set(CURLOPT_URL, url.absoluteString)
        try handle.set(CURLOPT_NOSIGNAL, 1)
        try handle.set(CURLOPT_PROTOCOLS_STR, "http,https")
        try handle.set(CURLOPT_FOLLOWLOCATION, 0)
        try handle.set(CURLOPT_SSLVERSION, CURL_SSLVERSION_TLSv1_2)
        try handle.set(CURLOPT_SSL_VERIFYPEER, 1)
        try handle.set(CURLOPT_SSL_VERIFYHOST, 2)
        try handle.set(CURLOPT_CONNECTTIMEOUT_MS, Int(clamping: min(options.connectTimeout, timeout) * 1000, to: 1...86_400_000))
        try handle.set(CURLOPT_TIMEOUT_MS, Int(clamping: timeout * 1000, to: 1...86_400_000))
    }

    /// Verified connections use the client's shared trust store in place of libcurl's per-connection loading of the
    /// system bundle. When the bundle cannot be loaded that way, libcurl loads it as before and the `--cacert`
    /// anchors are added to each connection's store. The store and the anchors live as long as the client, which
    /// outlives every transfer it runs.
    private func applyTrust(_ handle: CurlEasyHandle) throws {
        let store = trust.value {
            TLSTrustStore(caFile: handle.string(CURLINFO_CAINFO), caPath: handle.string(CURLINFO_CAPATH), anchors: options.trustAnchors)
        }
        if let store {
            try handle.set(CURLOPT_CAINFO, pointer: nil)
            try handle.set(CURLOPT_CAPATH, pointer: nil)
            try handle.setSSLContextFunction(CurlTransfer.sharedTrust, context: Unmanaged.passUnretained(store).toOpaque())
        } else if let anchors = options.trustAnchors {
            try handle.setSSLContextFunction(CurlTransfer.addAnchors, context: Unmanaged.passUnretained(anchors).toOpaque())
        }
    }

    private func perform(_ request: HTTPRequest, timeout: TimeInterval, reportedTimeout: TimeInterval) throws -> HTTPResponse {
        let handle = try CurlEasyHandle()
        let transfer = CurlTransfer(limit: request.maxBodyBytes)
        let trace = scrubbingTrace(for: request)
        let url = request.url

        try applySecurityFloor(handle, url: url, timeout: timeout)
        // GETs reuse connections. Anything else never does: libcurl resends a request whose reused connection turns
        // out dead, and a refresh or a revocation must never reach the provider twice.
        if request.method == .get {
            try handle.join(pool)
            try handle.set(CURLOPT_MAXCONNECTS, CurlConnectionPool.keptAlive)
        }
        try handle.set(CURLOPT_USERAGENT, options.userAgent)
        if let certificate = request.clientCertificate {
            // RFC 8705: shown only to a server that asks, on this request's connection; libcurl never hands a
            // connection made with one certificate to a request with another (or none).
            try handle.set(CURLOPT_SSLCERT, certificate.certificateFile)
            try handle.set(CURLOPT_SSLCERTTYPE, "PEM")
            try handle.set(CURLOPT_SSLKEY, certificate.keyFile)
            try handle.set(CURLOPT_SSLKEYTYPE, "PEM")
        }
        // Compression is a nicety: a libcurl built without zlib refuses it, and the request works without.
        try? handle.set(CURLOPT_ACCEPT_ENCODING, "")
        try handle.set(CURLOPT_MAXFILESIZE_LARGE, offset: Int64(request.maxBodyBytes))

        switch request.method {
        case .get:
            try handle.set(CURLOPT_HTTPGET, 1)
        case .head:
            try handle.set(CURLOPT_NOBODY, 1)
        case .post, .put, .delete:
            if request.method != .post { try handle.set(CURLOPT_CUSTOMREQUEST, request.method.rawValue) }
            let body = request.body ?? Data()
            try handle.set(CURLOPT_POST, 1)
            try handle.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(body.count))
            try body.withUnsafeBytes { buffer in
                // COPYPOSTFIELDS copies the bytes now, so the buffer need not outlive this call.
                let bytes =
                    buffer.count == 0
                    ? UnsafeMutableRawPointer(mutating: ("" as StaticString).utf8Start)
                    : UnsafeMutableRawPointer(mutating: buffer.baseAddress!)
                try handle.set(CURLOPT_COPYPOSTFIELDS, pointer: bytes)
            }
        }
        var headerLines = request.headers.map { "\($0.name): \($0.value)" }
        if request.method != .get && request.method != .head { headerLines.append("Expect:") }
        try handle.setHeaders(headerLines)

        let transferPointer = Unmanaged.passUnretained(transfer).toOpaque()
        try handle.setWriteFunction(CurlTransfer.write, context: transferPointer)
        try handle.setHeaderFunction(CurlTransfer.header, context: transferPointer)
        try applyTrust(handle)

        traceRequest(request, headers: [(name: "User-Agent", value: options.userAgent)] + request.headers, trace: trace)
        // `transfer` and the anchors travel to curl's callbacks unretained: they must outlive the transfer.
        let code = withExtendedLifetime((transfer, options.trustAnchors)) { handle.perform() }

        guard code == CURLE_OK else {
            let error = Self.error(
                for: code, detail: handle.errorText, url: url, display: Self.display(request), transfer: transfer,
                limit: request.maxBodyBytes,
                timeout: reportedTimeout, verification: handle.long(CURLINFO_SSL_VERIFYRESULT))
            trace?("* \(error.message)")
            throw error
        }
        let status = handle.long(CURLINFO_RESPONSE_CODE)
        let seconds = Double(handle.offset(CURLINFO_TOTAL_TIME_T)) / 1_000_000
        let response = HTTPResponse(status: status, headers: transfer.headers, body: transfer.body, url: url, duration: seconds)
        if let trace {
            if let address = handle.string(CURLINFO_PRIMARY_IP) {
                let reused = handle.long(CURLINFO_NUM_CONNECTS) == 0 ? " (kept-alive connection reused)" : ""
                trace("* connected to \(address) port \(handle.long(CURLINFO_PRIMARY_PORT))\(reused)")
            }
            trace(
                "< \(transfer.statusLine.isEmpty ? "HTTP \(status)" : transfer.statusLine) (\(Int(clamping: seconds * 1000, to: 0...Int(Int32.max))) ms, \(transfer.body.count) bytes) \(Self.display(request))"
            )
            for header in transfer.headers {
                trace("< \(header.name): \(Redactor.redact(header: header.name, value: header.value))")
            }
            let body = Redactor.redactBody(transfer.body, contentType: response.header("Content-Type"))
            if !body.isEmpty { trace("< \(body)") }
        }
        return response
    }

    /// The request's URL as messages show it: secret parameters redacted, and the request's own secrets too. Made only
    /// when a message or the `-v` trace shows it: the redaction parses the URL again (about 1 % of fetching 100 passes).
    static func display(_ request: HTTPRequest) -> String {
        Redactor.scrub(request.url.redactedForDisplay, secrets: request.secrets.filter { $0.count >= 6 })
    }

    /// The `-v` sink for one request, scrubbing every secret value the request carries wherever it reappears.
    private func scrubbingTrace(for request: HTTPRequest) -> (@Sendable (String) -> Void)? {
        guard let sink = options.trace else { return nil }
        let secrets = Redactor.secretValues(in: request)
        return { line in sink(Redactor.scrub(line, secrets: secrets)) }
    }

    private func traceRequest(_ request: HTTPRequest, headers: [(name: String, value: String)], trace: (@Sendable (String) -> Void)?) {
        guard let trace else { return }
        trace("> \(request.method.rawValue) \(Self.display(request))")
        for header in headers {
            trace("> \(header.name): \(Redactor.redact(header: header.name, value: header.value))")
        }
        if let body = request.body, !body.isEmpty {
            trace("> \(Redactor.redactBody(body, contentType: request.header("Content-Type")))")
        }
    }

    /// Maps a libcurl failure to a typed error whose message says what to fix. `verification` is OpenSSL's verdict on
    /// the peer's certificate (`CURLINFO_SSL_VERIFYRESULT`, an `X509_V_ERR_*` number): certificate problems are told
    /// apart by it, not by the words of the message, which change between OpenSSL and libcurl versions.
    static func error(
        for code: CURLcode, detail: String, url: URL, display: String, transfer: CurlTransfer, limit: Int, timeout: TimeInterval,
        verification: Int = 0
    ) -> HTTPError {
        let host: String
        if let name = url.host {
            host = url.port.map { "\(name):\($0)" } ?? name
        } else {
            host = url.absoluteString
        }
        let text = detail.isEmpty ? String(cString: dots_curl_easy_strerror(code)) : detail
        let lower = text.lowercased()
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .dns(host: host, detail: text)
        case CURLE_COULDNT_CONNECT:
            return .connect(host: host, detail: text)
        case CURLE_OPERATION_TIMEDOUT:
            return transfer.statusLine.isEmpty
                ? .timeout(url: display, seconds: timeout) : .unfinished(url: display, seconds: timeout, received: transfer.body.count)
        case CURLE_FILESIZE_EXCEEDED:
            return .bodyTooLarge(url: display, limit: limit)
        case CURLE_WRITE_ERROR where transfer.exceededLimit:
            return .bodyTooLarge(url: display, limit: limit)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM:
            let problem: HTTPError.TLSProblem
            if let verdict = TLSVerdict(verification) {
                problem = verdict.problem
            } else if lower.contains("subject name") || lower.contains("does not match") || lower.contains("no alternative certificate") {
                // libcurl's own host-name check (a backend that leaves it to libcurl) has no OpenSSL verdict.
                problem = .hostnameMismatch
            } else if code == CURLE_PEER_FAILED_VERIFICATION {
                problem = .untrustedCertificate
            } else if lower.contains("protocol version") || lower.contains("unsupported protocol") || lower.contains("wrong version number")
                || lower.contains("no protocols available") || lower.contains("version too low")
            {
                problem = .protocolVersion
            } else {
                problem = .other
            }
            return .tls(host: host, problem: problem, detail: text)
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .invalidURL(display)
        case _ where code == CURLE_OUT_OF_MEMORY || (code == CURLE_RECV_ERROR && lower.contains("header")):
            // libcurl refuses a header line over 100 KiB (CURL_MAX_HTTP_HEADER) with "Out of memory".
            return .malformedBody(
                url: display, expected: "response headers of a sane size",
                found: "a header line over 100 KiB, more than any HTTP client accepts")
        default:
            return .transport(url: display, detail: text)
        }
    }
}
