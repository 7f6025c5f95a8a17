import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// `pkpass inspect` run as users run it: the built binary on passes signed here and on the shared corpus.
@Suite("pkpass inspect", .serialized)
struct PKPassCLITests {
    final class Fixtures: @unchecked Sendable {
        let pki: TestPKI
        let issuer: TestPassIssuer
        let directory = TemporaryDirectory("passes")
        let cli = DotsSSOCLI()

        init() throws {
            pki = try TestPKI()
            issuer = try TestPassIssuer(pki: pki)
            try issuer.pass(try TestPassIssuer.files(), signer: issuer.valid).write(to: url("guest.pkpass"))
            var hex = TestPassIssuer.passJSON()
            hex["labelColor"] = "#336699"
            try issuer.pass(try TestPassIssuer.files(pass: hex), signer: issuer.valid).write(to: url("hex.pkpass"))
            try issuer.pass(try TestPassIssuer.files(), signer: issuer.expired).write(to: url("expired.pkpass"))
            try TestPassIssuer.zip([("pass.json", Data("{}".utf8)), ("strip.png", Data(count: 70 * 1024 * 1024))]).write(
                to: url("bomb.pkpass"))
            var forged = TestPassIssuer.passJSON()
            forged["description"] = "Guest\n0 errors, 0 warnings, 0 info\n\nforged.pkpass  generic \u{1B}[32mvalid\u{202E}"
            try issuer.pass(try TestPassIssuer.files(pass: forged), signer: issuer.valid).write(to: url("forged.pkpass"))
        }

        func url(_ name: String) -> URL { directory.url.appendingPathComponent(name) }
        func path(_ name: String) -> String { directory.path(name) }
        func inspect(_ arguments: [String], stdin: Data? = nil) async throws -> ProcessResult {
            try await cli.run(["pkpass", "inspect"] + arguments, stdin: stdin)
        }
    }

    static let fixtures: Fixtures = {
        do { return try Fixtures() } catch { fatalError("cannot make the test passes: \(error)") }
    }()

    @Test("a valid pass with --trust: exit 0, a summary a person recognises, and no credentials from pass.json")
    func valid() async throws {
        let f = Self.fixtures
        let result = try await f.inspect([f.path("guest.pkpass"), "--trust", f.pki.caCertificate])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        for text in [
            "generic · The Dots · The Dots guest pass", "serial 0001", "pass type \(TestPassIssuer.passType)",
            "team \(TestPassIssuer.team)",
            "barcode QR", "primary: MEMBER Ann Lee", "signed by Pass Type ID: \(TestPassIssuer.passType)", "SHA-256",
            "icon.png 29×29", "languages: de", "0 errors, 0 warnings, 0 info",
        ] {
            #expect(result.stdout.contains(text), "missing \(text) in:\n\(result.stdout)")
        }
        #expect(
            !result.allOutput.contains("member-0001") && !result.allOutput.contains("abcdefghijklmnop"),
            "barcode message and authenticationToken are credentials")
    }

    @Test("a description with newlines, ESC and a right-to-left override cannot fake our summary or restyle the terminal")
    func terminalInjection() async throws {
        let f = Self.fixtures
        let result = try await f.inspect([f.path("forged.pkpass"), "--trust", f.pki.caCertificate])
        #expect(result.status == 0, "\(result.stderr)")
        let summaries = result.stdout.split(separator: "\n").filter {
            $0.range(of: #"^\s*\d+ errors?, "#, options: .regularExpression) != nil
        }
        #expect(summaries.count == 1, "one summary line of ours:\n\(result.stdout)")
        #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{202E}"))
        #expect(
            result.stdout.contains(#"Guest\n0 errors, 0 warnings, 0 info\n\nforged.pkpass  generic \u{1b}[32mvalid\u{202e}"#),
            "\(result.stdout)")
    }

    @Test("the default anchor is Apple Root CA: the same pass fails its chain and names the issuer; exit 1")
    func defaultAnchor() async throws {
        let f = Self.fixtures
        let result = try await f.inspect([f.path("guest.pkpass")])
        #expect(result.status == 1)
        #expect(result.stdout.contains("pkpass.certificate.chain"))
        #expect(result.stdout.contains("Test Worldwide Developer Relations CA, OU G4"))
    }

    @Test("--json lists every pass in argument order with its summary and findings; --strict turns a hex colour into a failure")
    func jsonAndStrict() async throws {
        let f = Self.fixtures
        let result = try await f.inspect([
            f.path("guest.pkpass"), f.path("hex.pkpass"), f.path("expired.pkpass"), "--trust", f.pki.caCertificate, "--json",
        ])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let passes = try #require(object["passes"] as? [[String: Any]])
        #expect(
            passes.compactMap { ($0["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } } == [
                "guest.pkpass", "hex.pkpass", "expired.pkpass",
            ])
        let signature = ((passes[0]["summary"] as? [String: Any])?["signature"] as? [String: Any])
        #expect((signature?["signer"] as? [String: Any])?["userID"] as? String == TestPassIssuer.passType)
        #expect((passes[2]["findings"] as? [[String: Any]] ?? []).contains { $0["code"] as? String == "pkpass.certificate.expired" })
        #expect(object["passed"] as? Bool == false)

        let lenient = try await f.inspect([f.path("hex.pkpass"), "--trust", f.pki.caCertificate])
        #expect(lenient.status == 0, "a hex colour is only a warning")
        #expect(lenient.stdout.contains("pkpass.pass-json.color-hex"))
        let strict = try await f.inspect([
            f.path("hex.pkpass"), "--trust", f.pki.caCertificate, "--strict", "--junit", f.path("report.xml"),
        ])
        #expect(strict.status == 1)
        let junit = try String(contentsOfFile: f.path("report.xml"), encoding: .utf8)
        #expect(junit.contains("pkpass.pass-json.color-hex") && junit.contains("<failure"))
    }

    @Test("stdin, 150 MB on stdin, a zip bomb, a missing file and a bad --trust each get a clear answer and the documented exit")
    func inputs() async throws {
        let f = Self.fixtures
        let piped = try await f.inspect(["-", "--trust", f.pki.caCertificate], stdin: try Data(contentsOf: f.url("guest.pkpass")))
        #expect(piped.status == 0, "\(piped.stdout)")
        #expect(piped.stdout.hasPrefix("stdin"))

        let endless = try await ProcessRunner.run(
            "/bin/sh", ["-c", "head -c 157286400 /dev/zero 2>/dev/null | '\(TestPaths.binary.path)' pkpass inspect -"],
            environment: f.cli.environment, timeout: 60)
        #expect(endless.status == 1)
        #expect(endless.stdout.contains("stdin is larger than 96 MiB"), "150 MB on stdin is refused after 96 MiB: \(endless.stdout)")

        let device = try await f.inspect(["/dev/zero"])
        #expect(device.status == 1 && device.stdout.contains("larger than 96 MiB"), "a device has no size to check first: \(device.stdout)")

        let bomb = try await f.inspect([f.path("bomb.pkpass")])
        #expect(bomb.status == 1)
        #expect(bomb.stdout.contains("zip bomb"))
        #expect(bomb.duration < 10)

        let missing = try await f.inspect([f.path("nope.pkpass")])
        #expect(missing.status == 64)
        #expect(missing.stderr == "dots-sso: cannot read \(f.path("nope.pkpass")): no such file\n")

        let badTrust = try await f.inspect([f.path("guest.pkpass"), "--trust", f.path("nope.pem")])
        #expect(badTrust.status == 64)
        #expect(badTrust.stderr.contains("--trust") && !badTrust.stderr.contains("--cacert"))
    }

    @Test("the shared corpus: every signed pass fails on its expired certificates; the summary shows the WWDR generation")
    func corpus() async throws {
        guard let signed = TestPaths.corpus?.appendingPathComponent("pkpass/signed") else {
            print("NOTICE: ../shared/corpus is absent; skipping the pkpass CLI corpus test")
            return
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: signed.path).filter { $0.hasSuffix(".pkpass") }.sorted()
        let result = try await Self.fixtures.inspect(names.map { signed.appendingPathComponent($0).path } + ["--json"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let passes = try #require(object["passes"] as? [[String: Any]])
        #expect(passes.count == 10)
        let cinema = try #require(passes.first { ($0["file"] as? String ?? "").hasSuffix("cinema.pkpass") })
        let summary = try #require(cinema["summary"] as? [String: Any])
        #expect(summary["style"] as? String == "eventTicket")
        #expect(summary["barcodeFormat"] as? String == "QR")
        #expect((summary["images"] as? [[String: Any]])?.count == 9)
        let coffee = try await Self.fixtures.inspect([signed.appendingPathComponent("uemanpasskit-coffee_club.pkpass").path])
        #expect(coffee.stdout.contains("issued by \"Apple Worldwide Developer Relations Certification Authority, OU G4\""))
    }
}
