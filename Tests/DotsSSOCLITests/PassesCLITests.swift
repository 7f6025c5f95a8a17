import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// `passes fetch` against a local HTTPS partner that serves profiles, passes lists and passes (good ones signed
/// by a throwaway Apple-shaped hierarchy, and the broken deliveries partners make).
@Suite("passes fetch", .serialized)
struct PassesCLITests {
    static let token = "member-token-\(UUID().uuidString)"

    final class Partner: @unchecked Sendable {
        let pki: TestPKI
        let issuer: TestPassIssuer
        let files = TemporaryDirectory("partner")
        let log: String
        let peer: BackgroundProcess
        let port: Int
        let cli = DotsSSOCLI()
        let tokenFile: String
        var guest = Data(), event = Data()

        init() throws {
            pki = try TestPKI()
            issuer = try TestPassIssuer(pki: pki)
            guest = try issuer.pass(try TestPassIssuer.files(), signer: issuer.valid)
            event = try issuer.pass(try TestPassIssuer.files(pass: TestPassIssuer.passJSON(serial: "0002")), signer: issuer.valid)
            let passes: [String: Data] = [
                "guest.pkpass": guest, "event.pkpass": event,
                "page.pkpass": Data("<!DOCTYPE html><html><body>Session expired, please log in</body></html>".utf8),
                "bundle.pkpasses": try TestPassIssuer.zip([("1.pkpass", guest), ("2.pkpass", event)]),
            ]
            for (name, data) in passes { try data.write(to: files.url.appendingPathComponent(name)) }
            let members: [String: Any] = [
                "list": [
                    "{base}/passes/guest.pkpass", "{base}/passes/missing.pkpass", "{base}/passes/page.pkpass",
                    "{base}/passes/bundle.pkpasses", "{base}/passes/event.pkpass", "{base}/passes/guest.pkpass",
                ],
                "object": ["passes": ["{base}/passes/guest.pkpass"]],
                "numbers": [1, 2],
                "slow": (1...8).map { _ in "{base}/slow-passes/guest.pkpass" },
                "many": (1...48).map { _ in "{base}/passes/guest.pkpass" },
                "empty": [String](),
                "hostile": [
                    "{base}/passes/guest.pkpass", "{base}/huge/big.pkpass", "{base}/hang/slow.pkpass", "{base}/redirect-http/moved.pkpass",
                ],
            ]
            for (name, value) in members {
                try JSONSerialization.data(withJSONObject: value, options: .sortedKeys).write(
                    to: files.url.appendingPathComponent("\(name).json"))
            }
            // Pass URLs anywhere in the profile, in document order (not key order); a key that looks like a URL is not a value.
            try #"""
            {"id": "m-1", "features": {"canAccessApp": true},
             "passes": {"main": "{base}/passes/guest.pkpass", "{base}/passes/key.pkpass": "a key, not a pass"},
             "more": [{"title": "Event", "url": "{base}/passes/event.pkpass"}], "terms": "https://partner.example/terms.pdf"}
            """#.write(to: files.url.appendingPathComponent("profile.json"), atomically: true, encoding: .utf8)
            log = files.path("requests.log")
            (peer, port) = try Peers.sharedHTTPPeer(
                pki: pki, extra: ["--pass-dir", files.url.path, "--expect-token", PassesCLITests.token, "--log", log])
            tokenFile = cli.home.path("token")
            try "\(PassesCLITests.token)\n".write(toFile: tokenFile, atomically: true, encoding: .utf8)
        }

        deinit { peer.stop() }

        var base: String { "https://127.0.0.1:\(port)" }

        func fetch(_ arguments: [String], output: String, trust: Bool = true) async throws -> ProcessResult {
            try await cli.run(
                ["passes", "fetch", "--access-token-file", tokenFile, "--cacert", pki.caCertificate, "--output", output]
                    + (trust ? ["--trust", pki.caCertificate] : []) + arguments, timeout: 60)
        }

        func requests() -> [[String: Any]] {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
    }

    static let partner: Partner = {
        do { return try Partner() } catch { fatalError("cannot start the passes partner: \(error)") }
    }()

    func json(_ result: ProcessResult) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)\n\(result.stderr)")
    }

    @Test(
        "from the profile: every .pkpass URL in document order, saved as 1-primary-… and 2-…, byte for byte, with no token sent to pass hosts"
    )
    func fromProfile() async throws {
        let partner = Self.partner
        let output = TemporaryDirectory("out")
        let result = try await partner.fetch(
            ["--profile-endpoint", "\(partner.base)/member/profile", "--json"], output: output.path("passes"))
        #expect(result.status == 0, "\(result.stderr)\n\(result.stdout)")
        let object = try json(result)
        let passes = try #require(object["passes"] as? [[String: Any]])
        #expect(passes.map { $0["primary"] as? Bool } == [true, false])
        #expect(
            passes.map { ($0["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } } == [
                "1-primary-guest.pkpass", "2-event.pkpass",
            ])
        #expect(FileManager.default.contents(atPath: output.path("passes/1-primary-guest.pkpass")) == partner.guest)
        #expect(FileManager.default.contents(atPath: output.path("passes/2-event.pkpass")) == partner.event)
        #expect((passes[1]["summary"] as? [String: Any])?["serialNumber"] as? String == "0002")
        let passRequests = partner.requests().filter { ($0["path"] as? String ?? "").hasPrefix("/passes/") }
        #expect(!passRequests.isEmpty)
        for request in passRequests {
            let headers = (request["headers"] as? [String: String] ?? [:]).keys.map { $0.lowercased() }
            #expect(!headers.contains("authorization"), "the member's token must not go to pass hosts")
        }
        #expect(!result.allOutput.contains(Self.token))
    }

    @Test(
        "from the passes endpoint: order kept; a 404, an HTML page and a .pkpasses bundle fail only their own pass; a repeated URL is a warning; exit 1"
    )
    func fromEndpoint() async throws {
        let partner = Self.partner
        let output = TemporaryDirectory("out")
        let result = try await partner.fetch(["--passes-endpoint", "\(partner.base)/member/list", "--json"], output: output.url.path)
        #expect(result.status == 1, "\(result.stderr)")
        let passes = try #require(try json(result)["passes"] as? [[String: Any]])
        #expect(passes.map { $0["position"] as? Int } == [1, 2, 3, 4, 5, 6])
        func codes(_ index: Int) async -> Set<String> {
            Set(
                (passes[index]["findings"] as? [[String: Any]] ?? []).filter { $0["severity"] as? String == "error" }.compactMap {
                    $0["code"] as? String
                })
        }
        await #expect(codes(0).isEmpty)
        await #expect(codes(1) == ["passes.download.status"])
        await #expect(codes(2) == ["pkpass.archive.not-zip"])
        await #expect(codes(3) == ["passes.bundle-refused"])
        await #expect(codes(4).isEmpty)
        await #expect(codes(5).isEmpty)
        #expect(
            (passes[5]["findings"] as? [[String: Any]] ?? []).contains { $0["code"] as? String == "passes.duplicate" },
            "the same URL twice is a warning")
        let saved = try FileManager.default.contentsOfDirectory(atPath: output.url.path).sorted()
        #expect(
            saved == ["1-primary-guest.pkpass", "5-event.pkpass", "6-guest.pkpass"], "an HTML page or a bundle is never saved as a pass")
        #expect(
            !partner.requests().contains { ($0["path"] as? String ?? "").contains("bundle.pkpasses") },
            "a .pkpasses URL is refused without downloading it")

        let text = try await partner.fetch(["--passes-endpoint", "\(partner.base)/member/list"], output: output.url.path)
        #expect(text.status == 1)
        #expect(text.stdout.contains("1 (primary) https://127.0.0.1:\(partner.port)/passes/guest.pkpass → "))
        #expect(text.stdout.contains("single .pkpass files only"))
        #expect(text.stdout.contains("an HTML page"))
    }

    @Test(
        "fetched again into the same folder: an unchanged pass keeps its file (same inode and date); a changed or damaged one is replaced")
    func refetchKeepsUnchanged() async throws {
        let partner = Self.partner
        let output = TemporaryDirectory("out")
        let arguments = ["--profile-endpoint", "\(partner.base)/member/profile"]
        await #expect(try partner.fetch(arguments, output: output.url.path).status == 0)
        let guest = output.path("1-primary-guest.pkpass"), event = output.path("2-event.pkpass")
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: guest)
        let guestInode = try #require(try FileManager.default.attributesOfItem(atPath: guest)[.systemFileNumber] as? Int)
        var damaged = try #require(FileManager.default.contents(atPath: event))
        damaged[damaged.count / 2] ^= 0xFF  // same size, one byte different
        try damaged.write(to: URL(fileURLWithPath: event))

        let again = try await partner.fetch(arguments + ["--json"], output: output.url.path)
        #expect(again.status == 0, "\(again.stderr)")
        let passes = try #require(try json(again)["passes"] as? [[String: Any]])
        #expect(passes.map { $0["file"] as? String } == [guest, event], "both passes are reported as saved")
        let attributes = try FileManager.default.attributesOfItem(atPath: guest)
        #expect(attributes[.systemFileNumber] as? Int == guestInode)
        #expect(attributes[.modificationDate] as? Date == old)
        #expect(FileManager.default.contents(atPath: event) == partner.event, "the damaged copy is replaced")
    }

    @Test("--preview draws each saved pass beside it (a 640 px wide PNG whose QR code reads back); without it there are no pictures")
    func preview() async throws {
        let partner = Self.partner
        let output = TemporaryDirectory("out")
        let result = try await partner.fetch(
            ["--profile-endpoint", "\(partner.base)/member/profile", "--preview", "--json"], output: output.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        let passes = try #require(try json(result)["passes"] as? [[String: Any]])
        #expect(passes.map { $0["preview"] as? String } == [output.path("1-primary-guest.png"), output.path("2-event.png")])
        for pass in passes {
            let picture = try #require(FileManager.default.contents(atPath: pass["preview"] as? String ?? ""))
            let header = try #require(PNGHeader(picture), "a PNG")
            #expect(header.width == 640)
            #expect(
                !((pass["findings"] as? [[String: Any]]) ?? []).contains { $0["code"] as? String == "passes.preview.failed" }, "\(pass)")
        }
        let zbar = try await ProcessRunner.run("/usr/bin/env", ["zbarimg", "--quiet", "--raw", output.path("1-primary-guest.png")])
        #expect(
            zbar.status == 0 && !zbar.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
            "the guest pass's QR code reads back: \(zbar.stderr)")

        let plain = TemporaryDirectory("plain")
        await #expect(try partner.fetch(["--profile-endpoint", "\(partner.base)/member/profile"], output: plain.url.path).status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: plain.url.path).sorted() == ["1-primary-guest.pkpass", "2-event.pkpass"])
    }

    @Test(
        "a passes endpoint that answers anything but a flat array of URL strings exits 76 and downloads nothing",
        arguments: ["object", "numbers"])
    func listShape(name: String) async throws {
        let partner = Self.partner
        let output = TemporaryDirectory("out")
        let result = try await partner.fetch(["--passes-endpoint", "\(partner.base)/member/\(name)"], output: output.path("passes"))
        #expect(result.status == 76, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix("dots-sso: ") && result.stderr.contains("flat JSON array")
                && result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: output.path("passes")))
    }

    @Test(
        "a 200 MB body, a server that never answers and a redirect to http each fail their own pass, quickly; the good pass is still saved")
    func hostileDeliveries() async throws {
        let partner = Self.partner
        let output = TemporaryDirectory("out")
        let result = try await partner.fetch(
            ["--passes-endpoint", "\(partner.base)/member/hostile", "--timeout", "3", "--json"], output: output.url.path)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.duration < 30, "bounded by --timeout, not by the hanging server")
        let passes = try #require(try json(result)["passes"] as? [[String: Any]])
        let messages = passes.map {
            ($0["findings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }.joined(separator: " ")
        }
        #expect(messages[0].isEmpty, "\(messages[0])")
        #expect(messages[1].contains("larger than 16 MiB; abandoned"), "\(messages[1])")
        #expect(messages[2].contains("did not answer within 3 s"), "\(messages[2])")
        #expect(messages[3].contains("refusing the redirect") && messages[3].contains("http://example.invalid"), "\(messages[3])")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.url.path) == ["1-primary-guest.pkpass"])
    }

    @Test("on a terminal a progress bar counts the passes on stderr; in a pipe there is none")
    func progressBar() async throws {
        let partner = Self.partner
        let output = TemporaryDirectory("out")
        let command = [
            TestPaths.binary.path, "passes", "fetch", "--access-token-file", partner.tokenFile, "--cacert", partner.pki.caCertificate,
            "--trust", partner.pki.caCertificate, "--passes-endpoint", "\(partner.base)/member/slow", "--output", output.url.path,
        ]
        .map { "'\($0)'" }.joined(separator: " ")
        // script(1) gives the command a pseudo-terminal, as a person's shell would.
        let terminal = try await ProcessRunner.run(
            "/usr/bin/script", ["-qec", command, "/dev/null"], environment: partner.cli.environment, timeout: 60)
        #expect(terminal.status == 0, "\(terminal.stdout)")
        #expect(terminal.stdout.contains("passes [########################] 8/8"), "\(terminal.stdout)")
        let piped = try await partner.fetch(["--passes-endpoint", "\(partner.base)/member/slow"], output: output.url.path)
        #expect(piped.status == 0)
        // The bar's own text: a bare "8/8" also appears in a saved pass's path when the random output folder ends in 8.
        #expect(
            !piped.allOutput.contains("passes [") && !piped.allOutput.contains("] 8/8") && !piped.stderr.contains("\r"),
            "\(piped.allOutput)")
    }

    @Test("downloads run concurrently, never more than --parallel at once")
    func parallel() async throws {
        let partner = Self.partner
        func maxInFlight() async throws -> Int {
            let answer = try await ProcessRunner.run(
                "/usr/bin/curl", ["-s", "--cacert", partner.pki.caCertificate, "\(partner.base)/stats"])
            return (try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Int])?["max_in_flight"] ?? -1
        }
        _ = try await maxInFlight()  // forget earlier tests' downloads
        func run(_ extra: [String]) async throws -> Int {
            let output = TemporaryDirectory("out")
            let result = try await partner.fetch(
                ["--passes-endpoint", "\(partner.base)/member/slow", "--json"] + extra, output: output.url.path)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: output.url.path).count == 8)
            return try await maxInFlight()
        }
        let serial = try await run(["--parallel", "1"])
        #expect(serial == 1)
        let two = try await run(["--parallel", "2"])
        #expect(two == 2)
        let four = try await run([])
        #expect(four > 2 && four <= 4, "default --parallel 4 (max in flight: \(four))")
    }

    @Test("downloads reuse kept-alive connections: one TLS connection serves eight passes one after another; -v says so")
    func connectionReuse() async throws {
        let partner = Self.partner
        let output = TemporaryDirectory("out")
        let result = try await partner.fetch(
            ["--passes-endpoint", "\(partner.base)/member/slow", "--parallel", "1", "-v"], output: output.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        let connections = result.stderr.split(separator: "\n").filter { $0.hasPrefix("* connected to 127.0.0.1 port \(partner.port)") }
        #expect(connections.count == 9, "the passes list and eight passes: \(connections)")
        #expect(connections.filter { $0.hasSuffix("(kept-alive connection reused)") }.count == 8, "\(connections)")
    }

    @Test("--parallel 8 keeps its eight connections: 48 passes need no more than eight TLS handshakes")
    func connectionReuseInParallel() async throws {
        let partner = Self.partner
        let output = TemporaryDirectory("out")
        let result = try await partner.fetch(
            ["--passes-endpoint", "\(partner.base)/member/many", "--parallel", "8", "-v"], output: output.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        let connections = result.stderr.split(separator: "\n").filter { $0.hasPrefix("* connected to 127.0.0.1 port \(partner.port)") }
        #expect(connections.count == 49, "the passes list and 48 passes")
        let opened = connections.filter { !$0.hasSuffix("(kept-alive connection reused)") }.count
        #expect(opened <= 8, "new connections: \(opened)")
    }

    @Test(
        "--parallel true, 0 or 17 is a usage error and nothing is fetched",
        arguments: [
            ["--parallel", "true"], ["--parallel", "0"], ["--parallel", "17"],
        ])
    func badFlags(arguments: [String]) async throws {
        let partner = Self.partner
        let result = try await partner.fetch(
            ["--passes-endpoint", "\(partner.base)/member/list"] + arguments, output: TemporaryDirectory().url.path)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a token the partner refuses exits 77; an empty list exits 0 and says so")
    func refusedAndEmpty() async throws {
        let partner = Self.partner
        let wrong = partner.cli.home.path("wrong-token")
        try "not-the-token\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        let refused = try await partner.cli.run([
            "passes", "fetch", "--access-token-file", wrong, "--cacert", partner.pki.caCertificate,
            "--passes-endpoint", "\(partner.base)/member/list", "--output", TemporaryDirectory().url.path,
        ])
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(!refused.allOutput.contains("not-the-token"))
        let empty = try await partner.fetch(["--passes-endpoint", "\(partner.base)/member/empty"], output: TemporaryDirectory().url.path)
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stderr.contains("lists no passes"))
    }

    @Test("without --trust, passes signed by a test CA fail against Apple Root CA; an offline saved profile works too")
    func defaultTrustAndProfileFile() async throws {
        let partner = Self.partner
        let profile = TemporaryDirectory("profile")
        let document = #"{"id": "m-1", "pass": "\#(partner.base)/passes/guest.pkpass"}"#
        try document.write(toFile: profile.path("member.json"), atomically: true, encoding: .utf8)
        let untrusted = try await partner.cli.run([
            "passes", "fetch", "--profile-file", profile.path("member.json"), "--cacert", partner.pki.caCertificate,
            "--output", profile.path("out"), "--json",
        ])
        #expect(untrusted.status == 1, "\(untrusted.stderr)")
        #expect(untrusted.stdout.contains("pkpass.certificate.chain"))
        #expect(
            FileManager.default.fileExists(atPath: profile.path("out/1-primary-guest.pkpass")),
            "a readable pass is saved even when it has errors, so it can be examined")
        let trusted = try await partner.cli.run([
            "passes", "fetch", "--profile-file", profile.path("member.json"), "--cacert", partner.pki.caCertificate,
            "--trust", partner.pki.caCertificate, "--output", profile.path("out"),
        ])
        #expect(trusted.status == 0, "\(trusted.stderr)\n\(trusted.stdout)")
    }
}
