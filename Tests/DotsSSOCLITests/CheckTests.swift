import DotsSSOBasics
import DotsSSOCore
import DotsSSOLoopback
import DotsSSOSandbox
import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `dots-sso check` against the sandbox partner over real loopback HTTP (and real TLS servers): the sandbox's
/// channel passes every check, and one broken deliverable of each kind fails exactly its own check.
@Suite("check: every deliverable of a channel", .serialized)
struct CheckTests {
    /// A signed-in sandbox: jane's token cached in `cache`, the pass-signing root in `trust`.
    struct Signed {
        let sandbox: SandboxPartner
        let cache: TemporaryDirectory
        let trust: String
    }

    static func start(users: [SandboxUser] = SandboxUser.builtIn) async throws -> Signed {
        var settings = SandboxPartner.Settings()
        settings.users = users
        settings.autoApprove = "jane"
        let sandbox = try await SandboxPartner.start(settings: settings)
        let cache = TemporaryDirectory("check-cache")
        let trust = cache.path("sandbox-root.pem")
        try sandbox.passSigningRoot.write(toFile: trust, atomically: true, encoding: .utf8)
        var ctx = Self.context()
        ctx.browser = SandboxBrowser(http: CurlHTTPClient())
        let outcome = try await AuthorizeUseCase(signIn: SignInSettings(channel: sandbox.channel, cacheDirectory: cache.url.path), wait: 20)
            .run(ctx)
        guard case .signedIn = outcome else {
            Issue.record("the sandbox sign-in stopped before the token exchange")
            throw CancellationError()
        }
        return Signed(sandbox: sandbox, cache: cache, trust: trust)
    }

    /// A real network, and pictures drawn as the tool draws them: in a bounded child of the built binary.
    static func context(_ environment: [String: String] = [:]) -> CommandContext {
        var context = CommandContext(
            environment: Environment(["NO_COLOR": "1"].merging(environment) { $1 }), stdout: BufferedOutput(), stderr: BufferedOutput(),
            makeHTTPClient: { CurlHTTPClient(options: $0) })
        context.drawing = .childProcess(executable: TestPaths.binary.path)
        context.listening = HummingbirdLoopback()
        return context
    }

    func check(
        _ signed: Signed, _ channel: Channel, timeout: TimeInterval = 60, strict: Bool = false, cacert: [String] = [],
        tokenFile: String? = nil, pictures: String? = nil
    ) async throws -> CheckReport {
        let signIn = SignInSettings(channel: channel, http: HTTPSettings(caFiles: cacert), cacheDirectory: signed.cache.url.path)
        let member = MemberSettings(signIn: signIn, accessTokenFile: tokenFile)
        return try await CheckUseCase(member: member, trust: [signed.trust], strict: strict, timeout: timeout, pictures: pictures).run(
            Self.context())
    }

    func failing(_ report: CheckReport) -> [String] {
        report.checks.filter { $0.status == .fail }.map(\.name)
    }

    func outcome(_ report: CheckReport, _ name: String) throws -> CheckOutcome {
        try #require(report.checks.first { $0.name == name })
    }

    @Test("the sandbox's channel passes every check, each live check with jane's cached token")
    func sandboxPasses() async throws {
        let signed = try await Self.start()
        defer { signed.sandbox.stop() }
        let pictures = TemporaryDirectory("pictures")
        let report = try await check(signed, signed.sandbox.channel, pictures: pictures.url.path)
        #expect(
            report.checks.map(\.name) == [
                "channel", "discovery", "tls", "authorization", "profile", "flags", "container:members-area",
                "container:events", "passes", "loading-animation", "legal:privacy-policy",
                "legal:terms-and-conditions", "legal:joint-controller-statement", "magic-link",
            ])
        #expect(report.passed, "\(report.checks.filter { $0.status != .pass }.map { "\($0.name): \($0.findings.map(\.message))" })")
        #expect(report.checks.allSatisfy { $0.status == .pass })
        #expect(try outcome(report, "passes").detail?.hasPrefix("2 passes") == true)
        // The report names the loading animation's contact sheet, drawn by rlottie into --pictures.
        let loader = try outcome(report, "loading-animation")
        let sheet = try #require(loader.detail?.components(separatedBy: "frames: ").last, "\(loader)")
        #expect(sheet.hasPrefix(pictures.url.path) && sheet.hasSuffix("loading-animation.png"), "\(sheet)")
        #expect(PNGHeader(try Data(contentsOf: URL(fileURLWithPath: sheet))) != nil)
        // The live checks really ran as jane: her profile was fetched and both containers with her token.
        let paths = await signed.sandbox.requests().map(\.path)
        #expect(paths.contains("/api/me") && paths.contains("/api/passes") && paths.contains("/containers/members-area"))
    }

    @Test("one check run makes one HTTP client, and -v traces the member's token and profile requests on it")
    func oneClientOneTrace() async throws {
        let signed = try await Self.start()
        defer { signed.sandbox.stop() }
        let made = Counter()
        var ctx = Self.context()
        ctx.makeHTTPClient = { options in
            made.increment()
            return CurlHTTPClient(options: options)
        }
        let stderr = BufferedOutput()
        ctx.stderr = stderr
        let signIn = SignInSettings(
            channel: signed.sandbox.channel, http: HTTPSettings(verbose: true), cacheDirectory: signed.cache.url.path)
        let report = try await CheckUseCase(member: MemberSettings(signIn: signIn), trust: [signed.trust], only: ["profile", "passes"])
            .run(ctx)
        #expect(report.passed, "\(report.checks.map { "\($0.name): \($0.findings.map(\.message))" })")
        #expect(made.value == 1, "one client (one connection pool, one trace) for the whole run, not one per member lookup")
        let trace = stderr.text
        #expect(trace.contains("/api/me") && trace.contains("/api/passes"), "the member's requests are traced: \(trace.suffix(2_000))")
    }

    @Test(
        "without a token the live checks are skipped with the reason and the run is not a pass, --strict or not; --skip live leaves them out"
    )
    func noToken() async throws {
        let signed = try await Self.start()
        defer { signed.sandbox.stop() }
        let empty = TemporaryDirectory("no-cache")
        let unsigned = Signed(sandbox: signed.sandbox, cache: empty, trust: signed.trust)
        let report = try await check(unsigned, signed.sandbox.channel)
        let skipped = report.checks.filter { $0.status == .skip }.map(\.name)
        #expect(skipped == ["profile", "flags", "container:members-area", "container:events", "passes"])
        #expect(!report.passed && report.summary.failed == 0)
        #expect(report.memberMissing?.checks == skipped)
        for name in skipped {
            let check = try outcome(report, name)
            #expect(check.detail == "not signed in to channel 'sandbox'")
            #expect(check.noMember == true)
            #expect(check.findings.contains { $0.code == "check.skipped" && $0.severity == .warning })
        }
        // --strict does not turn them into failures: the run still says the member is missing (77), not "fix a finding" (1).
        let strict = try await check(unsigned, signed.sandbox.channel, strict: true)
        #expect(!strict.passed && strict.memberMissing?.checks == skipped)
        #expect(Set(failing(strict)).isDisjoint(with: skipped))

        let signIn = SignInSettings(channel: signed.sandbox.channel, cacheDirectory: empty.url.path)
        let left = try await CheckUseCase(member: MemberSettings(signIn: signIn), trust: [signed.trust], skip: ["live"]).run(Self.context())
        #expect(left.passed && left.memberMissing == nil)
        let live = Set(CheckName.all(for: signed.sandbox.channel).filter(\.isLive).map(\.description))
        #expect(!live.isEmpty && left.checks.allSatisfy { !live.contains($0.name) })

        // A refresh-token file whose token the provider refuses is no member either, with the sentence to pass on.
        let spent = empty.path("spent-refresh-token")
        try "not-a-token-this-sandbox-issued\n".write(toFile: spent, atomically: true, encoding: .utf8)
        chmod(spent, 0o600)
        var member = MemberSettings(signIn: signIn)
        member.refreshTokenFile = spent
        let refused = try await CheckUseCase(member: member, trust: [signed.trust], only: ["profile"]).run(Self.context())
        #expect(!refused.passed && refused.summary.failed == 0)
        #expect(
            refused.memberMissing?.message.contains("the refresh token in \(spent) no longer works (invalid_grant") == true,
            "\(refused.memberMissing?.message ?? "")")
        #expect(refused.memberMissing?.exitCode == 77)

        // The user's own token file that cannot be read is no partner failure (1) either: 64 missing, 65 empty.
        for (file, status) in [
            (empty.path("missing-refresh-token"), ExitStatus.usage), (empty.path("empty-refresh-token"), .malformedInput),
        ] {
            if status == .malformedInput {
                _ = FileManager.default.createFile(atPath: file, contents: Data(), attributes: [.posixPermissions: 0o600])
            }
            member.refreshTokenFile = file
            let unread = try await CheckUseCase(member: member, trust: [signed.trust], only: ["profile"]).run(Self.context())
            #expect(unread.summary.failed == 0 && unread.memberMissing?.exitCode == status.rawValue, "\(file): \(unread)")
            #expect(unread.memberMissing?.message.contains(file) == true, "\(unread.memberMissing?.message ?? "")")
        }
    }

    @Test("one broken deliverable of each kind fails exactly its own check")
    func brokenDeliverables() async throws {
        var jane = SandboxUser.builtIn[0]
        var profile = jane.profile.objectValue ?? [:]
        var features = profile["features"]?.objectValue ?? [:]
        features["newsletter"] = .string("yes")
        profile["features"] = .object(features)
        jane.profile = .object(profile)
        let signed = try await Self.start()
        defer { signed.sandbox.stop() }
        let base = signed.sandbox.channel
        let issuer = signed.sandbox.issuer
        let files = TemporaryDirectory("broken")

        let (peer, peerPort) = try await Peers.httpPeer(pki: nil)
        defer { peer.stop() }
        let pki = try TestPKI()
        let expired = try pki.expiredServer()
        let (tlsPeer, tlsPort) = try await Peers.opensslServer(
            pki: pki, protocolFlag: "-tls1_3", certificate: expired.certificate, key: expired.key)
        defer { tlsPeer.stop() }

        let animation = try await CurlHTTPClient().send(HTTPRequest(.get, URL(string: issuer + "/deliverables/loading.json")!)).body
        var lottie = try #require(try JSONSerialization.jsonObject(with: animation) as? [String: Any])
        var layers = try #require(lottie["layers"] as? [[String: Any]])
        layers[0]["ef"] = [["ty": 5]]
        lottie["layers"] = layers
        let brokenAnimation = files.path("loader.json")
        try JSONSerialization.data(withJSONObject: lottie).write(to: URL(fileURLWithPath: brokenAnimation))

        let expiredEndpoint = "https://127.0.0.1:\(tlsPort)/token"
        let cases: [(String, String, (inout Channel) -> Void)] = [
            ("an http legal page", "legal:privacy-policy", { $0.legal?.privacyPolicy = "http://legal.example/privacy" }),
            ("a 404 legal PDF", "legal:terms-and-conditions", { $0.legal?.termsAndConditions = issuer + "/legal/missing.pdf" }),
            (
                "an HTML error page as the PDF", "legal:joint-controller-statement",
                {
                    $0.legal?.jointControllerStatement = "http://127.0.0.1:\(peerPort)/html/joint-controller.pdf"
                }
            ),
            ("a loader with a feature lottie-ios does not play", "loading-animation", { $0.loadingAnimation = brokenAnimation }),
            (
                "a container that answers without a token", "container:events",
                { channel in
                    channel.containers?[1].url = "http://127.0.0.1:\(peerPort)/container/events"
                }
            ),
            ("an expired certificate", "tls", { $0.tokenEndpoint = expiredEndpoint }),
            ("a passes endpoint that returns an object", "passes", { $0.passesEndpoint = issuer + "/.well-known/openid-configuration" }),
            ("an undocumented flag", "flags", { $0.flags?.removeValue(forKey: "canAccessContainer2") }),
        ]
        // The non-boolean flag needs jane's profile changed: a second sandbox whose jane sends "newsletter": "yes".
        for (what, name, change) in cases {
            var channel = base
            change(&channel)
            let report = try await check(signed, channel, cacert: [pki.caCertificate])
            if name == "container:events" {
                // Seed 000 lets a container be public: a page that opens without a token is a warning, which fails under --strict.
                let events = try outcome(report, name)
                #expect(
                    events.status == .pass
                        && events.findings.contains { $0.code == "container.open-without-token" && $0.severity == .warning }, "\(what)")
                #expect(failing(report).isEmpty, "\(what): \(failing(report))")
                continue
            }
            #expect(
                failing(report) == [name],
                "\(what): failed \(failing(report)) — \(report.checks.filter { $0.status == .fail }.map(\.findings))")
        }
        var expiredChannel = base
        expiredChannel.tokenEndpoint = expiredEndpoint
        let expiredTLS = try outcome(try await check(signed, expiredChannel, cacert: [pki.caCertificate]), "tls")
        #expect(
            expiredTLS.findings.contains { $0.code == "tls.certificate.expired" && $0.message.contains("2021-01-01") },
            "\(expiredTLS.findings)")

        let flagged = try await Self.start(users: [jane] + SandboxUser.builtIn.dropFirst())
        defer { flagged.sandbox.stop() }
        var channel = flagged.sandbox.channel
        channel.flags?["newsletter"] = "the member gets the newsletter container"
        let report = try await check(flagged, channel)
        #expect(failing(report) == ["flags"])
        #expect(
            try outcome(report, "flags").findings.contains { $0.code == "profile.flag.not-boolean" && $0.message.contains("newsletter") })
    }

    @Test("a hanging endpoint is cut at --timeout while every other check reports")
    func hangingEndpoint() async throws {
        let signed = try await Self.start()
        defer { signed.sandbox.stop() }
        let (peer, port) = try await Peers.httpPeer(pki: nil)
        defer { peer.stop() }
        var channel = signed.sandbox.channel
        channel.legal?.privacyPolicy = "http://127.0.0.1:\(port)/hang/privacy"
        let started = Date()
        let report = try await check(signed, channel, timeout: 3)
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed < 8, "the run took \(elapsed) s")
        #expect(failing(report) == ["legal:privacy-policy"])
        #expect(report.checks.filter { $0.name != "legal:privacy-policy" }.allSatisfy { $0.status == .pass })
    }

    @Test(
        "check streams through a pipe: the first lines arrive while a slow check still runs, later ones held until it ends, in the fixed order"
    )
    func streaming() async throws {
        let signed = try await Self.start()
        defer { signed.sandbox.stop() }
        let (peer, port) = try await Peers.httpPeer(pki: nil)
        defer { peer.stop() }
        let cli = DotsSSOCLI()
        var channel = signed.sandbox.channel
        channel.legal?.privacyPolicy = "http://127.0.0.1:\(port)/hang/privacy"
        let file = cli.home.path("slow.json")
        try ChannelStore.write(channel, toFile: file)
        let run = try cli.start([
            "check", "--channel", file, "--cache-dir", signed.cache.url.path, "--trust", signed.trust, "--timeout", "6",
        ])
        let began = Date()
        _ = try await run.waitFor("^(ok +discovery)", timeout: 5)
        #expect(run.process.isRunning, "the discovery line arrived while the hanging check still ran")
        #expect(Date().timeIntervalSince(began) < 5)
        #expect(!run.output.contains("legal:terms-and-conditions"), "held: it comes after the privacy policy, which has not ended")
        let result = await run.finish(timeout: 30)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let order = ["ok   channel", "ok   discovery", "FAIL legal:privacy-policy", "ok   legal:terms-and-conditions"].map { prefix in
            lines.firstIndex { $0.hasPrefix(prefix) } ?? -1
        }
        #expect(order == order.sorted() && !order.contains(-1), "\(result.stdout)")
        #expect(lines.last?.hasPrefix("Checks failed") == true)
    }

    @Test("the binary: exit codes, the JUnit report (parsed, merged across channels) and annotations only under GITHUB_ACTIONS")
    func binaryReports() async throws {
        let signed = try await Self.start()
        defer { signed.sandbox.stop() }
        let cli = DotsSSOCLI()
        let good = cli.home.path("sandbox.json")
        try ChannelStore.write(signed.sandbox.channel, toFile: good)
        var broken = signed.sandbox.channel
        broken.name = "broken"
        broken.legal?.privacyPolicy = "http://legal.example/privacy"
        let bad = cli.home.path("broken.json")
        try ChannelStore.write(broken, toFile: bad)
        let junit = cli.home.path("reports/check.xml")
        try FileManager.default.createDirectory(atPath: cli.home.path("reports"), withIntermediateDirectories: true)
        let common = ["--cache-dir", signed.cache.url.path, "--trust", signed.trust, "--junit", junit]

        let passed = try await cli.run(["check", "--channel", good] + common)
        #expect(passed.status == 0, "\(passed.allOutput)")
        #expect(passed.stdout.contains("ok   legal:privacy-policy"))
        #expect(!passed.stderr.contains("::"))
        let failed = try await cli.run(["check", "--channel", bad] + common, environment: ["GITHUB_ACTIONS": "true"])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("FAIL legal:privacy-policy"))
        #expect(failed.stdout.contains("error legal.insecure: the Privacy Policy (http://"), "which address to fix: \(failed.stdout)")
        // The annotation points at the channel file (relative to where the job runs), the address in its message.
        #expect(failed.stderr.contains("::error file=broken.json,title=legal%3Aprivacy-policy%3A legal.insecure::"), "\(failed.stderr)")
        #expect(failed.stderr.contains("(http://"), "the legal document's address: \(failed.stderr)")

        let suites = try JUnitReader.read(junit)
        #expect(suites.map(\.name) == ["sandbox", "broken"])
        let brokenSuite = try #require(suites.last)
        #expect(brokenSuite.cases.count == 14)
        #expect(brokenSuite.cases.filter(\.failed).map(\.name) == ["legal:privacy-policy"])
        #expect(suites[0].cases.allSatisfy { !$0.failed && !$0.skipped })

        let json = try await cli.run(
            ["check", "--channel", good, "--json", "--only", "legal", "--skip", "legal:terms-and-conditions"] + common.dropLast(2))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let checks = try #require(document["checks"] as? [[String: Any]])
        #expect(checks.compactMap { $0["name"] as? String } == ["legal:privacy-policy", "legal:joint-controller-statement"])
        #expect(document["passed"] as? Bool == true)
        #expect(checks.allSatisfy { $0["status"] as? String == "pass" && $0["durationMs"] is Int })

        let none = try await cli.run(["check"])
        #expect(none.status == 78)
        #expect(none.stderr.contains("--channel"))

        let unknown = try await cli.run(["check", "--channel", good, "--only", "lgal"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("legal:privacy-policy"))
    }
}

/// Reads a JUnit XML file with Foundation's XML parser, as a CI system would.
enum JUnitReader {
    struct Case {
        var name: String
        var failed = false
        var skipped = false
    }

    struct Suite {
        var name: String
        var cases: [Case] = []
    }

    final class Delegate: NSObject, XMLParserDelegate {
        var suites: [Suite] = []

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch element {
            case "testsuite": suites.append(Suite(name: attributes["name"] ?? ""))
            case "testcase": suites[suites.count - 1].cases.append(Case(name: attributes["name"] ?? ""))
            case "failure": suites[suites.count - 1].cases[suites[suites.count - 1].cases.count - 1].failed = true
            case "skipped": suites[suites.count - 1].cases[suites[suites.count - 1].cases.count - 1].skipped = true
            default: break
            }
        }
    }

    static func read(_ path: String) throws -> [Suite] {
        let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)))
        let delegate = Delegate()
        parser.delegate = delegate
        #expect(parser.parse(), "the JUnit report is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        return delegate.suites
    }
}

/// The `tls` check against real TLS servers (openssl s_server) with a throwaway CA.
@Suite("check tls against real TLS servers", .serialized)
struct CheckTLSTests {
    func tls(_ url: String, pki: TestPKI) async throws -> CheckOutcome {
        var channel = Channel(name: "tls")
        channel.tokenEndpoint = url
        let signIn = SignInSettings(channel: channel, http: HTTPSettings(caFiles: [pki.caCertificate]))
        let report = try await CheckUseCase(member: MemberSettings(signIn: signIn), only: ["tls"], timeout: 20).run(CheckTests.context())
        return try #require(report.checks.first)
    }

    @Test("TLS 1.3: the version, cipher and expiry are reported, and a certificate 2 days from expiry is a warning")
    func goodHost() async throws {
        let pki = try TestPKI()
        let (server, port) = try await Peers.opensslServer(pki: pki, protocolFlag: "-tls1_3")
        defer { server.stop() }
        let outcome = try await tls("https://127.0.0.1:\(port)/token", pki: pki)
        let finding = try #require(outcome.findings.first)
        #expect(finding.code == "tls.certificate.expiring", "\(outcome.findings)")
        #expect(finding.message.contains("TLSv1.3") && finding.message.contains("valid until"))
        #expect(outcome.status == .pass)
    }

    @Test("a TLS 1.1-only server is refused: an error naming the version, and the check fails")
    func oldProtocol() async throws {
        let pki = try TestPKI()
        let (server, port) = try await Peers.opensslServer(pki: pki, protocolFlag: "-tls1_1")
        defer { server.stop() }
        let outcome = try await tls("https://127.0.0.1:\(port)/token", pki: pki)
        #expect(outcome.status == .fail)
        #expect(outcome.findings.contains { $0.code == "tls.version" && $0.message.contains("TLS 1.2") }, "\(outcome.findings)")
    }

    @Test("a certificate from an unknown CA is untrusted; the report still names its dates")
    func untrusted() async throws {
        let pki = try TestPKI()
        let (server, port) = try await Peers.opensslServer(pki: pki, protocolFlag: "-tls1_2")
        defer { server.stop() }
        var channel = Channel(name: "tls")
        channel.tokenEndpoint = "https://127.0.0.1:\(port)/token"
        let report = try await CheckUseCase(member: MemberSettings(signIn: SignInSettings(channel: channel)), only: ["tls"], timeout: 20)
            .run(CheckTests.context())
        let outcome = try #require(report.checks.first)
        #expect(outcome.status == .fail)
        #expect(
            outcome.findings.contains { $0.code == "tls.certificate.untrusted" && $0.message.contains("valid ") }, "\(outcome.findings)")
    }
}

/// Counts from several tasks.
final class Counter: @unchecked Sendable {
    // @unchecked: `count` is guarded by `lock`.
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
