import Foundation

/// Starts the test peers in `Tests/Peers` and real TLS servers on random loopback ports.
package enum Peers {
    /// `http_peer.py` over TLS (when `pki` is given) or plain http; `extra` adds flags such as `--tls-max 1.2`.
    package static func httpPeer(pki: TestPKI?, extra: [String] = [], useWrongHostCertificate: Bool = false) async throws -> (
        BackgroundProcess, Int
    ) {
        let peer = try BackgroundProcess(
            TestPaths.python, httpPeerArguments(pki: pki, extra: extra, useWrongHostCertificate: useWrongHostCertificate))
        let port = try await peer.waitFor("PORT (\\d+)")
        return (peer, Int(port)!)
    }

    /// `httpPeer` for a suite's shared peer, made in a static initialiser (which cannot await).
    package static func sharedHTTPPeer(pki: TestPKI?, extra: [String] = []) throws -> (BackgroundProcess, Int) {
        let peer = try BackgroundProcess(TestPaths.python, httpPeerArguments(pki: pki, extra: extra, useWrongHostCertificate: false))
        let port = try peer.waitForBlocking("PORT (\\d+)")
        return (peer, Int(port)!)
    }

    private static func httpPeerArguments(pki: TestPKI?, extra: [String], useWrongHostCertificate: Bool) -> [String] {
        var arguments = TestPaths.pythonArguments + [TestPaths.peers.appendingPathComponent("http_peer.py").path]
        if let pki {
            arguments += [
                "--cert", useWrongHostCertificate ? pki.wrongHostCertificate : pki.serverCertificate,
                "--key", useWrongHostCertificate ? pki.wrongHostKey : pki.serverKey,
            ]
        }
        return arguments + extra
    }

    /// `bridge_peer.py`: a Bridge-style e-mail sign-in server and app-link files (`throttle` answers 429 while a link is pending).
    package static func bridgePeer(throttle: Bool) async throws -> (BackgroundProcess, Int) {
        let arguments =
            TestPaths.pythonArguments + [TestPaths.peers.appendingPathComponent("bridge_peer.py").path] + (throttle ? ["--throttle"] : [])
        let peer = try BackgroundProcess(TestPaths.python, arguments)
        let port = try await peer.waitFor("PORT (\\d+)")
        return (peer, Int(port)!)
    }

    /// oidc-provider-mock (PyPI, pinned in Tests/Peers/requirements.txt) on a random loopback port, logging every
    /// request line to `log`, and its version. `claims` are predefined users (JSON objects with `sub`).
    package static func oidcMock(claims: [String], tokenMaxAge: Int? = nil, log: String) async throws -> (BackgroundProcess, Int, String) {
        guard let venvPython = TestPaths.venvPython else {
            throw BackgroundProcess.StartError(
                description: ".venv is missing: run Scripts/test (or Scripts/venv) to install oidc-provider-mock")
        }
        var arguments = [TestPaths.peers.appendingPathComponent("oidc_mock.py").path, "--log", log]
        for user in claims { arguments += ["--user-claims", user] }
        if let tokenMaxAge { arguments += ["--token-max-age", String(tokenMaxAge)] }
        let peer = try BackgroundProcess(venvPython, arguments)
        let started = try await peer.waitFor("PORT (\\d+ VERSION \\S+)", timeout: 30).split(separator: " ")
        return (peer, Int(started[0])!, String(started[2]))
    }

    /// `device_peer.py`: Authlib's RFC 8628 device grant, refresh rotation and (with `--password-grant`) the password
    /// grant, on a random loopback port; `extra` adds its flags (`--slow-down-once`, `--expires-in N`, `--interval N`).
    package static func devicePeer(extra: [String] = [], log: String) async throws -> (BackgroundProcess, Int) {
        guard let venvPython = TestPaths.venvPython else {
            throw BackgroundProcess.StartError(description: ".venv is missing: run Scripts/test (or Scripts/venv) to install Authlib")
        }
        let peer = try BackgroundProcess(venvPython, [TestPaths.peers.appendingPathComponent("device_peer.py").path, "--log", log] + extra)
        let port = try await peer.waitFor("PORT (\\d+)", timeout: 30)
        return (peer, Int(port)!)
    }

    /// `rp_conformance.py`: the OpenID Foundation's RP test modules as one scripted provider; the issuer of module M
    /// is `http://127.0.0.1:PORT/M`. Needs the venv's `cryptography` (installed with Authlib).
    package static func rpConformance(log: String) async throws -> (BackgroundProcess, Int) {
        guard let venvPython = TestPaths.venvPython else {
            throw BackgroundProcess.StartError(description: ".venv is missing: run Scripts/test (or Scripts/venv) to install cryptography")
        }
        let peer = try BackgroundProcess(venvPython, [TestPaths.peers.appendingPathComponent("rp_conformance.py").path, "--log", log])
        let port = try await peer.waitFor("PORT (\\d+)", timeout: 30)
        return (peer, Int(port)!)
    }

    /// The OpenID Foundation's FAPI 2.0 RP modules as one scripted provider (`fapi2_conformance.py`), registering the
    /// client key whose public JWK is in the file `clientJWK` and, for the mTLS variant, the client certificate
    /// `clientCertificate` from `pki`'s CA, served on a TLS port with `pki`'s server certificate.
    package static func fapi2Conformance(log: String, clientJWK: String, pki: TestPKI, clientCertificate: String) async throws -> (
        peer: BackgroundProcess, port: Int, mtlsPort: Int
    ) {
        guard let venvPython = TestPaths.venvPython else {
            throw BackgroundProcess.StartError(description: ".venv is missing: run Scripts/test (or Scripts/venv) to install joserfc")
        }
        let peer = try BackgroundProcess(
            venvPython,
            [
                TestPaths.peers.appendingPathComponent("fapi2_conformance.py").path, "--log", log, "--client-jwk", clientJWK,
                "--tls-cert", pki.serverCertificate, "--tls-key", pki.serverKey, "--client-ca", pki.caCertificate,
                "--client-cert", clientCertificate,
            ])
        let port = try await peer.waitFor("^PORT (\\d+)", timeout: 30)
        let mtlsPort = try await peer.waitFor("MTLS_PORT (\\d+)", timeout: 30)
        return (peer, Int(port)!, Int(mtlsPort)!)
    }

    /// A real Glewlwyd (Debian's `glewlwyd`, C) set up by `glewlwyd_peer.py` in `work`: an OIDC plugin with PAR and
    /// one-use refresh tokens, member tess, clients `dots-keyed` (private_key_jwt with `clientJWK`) and `dots-secret`
    /// (`secret`), both registered with `redirectURI`. Nil when glewlwyd is not installed.
    package static func glewlwyd(work: String, redirectURI: String, clientJWK: String, secret: String) async throws -> (
        peer: BackgroundProcess, issuer: String, cookies: String
    )? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/glewlwyd") else { return nil }
        guard let venvPython = TestPaths.venvPython else {
            throw BackgroundProcess.StartError(description: ".venv is missing: run Scripts/test (or Scripts/venv) to install cryptography")
        }
        let peer = try BackgroundProcess(
            venvPython,
            [
                TestPaths.peers.appendingPathComponent("glewlwyd_peer.py").path, "--work", work, "--redirect-uri", redirectURI,
                "--client-jwk", clientJWK, "--secret", secret,
            ])
        let issuer = try await peer.waitFor("ISSUER (\\S+)", timeout: 60)
        let cookies = try await peer.waitFor("COOKIES (\\S+)", timeout: 10)
        return (peer, issuer, cookies)
    }

    /// `openssl s_server` speaking only the given protocol (`-tls1_1`, `-tls1_3`…), answering with its status page.
    /// `certificate`/`key` replace the test CA's valid server certificate (an expired one, say).
    package static func opensslServer(pki: TestPKI, protocolFlag: String, certificate: String? = nil, key: String? = nil) async throws -> (
        BackgroundProcess, Int
    ) {
        let peer = try BackgroundProcess(
            "/usr/bin/openssl",
            [
                "s_server", "-accept", "0", "-cert", certificate ?? pki.serverCertificate, "-key", key ?? pki.serverKey,
                protocolFlag, "-cipher", "DEFAULT:@SECLEVEL=0", "-www", "-naccept", "50",
            ])
        let port = try await peer.waitFor("ACCEPT .*:(\\d+)")
        return (peer, Int(port)!)
    }

    /// `openssl s_server` that requires a client certificate from `pki`'s CA (`-Verify 1`: none, or another CA's, fails
    /// the handshake) and serves the files of `directory` (`-WWW`), TLS 1.2 or newer.
    package static func opensslClientCertificateServer(pki: TestPKI, serving directory: String) async throws -> (BackgroundProcess, Int) {
        let peer = try BackgroundProcess(
            "/usr/bin/openssl",
            [
                "s_server", "-accept", "0", "-cert", pki.serverCertificate, "-key", pki.serverKey, "-CAfile", pki.caCertificate,
                "-Verify", "1", "-verify_return_error", "-WWW", "-naccept", "20",
            ], currentDirectory: URL(fileURLWithPath: directory))
        let port = try await peer.waitFor("ACCEPT .*:(\\d+)")
        return (peer, Int(port)!)
    }
}

/// Runs the built `dots-sso` with an isolated home, config and cache, and no colour, in its home as the current
/// folder: where outputs go unless told (never the repository the tests run from).
package struct DotsSSOCLI: Sendable {
    package let home = TemporaryDirectory("home")

    package init() {}

    package var cacheDirectory: String { home.path("cache/dots-sso") }
    package var configDirectory: String { home.path("config/dots-sso") }

    package var environment: [String: String] {
        var environment: [String: String] = [
            "HOME": home.url.path,
            "XDG_CONFIG_HOME": home.path("config"),
            "XDG_CACHE_HOME": home.path("cache"),
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "NO_COLOR": "1",
            "LANG": "C.UTF-8",
        ]
        // Never let a developer's proxy settings turn loopback tests into outside traffic.
        environment["NO_PROXY"] = "*"
        return environment
    }

    @discardableResult
    package func run(_ arguments: [String], environment extra: [String: String] = [:], stdin: Data? = nil, timeout: TimeInterval = 60)
        async throws -> ProcessResult
    {
        let binary = TestPaths.binary.path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BackgroundProcess.StartError(description: "\(binary) is missing: run `swift build` (Scripts/test does) first")
        }
        return try await ProcessRunner.run(
            binary, arguments, environment: environment.merging(extra) { $1 }, stdin: stdin, currentDirectory: home.url, timeout: timeout)
    }

    /// Starts dots-sso without waiting for it (stdout and stderr kept apart), e.g. `authorize` waiting for a browser.
    package func start(_ arguments: [String], environment extra: [String: String] = [:], interactive: Bool = false) throws
        -> BackgroundProcess
    {
        try BackgroundProcess(
            TestPaths.binary.path, arguments, environment: environment.merging(extra) { $1 }, currentDirectory: home.url,
            separateStderr: true, interactive: interactive)
    }

    /// `authorize` (with `arguments`) at a provider that approves at once: waits for the authorization URL the run
    /// prints (matching `urlPattern`, one capture group), follows it as a browser would to the loopback callback, and
    /// returns how the run ended.
    package func signInApprovedAtOnce(_ arguments: [String], urlPattern: String) async throws -> ProcessResult {
        let process = try start(arguments)
        let url = try await process.waitFor(urlPattern, inErrors: true)
        let callback = try await Browser.redirectTarget(of: url)
        _ = try? await Browser.get(callback)
        return await process.finish()
    }
}
