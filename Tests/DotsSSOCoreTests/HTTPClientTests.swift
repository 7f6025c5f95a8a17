import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// The libcurl client against real local TLS servers with a throwaway CA.
@Suite("HTTP client over TLS", .serialized)
struct HTTPClientTests {
    static let pki: TestPKI = {
        do { return try TestPKI() } catch { fatalError("cannot make the test CA: \(error)") }
    }()

    func client(trust: Bool = true, timeout: TimeInterval = 10, trace: (@Sendable (String) -> Void)? = nil) throws -> CurlHTTPClient {
        CurlHTTPClient(
            options: HTTPClientOptions(
                timeout: timeout,
                trustAnchors: trust ? try TrustAnchors(pemFiles: [Self.pki.caCertificate], option: "--cacert") : nil,
                trace: trace
            ))
    }

    func get(_ client: CurlHTTPClient, _ url: String) async throws -> HTTPResponse {
        try await client.send(HTTPRequest(.get, URL(string: url)!))
    }

    func expectNetworkError(_ operation: () async throws -> Void, problem: HTTPError.TLSProblem) async {
        do {
            try await operation()
            Issue.record("expected a TLS failure")
        } catch let error as HTTPError {
            guard case .tls(_, let found, _) = error else {
                Issue.record("expected a TLS error, got \(error)")
                return
            }
            #expect(found == problem, "\(error.message)")
            #expect(ExitStatus(for: error) == .network)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("TLS 1.2 and TLS 1.3 servers signed by --cacert are accepted", arguments: ["1.2", "1.3"])
    func modernTLS(version: String) async throws {
        let (peer, port) = try await Peers.httpPeer(pki: Self.pki, extra: ["--tls-min", version, "--tls-max", version])
        defer { peer.stop() }
        let response = try await get(try client(), "https://127.0.0.1:\(port)/ok/.well-known/openid-configuration")
        #expect(response.status == 200)
        let document = try response.decodeJSON(JSONValue.self)
        #expect(document.objectValue?["issuer"] == .string("https://127.0.0.1:\(port)/ok"))
    }

    @Test("a TLS 1.1-only server is refused, naming TLS 1.2")
    func legacyTLS() async throws {
        let (peer, port) = try await Peers.opensslServer(pki: Self.pki, protocolFlag: "-tls1_1")
        defer { peer.stop() }
        // Prove the peer really speaks TLS 1.1, so the refusal below is the client's doing.
        let probe = try await ProcessRunner.run(
            "/usr/bin/openssl", ["s_client", "-connect", "127.0.0.1:\(port)", "-tls1_1", "-cipher", "DEFAULT:@SECLEVEL=0"], stdin: Data(),
            timeout: 15)
        #expect(probe.stdout.contains("TLSv1.1"), "the openssl peer did not negotiate TLS 1.1: \(probe.stdout.suffix(400))")
        do {
            _ = try await get(try client(), "https://127.0.0.1:\(port)/")
            Issue.record("TLS 1.1 was accepted")
        } catch let error as HTTPError {
            #expect(error.message.contains("TLS 1.2"))
            #expect(ExitStatus(for: error) == .network)
        }
    }

    @Test("a certificate from an unknown CA is refused")
    func unknownCA() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: Self.pki)
        defer { peer.stop() }
        await expectNetworkError(
            { _ = try await get(try client(trust: false), "https://127.0.0.1:\(port)/ok") }, problem: .untrustedCertificate)
        let unrelated = CurlHTTPClient(
            options: HTTPClientOptions(trustAnchors: try TrustAnchors(pemFiles: [Self.pki.unrelatedCACertificate], option: "--cacert")))
        await expectNetworkError({ _ = try await get(unrelated, "https://127.0.0.1:\(port)/ok") }, problem: .untrustedCertificate)
    }

    @Test("a certificate for another host name is refused")
    func wrongHost() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: Self.pki, useWrongHostCertificate: true)
        defer { peer.stop() }
        await expectNetworkError({ _ = try await get(try client(), "https://127.0.0.1:\(port)/ok") }, problem: .hostnameMismatch)
    }

    @Test("a server that never answers times out with a network error")
    func hang() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: nil)
        defer { peer.stop() }
        let started = Date()
        do {
            _ = try await get(try client(trust: false, timeout: 2), "http://127.0.0.1:\(port)/hang")
            Issue.record("expected a timeout")
        } catch let error as HTTPError {
            #expect(error == .timeout(url: "http://127.0.0.1:\(port)/hang", seconds: 2))
        }
        // Generous: an async test can wait for a free thread while the suite runs CLI tests in parallel.
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test("oversized bodies are abandoned early, with or without Content-Length", arguments: ["huge", "huge-length"])
    func oversized(path: String) async throws {
        let (peer, port) = try await Peers.httpPeer(pki: nil)
        defer { peer.stop() }
        let started = Date()
        var request = HTTPRequest(.get, URL(string: "http://127.0.0.1:\(port)/\(path)")!)
        request.maxBodyBytes = 1024 * 1024
        do {
            let plain = try client(trust: false)
            _ = try await plain.send(request)
            Issue.record("expected the body to be refused")
        } catch let error as HTTPError {
            #expect(error == .bodyTooLarge(url: "http://127.0.0.1:\(port)/\(path)", limit: 1024 * 1024))
            #expect(ExitStatus(for: error) == .malformedInput)
        }
        #expect(Date().timeIntervalSince(started) < 20, "a 200 MB body must be abandoned, not downloaded")
    }

    @Test("an HTML page where JSON was expected is a malformed response naming what arrived")
    func htmlInsteadOfJSON() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: nil)
        defer { peer.stop() }
        let response = try await get(try client(trust: false), "http://127.0.0.1:\(port)/html")
        do {
            _ = try response.decodeJSON(JSONValue.self)
            Issue.record("HTML parsed as JSON")
        } catch let error as HTTPError {
            #expect(error.message.contains("an HTML page"))
            #expect(ExitStatus(for: error) == .malformedInput)
        }
    }

    @Test("redirects to http and redirect loops are refused")
    func redirects() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: Self.pki)
        defer { peer.stop() }
        do {
            _ = try await get(try client(), "https://127.0.0.1:\(port)/redirect-http")
            Issue.record("followed a redirect to http")
        } catch let error as HTTPError {
            guard case .redirectRefused = error else { Issue.record("got \(error)"); return }
            #expect(ExitStatus(for: error) == .protocolError)
        }
        do {
            _ = try await get(try client(), "https://127.0.0.1:\(port)/redirect-loop")
            Issue.record("followed a redirect loop")
        } catch let error as HTTPError {
            #expect(error == .tooManyRedirects(url: "https://127.0.0.1:\(port)/redirect-loop", limit: 5))
        }
    }

    @Test("credential POSTs are never redirected")
    func postsNotRedirected() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: nil)
        defer { peer.stop() }
        let plain = try client(trust: false)
        let response = try await plain.send(.form(URL(string: "http://127.0.0.1:\(port)/redirect-loop")!, [("code", "x")]))
        #expect(response.status == 302)
    }

    @Test("the trace shows the exchange and none of the secrets the server received")
    func redactedTrace() async throws {
        let log = TemporaryDirectory()
        let logFile = log.path("requests.jsonl")
        let secret = "planted-\(UUID().uuidString)"
        let (peer, port) = try await Peers.httpPeer(pki: Self.pki, extra: ["--log", logFile, "--secret", secret])
        defer { peer.stop() }
        final class Lines: @unchecked Sendable {
            private let lock = NSLock()
            private var lines: [String] = []
            func append(_ line: String) { lock.withLock { lines.append(line) } }
            var text: String { lock.withLock { lines.joined(separator: "\n") } }
        }
        let lines = Lines()
        let traced = try client(trace: { lines.append($0) })
        let request = HTTPRequest.form(
            URL(string: "https://127.0.0.1:\(port)/echo?access_token=\(secret)&state=visible")!,
            [("grant_type", "authorization_code"), ("code", secret), ("code_verifier", secret), ("client_secret", secret)],
            headers: [(name: "Authorization", value: "Bearer \(secret)"), (name: "Cookie", value: "sid=\(secret)")]
        )
        let response = try await traced.send(request)
        #expect(response.status == 200)
        let trace = lines.text
        #expect(trace.contains("> POST https://127.0.0.1:\(port)/echo"))
        #expect(trace.contains("state=visible"))
        #expect(trace.contains("grant_type=authorization_code"))
        #expect(trace.contains("Authorization: Bearer [redacted]"))
        #expect(trace.contains("< HTTP/1.1 200"))
        #expect(trace.contains("User-Agent: dots-sso/\(DotsSSOVersion.current)"))
        #expect(!trace.contains(secret), "secret leaked into the trace:\n\(trace)")
        let received = try String(contentsOfFile: logFile, encoding: .utf8)
        #expect(received.contains(secret), "the server should have received the secret, proving it was sent")
    }

    @Test("a --cacert file without a certificate is a usage error")
    func badTrustAnchors() throws {
        let directory = TemporaryDirectory()
        try "not a certificate".write(toFile: directory.path("bad.pem"), atomically: true, encoding: .utf8)
        #expect(throws: TrustAnchorError.self) { try TrustAnchors(pemFiles: [directory.path("bad.pem")], option: "--cacert") }
        #expect(throws: TrustAnchorError.self) { try TrustAnchors(pemFiles: [directory.path("missing.pem")], option: "--cacert") }
    }
}
