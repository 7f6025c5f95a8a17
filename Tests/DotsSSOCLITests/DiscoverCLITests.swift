import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// `dots-sso discover` end to end against real TLS servers: trust, TLS versions, hostile servers, redaction, reports.
@Suite("discover over real TLS", .serialized)
struct DiscoverCLITests {
    static let pki: TestPKI = {
        do { return try TestPKI() } catch { fatalError("cannot make the test CA: \(error)") }
    }()

    @Test("TLS 1.2 and 1.3 servers are accepted with --cacert", arguments: ["1.2", "1.3"])
    func accepted(version: String) async throws {
        let (peer, port) = try await Peers.httpPeer(pki: Self.pki, extra: ["--tls-min", version, "--tls-max", version])
        defer { peer.stop() }
        let result = try await DotsSSOCLI().run([
            "discover", "--issuer", "https://127.0.0.1:\(port)/ok", "--cacert", Self.pki.caCertificate,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("token_endpoint"))
        #expect(result.stdout.contains("https://127.0.0.1:\(port)/ok/token"))
        #expect(result.stdout.contains("0 errors, 0 warnings, 0 info"))
    }

    @Test("DOTS_SSO_CACERT works like --cacert")
    func cacertFromEnvironment() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: Self.pki)
        defer { peer.stop() }
        let result = try await DotsSSOCLI().run(
            ["discover", "--issuer", "https://127.0.0.1:\(port)/ok"], environment: ["DOTS_SSO_CACERT": Self.pki.caCertificate])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("a TLS 1.1-only server is refused with 69 and a message naming TLS")
    func tls11() async throws {
        let (peer, port) = try await Peers.opensslServer(pki: Self.pki, protocolFlag: "-tls1_1")
        defer { peer.stop() }
        let result = try await DotsSSOCLI().run(["discover", "--issuer", "https://127.0.0.1:\(port)", "--cacert", Self.pki.caCertificate])
        #expect(result.status == 69)
        #expect(result.stderr.contains("TLS 1.2"))
        #expect(result.stdout.isEmpty)
    }

    @Test("openssl s_server with TLS 1.3 only is accepted at the TLS level")
    func tls13OpenSSL() async throws {
        let (peer, port) = try await Peers.opensslServer(pki: Self.pki, protocolFlag: "-tls1_3")
        defer { peer.stop() }
        // s_server -www answers every path with its HTML status page: the handshake succeeds and the body is not JSON.
        let result = try await DotsSSOCLI().run(["discover", "--issuer", "https://127.0.0.1:\(port)", "--cacert", Self.pki.caCertificate])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("expected JSON"))
    }

    @Test("an unknown CA is refused with 69 naming the certificate")
    func unknownCA() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: Self.pki)
        defer { peer.stop() }
        let result = try await DotsSSOCLI().run(["discover", "--issuer", "https://127.0.0.1:\(port)/ok"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("certificate"))
        #expect(result.stderr.contains("--cacert"))
    }

    @Test("a certificate for another host is refused with 69")
    func wrongHost() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: Self.pki, useWrongHostCertificate: true)
        defer { peer.stop() }
        let result = try await DotsSSOCLI().run([
            "discover", "--issuer", "https://127.0.0.1:\(port)/ok", "--cacert", Self.pki.caCertificate,
        ])
        #expect(result.status == 69)
        #expect(result.stderr.contains("does not match the host name"))
    }

    @Test("a server that never answers: --timeout 3 gives 69 well under 15 s")
    func hang() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: nil)
        defer { peer.stop() }
        let result = try await DotsSSOCLI().run(["discover", "--issuer", "http://127.0.0.1:\(port)/hang", "--timeout", "3"], timeout: 30)
        #expect(result.status == 69)
        #expect(result.duration < 15)
        #expect(result.stderr.contains("did not answer within 3 s"))
    }

    @Test("a 200 MB body is refused early with bounded memory", arguments: ["huge", "huge-length"])
    func hugeBody(path: String) async throws {
        let (peer, port) = try await Peers.httpPeer(pki: nil)
        defer { peer.stop() }
        // Python reports the peak memory of its one child, dots-sso, and nothing else the test suite runs.
        let cli = DotsSSOCLI()
        let meter =
            "import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); print('MAXRSS', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); sys.exit(r.returncode)"
        let result = try await ProcessRunner.run(
            "/usr/bin/env", ["python3", "-c", meter, TestPaths.binary.path, "discover", "--issuer", "http://127.0.0.1:\(port)/\(path)"],
            environment: cli.environment, timeout: 60)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("larger than 8 MiB"))
        #expect(result.duration < 20, "the body must be abandoned, not downloaded")
        let peak = result.stderr.split(separator: "\n").first { $0.hasPrefix("MAXRSS ") }.flatMap { Int($0.dropFirst(7)) } ?? Int.max
        #expect(peak < 150 * 1024, "dots-sso peaked at \(peak) KiB while refusing a 200 MB body")
    }

    @Test("an HTML page where JSON was expected exits 65 saying what arrived")
    func html() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: nil)
        defer { peer.stop() }
        let result = try await DotsSSOCLI().run(["discover", "--issuer", "http://127.0.0.1:\(port)/html"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("an HTML page"))
    }

    @Test("a redirect from https to http is refused (76)")
    func redirectToHTTP() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: Self.pki)
        defer { peer.stop() }
        let result = try await DotsSSOCLI().run([
            "discover", "--issuer", "https://127.0.0.1:\(port)/redirect-http", "--cacert", Self.pki.caCertificate,
        ])
        #expect(result.status == 76)
        #expect(result.stderr.contains("refusing the redirect"))
    }

    @Test("-v traces the exchange with every planted secret redacted")
    func verboseRedaction() async throws {
        let secret = "planted-\(UUID().uuidString)"
        let (peer, port) = try await Peers.httpPeer(pki: Self.pki, extra: ["--secret", secret])
        defer { peer.stop() }
        let cli = DotsSSOCLI()
        let result = try await cli.run([
            "discover", "-v", "--issuer", "https://127.0.0.1:\(port)/planted", "--cacert", Self.pki.caCertificate,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("> GET https://127.0.0.1:\(port)/planted/.well-known/openid-configuration"))
        #expect(result.stderr.contains("< HTTP/1.0 200") || result.stderr.contains("< HTTP/1.1 200"))
        #expect(result.stderr.contains("Set-Cookie: [redacted]"))
        #expect(!result.allOutput.contains(secret), "secret leaked:\n\(result.allOutput)")
        let json = try await cli.run([
            "discover", "--json", "--issuer", "https://127.0.0.1:\(port)/planted", "--cacert", Self.pki.caCertificate,
        ])
        #expect(!json.allOutput.contains(secret))
    }

    @Test("--json is one document with endpoints, findings and a verdict; a lint error exits 1")
    func jsonAndFindings() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: Self.pki)
        defer { peer.stop() }
        // The issuer with a trailing slash does not equal the one the metadata declares.
        let result = try await DotsSSOCLI().run([
            "discover", "--json", "--issuer", "https://127.0.0.1:\(port)/ok/", "--cacert", Self.pki.caCertificate,
        ])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((object["endpoints"] as? [String: String])?["token_endpoint"] == "https://127.0.0.1:\(port)/ok/token")
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["code"] as? String == "discover.issuer.mismatch" && $0["severity"] as? String == "error" })
        #expect(object["passed"] as? Bool == false)
    }

    @Test("--junit writes a failing test case and GitHub annotations appear in Actions")
    func ciReports() async throws {
        let (peer, port) = try await Peers.httpPeer(pki: Self.pki)
        defer { peer.stop() }
        let cli = DotsSSOCLI()
        let junit = cli.home.path("report.xml")
        let result = try await cli.run(
            ["discover", "--issuer", "https://127.0.0.1:\(port)/ok/", "--cacert", Self.pki.caCertificate, "--junit", junit],
            environment: ["GITHUB_ACTIONS": "true"])
        #expect(result.status == 1)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        // One test case for the one input, failing, with the finding inside.
        #expect(xml.components(separatedBy: "<testcase ").count == 2, "\(xml)")
        #expect(xml.contains("name=\"https://127.0.0.1:\(port)/ok") && xml.contains("<failure type=\"findings\""), "\(xml)")
        #expect(xml.contains("discover.issuer.mismatch"))
        #expect(result.stderr.contains("::error title=discover.issuer.mismatch $.issuer::"))
    }
}
