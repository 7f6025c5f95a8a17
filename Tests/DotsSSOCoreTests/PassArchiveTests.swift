import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// Archive safety and manifest integrity on archives built here, good and hostile.
@Suite("pkpass archive safety and manifest")
struct PassArchiveTests {
    func zip(_ entries: [(String, Data)], stored: Bool = false) throws -> Data { try TestPassIssuer.zip(entries, stored: stored) }

    func manifest(_ files: [String: Data]) throws -> Data { try TestPassIssuer.manifest(files) }

    func codes(_ archive: PassArchive) -> [String] { archive.findings.map(\.code) }

    @Test("a well-formed archive opens and its manifest matches")
    func good() throws {
        let pass = Data(#"{"formatVersion":1}"#.utf8)
        let icon = Data([0x89, 0x50, 0x4E, 0x47] + [UInt8](repeating: 7, count: 100))
        let files = ["pass.json": pass, "icon.png": icon, "en.lproj/pass.strings": Data("\"a\" = \"b\";".utf8)]
        let data = try zip(files.map { ($0.key, $0.value) } + [("manifest.json", try manifest(files)), ("signature", Data([1, 2, 3]))])
        let archive = PassArchive.open(data, file: "good.pkpass")
        #expect(archive.findings.isEmpty)
        #expect(archive.files["pass.json"] == pass)
        #expect(ManifestCheck.findings(files: archive.files, file: "good.pkpass").isEmpty)
    }

    @Test("manifest: changed, unlisted and missing files are each an error")
    func manifestErrors() throws {
        let files = ["pass.json": Data("{}".utf8), "icon.png": Data([1, 2, 3])]
        var listed = try JSONSerialization.jsonObject(with: try manifest(files)) as! [String: String]
        listed["logo.png"] = String(repeating: "0", count: 40)
        let data = try zip([
            ("pass.json", Data("{\"changed\":1}".utf8)), ("icon.png", Data([1, 2, 3])), ("thumbnail.png", Data([9])),
            ("manifest.json", try JSONSerialization.data(withJSONObject: listed)), ("signature", Data([0])),
        ])
        let findings = ManifestCheck.findings(files: PassArchive.open(data, file: "p.pkpass").files, file: "p.pkpass")
        #expect(Set(findings.map(\.code)) == ["pkpass.manifest.hash-mismatch", "pkpass.manifest.unlisted", "pkpass.manifest.missing-file"])
        #expect(findings.first { $0.code == "pkpass.manifest.hash-mismatch" }?.location.path == "pass.json")
        #expect(ManifestCheck.findings(files: ["pass.json": Data()], file: "p").map(\.code) == ["pkpass.manifest.missing"])
    }

    @Test("manifest hashes are read in either case; a wrong one is named lower-case, whatever case it was written in")
    func manifestHashCase() throws {
        let files = ["pass.json": Data("{}".utf8), "icon.png": Data([1, 2, 3])]
        let listed = try JSONSerialization.jsonObject(with: try manifest(files)) as! [String: String]
        var upper = listed.mapValues { $0.uppercased() }
        #expect(
            ManifestCheck.findings(
                files: files.merging(["manifest.json": try JSONSerialization.data(withJSONObject: upper)]) { $1 }, file: "p"
            ).isEmpty)
        upper["icon.png"] = String(repeating: "AB", count: 20)
        let wrong = ManifestCheck.findings(
            files: files.merging(["manifest.json": try JSONSerialization.data(withJSONObject: upper)]) { $1 }, file: "p")
        #expect(wrong.map(\.code) == ["pkpass.manifest.hash-mismatch"])
        #expect(wrong.first?.message.contains("manifest.json says \(String(repeating: "ab", count: 20))") == true, "\(wrong)")
        upper["icon.png"] = String(repeating: "a", count: 39)
        #expect(
            ManifestCheck.findings(
                files: files.merging(["manifest.json": try JSONSerialization.data(withJSONObject: upper)]) { $1 }, file: "p"
            ).map(\.code) == ["pkpass.manifest.hash-mismatch"])
        // A name listed twice counts with the value it was given last, as JSON readers keep it.
        let right = try #require(listed["icon.png"]), zeros = String(repeating: "0", count: 40)
        for (first, last, codes) in [(zeros, right, [String]()), (right, zeros, ["pkpass.manifest.hash-mismatch"])] {
            let twice = #"{"icon.png": "\#(first)", "pass.json": "\#(try #require(listed["pass.json"]))", "icon.png": "\#(last)"}"#
            #expect(
                ManifestCheck.findings(files: files.merging(["manifest.json": Data(twice.utf8)]) { $1 }, file: "p").map(\.code) == codes)
        }
    }

    @Test("not a zip: the finding says what it is")
    func notZip() {
        let html = PassArchive.open(Data("<!DOCTYPE html><html><title>Sign in</title></html>".utf8), file: "p.pkpass")
        #expect(codes(html) == ["pkpass.archive.not-zip"])
        #expect(html.findings[0].message.contains("an HTML page"))
        #expect(PassArchive.open(Data(), file: "p").findings[0].message.contains("empty"))
        #expect(codes(PassArchive.open(Data([0x50, 0x4B, 0x03, 0x04, 1, 2, 3]), file: "p")) == ["pkpass.archive.unreadable"])
    }

    @Test(
        "hostile archives are refused",
        arguments: [
            ("../evil.txt", "pkpass.archive.unsafe-path"), ("/etc/passwd", "pkpass.archive.unsafe-path"),
            ("a/../../b", "pkpass.archive.unsafe-path"), ("inner.zip", "pkpass.archive.nested"),
            ("first.pkpass", "pkpass.archive.pkpasses"),
        ])
    func hostileNames(name: String, code: String) throws {
        let data = try zip([("pass.json", Data("{}".utf8)), (name, Data([1, 2, 3]))])
        #expect(codes(PassArchive.open(data, file: "p")) == [code])
    }

    @Test("a name climbs out only with a part that is exactly \"..\", whichever separator")
    func climbingNames() {
        for name in ["..", "../a", "a/..", "a/../b", "a\\..\\b", "a/..\\b", "./../x"] {
            #expect(PassArchive.climbs(name), "\(name)")
        }
        for name in ["", ".", "...", "a..", "..a", "a/.../b", "a/.b/c", "./a", "a/.", "a..b/c", "x/.. a"] {
            #expect(!PassArchive.climbs(name), "\(name)")
        }
    }

    @Test(
        "two entries of one name (an unsigned pass.json first, the signed one last), or names differing only in case, are refused",
        arguments: [
            ["pass.json", "pass.json"], ["pass.json", "Pass.json"],
        ])
    func duplicateEntries(names: [String]) throws {
        let data = try zip([(names[0], Data(#"{"description":"forged"}"#.utf8)), ("icon.png", Data([1])), (names[1], Data("{}".utf8))])
        let archive = PassArchive.open(data, file: "p")
        #expect(codes(archive) == ["pkpass.archive.duplicate-entry"])
        #expect(archive.findings.first?.message.contains("more than once") == true)
    }

    @Test("more than 500 entries is refused")
    func tooManyEntries() throws {
        let data = try zip((0...500).map { ("f\($0).png", Data([UInt8($0 % 256)])) }, stored: true)
        #expect(codes(PassArchive.open(data, file: "p")) == ["pkpass.archive.too-many-entries"])
    }

    @Test(
        "pass.json, manifest.json or a pass.strings over 1 MiB is refused before it is inflated, naming the cap; images may be bigger",
        arguments: ["pass.json", "manifest.json", "fr.lproj/pass.strings"])
    func textEntryCap(name: String) throws {
        let big = Data(("[" + String(repeating: "12,", count: 700_000) + "1]").utf8)  // 2.1 MB of numbers
        let data = try zip([(name, big), ("icon.png", Data([1]))])
        let archive = PassArchive.open(data, file: "p")
        #expect(codes(archive) == ["pkpass.archive.entry-too-large"])
        #expect(archive.files.isEmpty, "nothing was inflated")
        #expect(archive.findings.first?.location.path == name)
        #expect(archive.findings.first?.message.contains("\(name) is 2.0 MiB uncompressed") == true, "\(archive.findings)")
        #expect(archive.findings.first?.message.contains("at most 1 MiB") == true)
        let picture = try zip([("pass.json", Data("{}".utf8)), ("strip@3x.png", big)], stored: true)
        #expect(codes(PassArchive.open(picture, file: "p")).isEmpty, "an image of 2 MB is fine")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cap-\(UUID().uuidString).pass")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
        try big.write(to: folder.appendingPathComponent(name))
        let model = try PassInspector(anchors: PassSignature.appleRoot(), now: Date()).inspect(path: folder.path)
        #expect(model.findings.map(\.code) == ["pkpass.archive.entry-too-large"])
    }

    @Test("a zip bomb is refused in well under a second without inflating it")
    func bomb() throws {
        let zeros = Data(count: 80 * 1024 * 1024)
        let data = try zip([("pass.json", Data("{}".utf8)), ("icon.png", zeros)])
        #expect(data.count < 1024 * 1024)
        let started = Date()
        let archive = PassArchive.open(data, file: "bomb.pkpass")
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(codes(archive) == ["pkpass.archive.too-large"] || codes(archive) == ["pkpass.archive.ratio"])
        let ratioBomb = try zip([("icon.png", Data(count: 8 * 1024 * 1024))])
        #expect(codes(PassArchive.open(ratioBomb, file: "p")) == ["pkpass.archive.ratio"])
    }
}

@Suite("pkpass corpus archives")
struct PassCorpusArchiveTests {
    @Test("real passes open safely; the two edited samples show their manifest errors (SOURCES.md)")
    func corpus() throws {
        guard let signed = TestPaths.corpus?.appendingPathComponent("pkpass/signed") else {
            print("NOTICE: ../shared/corpus is absent; skipping the pkpass corpus test")
            return
        }
        let expected: [String: Set<String>] = [
            "uemanpasskit-generic_with_invalid_checksum.pkpass": ["pkpass.manifest.hash-mismatch"],
            "uemanpasskit-generic_with_missing_checksum.pkpass": ["pkpass.manifest.hash-mismatch", "pkpass.manifest.unlisted"],
        ]
        let names = try FileManager.default.contentsOfDirectory(atPath: signed.path).filter { $0.hasSuffix(".pkpass") }.sorted()
        #expect(names.count == 10)
        for name in names {
            let data = try Data(contentsOf: signed.appendingPathComponent(name))
            let archive = PassArchive.open(data, file: name)
            #expect(archive.findings.isEmpty, "\(name): \(archive.findings.map(\.message))")
            #expect(archive.files["pass.json"] != nil, "\(name)")
            let codes = Set(ManifestCheck.findings(files: archive.files, file: name).map(\.code))
            #expect(codes == (expected[name] ?? []), "\(name): \(codes)")
        }
    }
}

@Suite("pkpass signatures on the corpus")
struct PassSignatureCorpusTests {
    /// The identifiers in pass.json, read leniently (one Apple sample has a trailing comma).
    func identifiers(_ data: Data?) -> (String?, String?) {
        let text = String(decoding: data ?? Data(), as: UTF8.self)
        func value(_ key: String) -> String? {
            guard let range = text.range(of: "\"\(key)\"\\s*:\\s*\"([^\"]*)\"", options: .regularExpression) else { return nil }
            return text[range].split(separator: "\"").last.map(String.init)
        }
        return (value("passTypeIdentifier"), value("teamIdentifier"))
    }

    @Test("signatures, chains and certificates match SOURCES.md")
    func corpus() throws {
        guard let signed = TestPaths.corpus?.appendingPathComponent("pkpass/signed") else {
            print("NOTICE: ../shared/corpus is absent; skipping the pkpass signature test")
            return
        }
        let anchors = try PassSignature.appleRoot()
        var results: [String: Set<String>] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: signed.path).filter({ $0.hasSuffix(".pkpass") }) {
            let archive = PassArchive.open(try Data(contentsOf: signed.appendingPathComponent(name)), file: name)
            let (passType, team) = identifiers(archive.files["pass.json"])
            let (report, findings) = PassSignature.check(
                signature: archive.files["signature"], manifest: archive.files["manifest.json"],
                passTypeIdentifier: passType, teamIdentifier: team, anchors: anchors, file: name, now: Date())
            #expect(report.signer != nil, "\(name)")
            results[name] = Set(findings.map(\.code))
        }
        // The signature verifies over the manifest everywhere except the one whose manifest was edited.
        for (name, codes) in results {
            #expect(
                codes.contains("pkpass.signature.invalid") == (name == "uemanpasskit-generic_with_missing_checksum.pkpass"),
                "\(name): \(codes)")
        }
        #expect(results["pkpassvalidator-good.pkpass"]!.contains("pkpass.certificate.expired"))
        #expect(results["pkpassvalidator-good.pkpass"]!.contains("pkpass.certificate.wwdr-g1"))
        #expect(!results["pkpassvalidator-good.pkpass"]!.contains("pkpass.certificate.extension-mismatch"))
        #expect(results["pkpassvalidator-bad-extension-mismatch.pkpass"]!.contains("pkpass.certificate.extension-mismatch"))
        #expect(results["passjs-StoreCard.pkpass"]!.contains("pkpass.signature.sha1"))
        #expect(
            results["uemanpasskit-coffee_club.pkpass"]!.isSuperset(of: ["pkpass.certificate.chain", "pkpass.certificate.expired"]),
            "\(results["uemanpasskit-coffee_club.pkpass"]!)")
        #expect(
            !results["uemanpasskit-cinema.pkpass"]!.contains("pkpass.signature.invalid"),
            "CMS must handle signers identified by subject key identifier")
        #expect(!results["uemanpasskit-cinema.pkpass"]!.contains("pkpass.certificate.wwdr-g1"))
        print(results.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.sorted())" }.joined(separator: "\n"))
    }
}

@Suite("pkpass signatures made here")
struct PassSignatureLocalTests {
    @Test("a signature by a test CA verifies with --trust and fails the chain against Apple's root; a changed manifest fails")
    func testCA() async throws {
        let pki = try TestPKI()
        let directory = TemporaryDirectory()
        let manifest = Data(#"{"pass.json":"0000000000000000000000000000000000000000"}"#.utf8)
        try manifest.write(to: URL(fileURLWithPath: directory.path("manifest.json")))
        let signed = try await ProcessRunner.run(
            "/usr/bin/openssl",
            [
                "cms", "-sign", "-binary", "-in", directory.path("manifest.json"),
                "-signer", pki.serverCertificate, "-inkey", pki.serverKey, "-outform", "DER", "-out", directory.path("signature"), "-md",
                "sha256",
            ])
        #expect(signed.status == 0, "\(signed.stderr)")
        let signature = try Data(contentsOf: URL(fileURLWithPath: directory.path("signature")))
        let trusted = try TrustAnchors(pemFiles: [pki.caCertificate], option: "--trust")
        let (report, findings) = PassSignature.check(
            signature: signature, manifest: manifest, passTypeIdentifier: nil, teamIdentifier: nil,
            anchors: trusted, file: "t.pkpass", now: Date())
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        #expect(report.digest == "SHA-256")
        #expect(report.signer?.commonName == "127.0.0.1")
        let apple = PassSignature.check(
            signature: signature, manifest: manifest, passTypeIdentifier: nil, teamIdentifier: nil,
            anchors: try PassSignature.appleRoot(), file: "t.pkpass", now: Date()
        ).1
        #expect(apple.map(\.code).contains("pkpass.certificate.chain"))
        let tampered = PassSignature.check(
            signature: signature, manifest: manifest + Data(" ".utf8), passTypeIdentifier: nil, teamIdentifier: nil,
            anchors: trusted, file: "t.pkpass", now: Date()
        ).1
        #expect(tampered.map(\.code) == ["pkpass.signature.invalid"])
        #expect(
            PassSignature.check(
                signature: nil, manifest: manifest, passTypeIdentifier: nil, teamIdentifier: nil, anchors: trusted, file: "t", now: Date()
            ).1.map(\.code) == ["pkpass.signature.missing"])
        #expect(
            PassSignature.check(
                signature: Data("junk".utf8), manifest: manifest, passTypeIdentifier: nil, teamIdentifier: nil, anchors: trusted, file: "t",
                now: Date()
            ).1.map(\.code) == ["pkpass.signature.unparseable"])
    }
}

@Suite("pass.json")
struct PassJSONLintTests {
    static let good = #"""
        {"formatVersion": 1, "description": "Guest pass", "organizationName": "The Dots", "passTypeIdentifier": "pass.org.thedots.guest",
         "serialNumber": "001", "teamIdentifier": "ABCDE12345", "backgroundColor": "rgb(10, 20, 30)",
         "relevantDates": [{"date": "2026-11-21T18:30:00+01:00", "relevantDate": "2026-11-21T18:30:00+01:00"}], "webServiceURL": "https://passes.example/v1", "authenticationToken": "0123456789abcdef0123",
         "barcodes": [{"format": "PKBarcodeFormatQR", "message": "x", "messageEncoding": "iso-8859-1"}],
         "locations": [{"latitude": 51.5, "longitude": -0.1}],
         "generic": {"primaryFields": [{"key": "name", "value": "Jane"}], "backFields": [{"key": "terms", "value": "…"}]}}
        """#

    func codes(_ text: String) -> [String] {
        PassJSONLint.check(Data(text.utf8), file: "p.pkpass").findings.map(\.code)
    }

    func edit(_ change: (inout [String: Any]) -> Void) throws -> String {
        var object = try JSONSerialization.jsonObject(with: Data(Self.good.utf8)) as! [String: Any]
        change(&object)
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test("a complete pass.json has no findings")
    func good() { #expect(codes(Self.good).isEmpty) }

    @Test("a key given twice in pass.json is an error at its path (readers keep different copies)")
    func duplicateKey() {
        let twice = Self.good.replacingOccurrences(of: #""serialNumber": "001","#, with: #""serialNumber": "001", "serialNumber": "002","#)
        let findings = PassJSONLint.check(Data(twice.utf8), file: "p.pkpass").findings
        #expect(findings.map(\.code) == ["pkpass.pass-json.duplicate-key"])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.location.path == "pass.json $.serialNumber")
    }

    @Test(
        "each rule fails on its own",
        arguments: [
            ("formatVersion", "pkpass.pass-json.format-version"), ("serialNumber", "pkpass.pass-json.required"),
            ("generic", "pkpass.pass-json.style"),
        ])
    func removals(key: String, code: String) throws {
        #expect(codes(try edit { $0.removeValue(forKey: key) }).contains(code))
    }

    @Test("values: two styles, boarding pass without transit type, duplicate keys, barcode, colours, dates, web service, locations")
    func values() throws {
        #expect(try codes(edit { $0["coupon"] = [String: Any]() }).contains("pkpass.pass-json.style"))
        #expect(try codes(edit { $0["boardingPass"] = $0.removeValue(forKey: "generic") }).contains("pkpass.pass-json.transit-type"))
        #expect(
            try codes(edit { $0["generic"] = ["primaryFields": [["key": "a", "value": 1]], "backFields": [["key": "a", "value": 2]]] })
                .contains("pkpass.pass-json.field-key-duplicate"))
        #expect(
            try codes(edit { $0["barcodes"] = [["format": "PKBarcodeFormatEAN", "message": "x", "messageEncoding": "utf-8"]] }).contains(
                "pkpass.pass-json.barcode-format"))
        #expect(try codes(edit { $0["backgroundColor"] = "rgb(300, 0, 0)" }).contains("pkpass.pass-json.color"))
        let hex = PassJSONLint.check(Data(try edit { $0["backgroundColor"] = "#ffffff" }.utf8), file: "p").findings
        #expect(hex.map(\.code) == ["pkpass.pass-json.color-hex"] && hex[0].severity == .warning)
        #expect(try codes(edit { $0["expirationDate"] = "21/11/2026" }).contains("pkpass.pass-json.date"))
        #expect(try codes(edit { $0["relevantDates"] = [["date": "21/11/2026"]] }).contains("pkpass.pass-json.date"))
        #expect(try codes(edit { $0["webServiceURL"] = "http://passes.example" }).contains("pkpass.pass-json.web-service-https"))
        #expect(try codes(edit { $0["authenticationToken"] = "short" }).contains("pkpass.pass-json.authentication-token"))
        #expect(try codes(edit { $0["locations"] = [["latitude": "51.5"]] }).contains("pkpass.pass-json.locations"))
    }

    @Test("a trailing comma is a warning (Wallet accepts it); comments or broken JSON are an error with the position")
    func leniency() {
        let trailing = Self.good.replacingOccurrences(of: #""Jane"}]"#, with: #""Jane"},]"#)
        let findings = PassJSONLint.check(Data(trailing.utf8), file: "p").findings
        #expect(findings.map(\.code) == ["pkpass.pass-json.non-strict"])
        #expect(findings[0].message.contains("line"))
        let broken = PassJSONLint.check(Data("{\"formatVersion\": 1, // comment\n}".utf8), file: "p").findings
        #expect(broken.map(\.code) == ["pkpass.pass-json.invalid"])
    }

    @Test("the corpus passes' pass.json: the boarding pass's trailing comma is a warning, the rest are clean of errors")
    func corpus() throws {
        guard let signed = TestPaths.corpus?.appendingPathComponent("pkpass/signed") else {
            print("NOTICE: ../shared/corpus is absent; skipping")
            return
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: signed.path).filter({ $0.hasSuffix(".pkpass") }) {
            let archive = PassArchive.open(try Data(contentsOf: signed.appendingPathComponent(name)), file: name)
            let findings = PassJSONLint.check(archive.files["pass.json"] ?? Data(), file: name).findings
            #expect(findings.filter { $0.severity == .error }.isEmpty, "\(name): \(findings.map(\.message))")
            #expect(
                findings.contains { $0.code == "pkpass.pass-json.non-strict" } == (name == "uemanpasskit-BoardingPass.pkpass"), "\(name)")
        }
    }
}
