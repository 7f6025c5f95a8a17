import DotsSSOBasics
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCore

/// Whole-pass inspection on passes signed here by a throwaway Apple-shaped hierarchy: one valid pass, and one
/// broken variant per rule, each expected to raise exactly its own errors.
@Suite("pkpass inspect on generated passes")
struct PassInspectorTests {
    static let shared = Result { try TestPassIssuer(pki: TestPKI()) }

    var issuer: TestPassIssuer { get throws { try Self.shared.get() } }

    func inspector() throws -> PassInspector {
        PassInspector(anchors: try TrustAnchors(pemFiles: [try issuer.pki.caCertificate], option: "--trust"), now: Date())
    }

    func errors(_ inspection: PassInspection) -> Set<String> {
        Set(inspection.findings.filter { $0.severity == .error }.map(\.code))
    }

    @Test("a valid pass signed by the test hierarchy has no findings and a full summary")
    func valid() throws {
        let data = try issuer.pass(try TestPassIssuer.files(), signer: try issuer.valid)
        let inspection = try inspector().inspect(data, file: "guest.pkpass")
        #expect(inspection.findings.isEmpty, "\(inspection.findings.map(\.message))")
        let s = inspection.summary
        #expect(s.style == "generic" && s.serialNumber == "0001" && s.organizationName == "The Dots")
        #expect(s.passTypeIdentifier == TestPassIssuer.passType && s.teamIdentifier == TestPassIssuer.team)
        #expect(s.barcodeFormat == "QR")
        #expect(s.primaryFields == [PassSummary.Field(key: "member", label: "MEMBER", value: "Ann Lee")])
        #expect(s.signature?.signer?.userID == TestPassIssuer.passType)
        #expect(s.signature?.digest == "SHA-256")
        #expect(s.signature?.signingTime != nil)
        #expect(s.images.map(\.path) == ["icon.png", "icon@2x.png", "logo.png"])
        #expect(s.images.first?.width == 29)
        #expect(s.localizations == ["de"])
        // Credentials in pass.json never reach the summary.
        let encoded = String(decoding: try JSONEncoder().encode(inspection), as: UTF8.self)
        #expect(!encoded.contains("member-0001") && !encoded.contains("abcdefghijklmnop"))
    }

    @Test("a signature without the signing-time attribute is an error Wallet would refuse; the same pass signed with it is clean")
    func signingTime() throws {
        let issuer = try issuer
        let files = try TestPassIssuer.files()
        var entries = try issuer.entries(files, signer: nil)
        let manifest = try #require(entries["manifest.json"])
        entries["signature"] = try issuer.sign(manifest, signer: issuer.valid, signedAttributes: false)
        let bare = try inspector().inspect(try TestPassIssuer.zip(entries), file: "bare.pkpass")
        #expect(errors(bare) == ["pkpass.signature.no-signing-time"], "\(bare.findings.map(\.message))")
        entries["signature"] = try issuer.sign(manifest, signer: issuer.valid)
        #expect(errors(try inspector().inspect(try TestPassIssuer.zip(entries), file: "dated.pkpass")).isEmpty)
    }

    @Test(
        "a certificate issued since 27 January 2022 needs the WWDR G4 intermediate: G3 bundled is an error naming it; before the cutoff G3 is fine"
    )
    func wwdrGeneration() throws {
        let issuer = try issuer
        func inspect(_ signer: TestPassIssuer.Signer) throws -> PassInspection {
            var entries = try issuer.entries(try TestPassIssuer.files(), signer: nil)
            entries["signature"] = try issuer.sign(try #require(entries["manifest.json"]), signer: signer, bundling: issuer.g3Intermediate)
            return try inspector().inspect(try TestPassIssuer.zip(entries), file: "g3.pkpass")
        }
        let recent = try inspect(issuer.g3Recent)
        #expect(errors(recent) == ["pkpass.certificate.wwdr-generation"], "\(recent.findings.map(\.message))")
        #expect(recent.findings.first { $0.code == "pkpass.certificate.wwdr-generation" }?.message.contains("OU G3") == true)
        #expect(errors(try inspect(issuer.g3Early)).isEmpty)
    }

    @Test("against Apple Root CA (the default) the same pass's chain fails, naming the issuer")
    func defaultAnchor() throws {
        let data = try issuer.pass(try TestPassIssuer.files(), signer: try issuer.valid)
        let inspection = PassInspector(anchors: try PassSignature.appleRoot(), now: Date()).inspect(data, file: "guest.pkpass")
        #expect(errors(inspection) == ["pkpass.certificate.chain"])
        let message = inspection.findings[0].message
        #expect(message.contains("it ends at \"Test Worldwide Developer Relations CA, OU G4\""), "\(message)")
        #expect(
            message.contains("trusted: \"Apple Root CA") && message.contains("--trust ROOT.pem or the channel's passes.trust"), "\(message)"
        )
        #expect(
            message.components(separatedBy: "Test Worldwide Developer Relations CA").count == 2, "one certificate, named once: \(message)")
    }

    /// Each broken variant and the exact errors it must produce.
    enum Variant: String, CaseIterable, Sendable {
        case tamperedFile, unlistedFile, unsigned, corruptedSignature, untrustedSigner, wrongPassType, expiredSigner, missingIcon
        case httpWebService, shortToken, formatVersion2, noStyle, boardingWithoutTransit, badBarcode, brokenPassJSON, badStrings, notPNG
    }

    func build(_ variant: Variant) throws -> (Data, Set<String>) {
        let issuer = try issuer
        var pass = TestPassIssuer.passJSON()
        var files = try TestPassIssuer.files()
        func with(_ change: (inout [String: Any]) -> Void) throws -> Data {
            change(&pass)
            files = try TestPassIssuer.files(pass: pass)
            return try issuer.pass(files, signer: issuer.valid)
        }
        switch variant {
        case .tamperedFile:
            var entries = try issuer.entries(files, signer: issuer.valid)
            entries["icon.png"] = TestPassIssuer.png(width: 30, height: 29)
            return (try TestPassIssuer.zip(entries), ["pkpass.manifest.hash-mismatch"])
        case .unlistedFile:
            var entries = try issuer.entries(files, signer: issuer.valid)
            entries["strip.png"] = TestPassIssuer.png(width: 375, height: 123)
            return (try TestPassIssuer.zip(entries), ["pkpass.manifest.unlisted"])
        case .unsigned:
            return (try issuer.pass(files, signer: nil), ["pkpass.signature.missing"])
        case .corruptedSignature:
            var entries = try issuer.entries(files, signer: issuer.valid)
            entries["signature"]![entries["signature"]!.count - 10] ^= 0xFF  // inside the signature value
            return (try TestPassIssuer.zip(entries), ["pkpass.signature.invalid"])
        case .untrustedSigner:
            return (try issuer.pass(files, signer: issuer.untrusted), ["pkpass.certificate.chain"])
        case .wrongPassType:
            return (
                try issuer.pass(files, signer: issuer.otherType),
                ["pkpass.certificate.pass-type-mismatch", "pkpass.certificate.extension-mismatch"]
            )
        case .expiredSigner:
            return (try issuer.pass(files, signer: issuer.expired), ["pkpass.certificate.expired"])
        case .missingIcon:
            files["icon.png"] = nil
            return (try issuer.pass(files, signer: issuer.valid), ["pkpass.image.icon-missing"])
        case .httpWebService:
            return (try with { $0["webServiceURL"] = "http://passes.example/v1" }, ["pkpass.pass-json.web-service-https"])
        case .shortToken:
            return (try with { $0["authenticationToken"] = "short" }, ["pkpass.pass-json.authentication-token"])
        case .formatVersion2:
            return (try with { $0["formatVersion"] = 2 }, ["pkpass.pass-json.format-version"])
        case .noStyle:
            return (try with { $0["generic"] = nil }, ["pkpass.pass-json.style"])
        case .boardingWithoutTransit:
            return (try with { $0["boardingPass"] = $0.removeValue(forKey: "generic") }, ["pkpass.pass-json.transit-type"])
        case .badBarcode:
            return (
                try with { $0["barcodes"] = [["format": "PKBarcodeFormatUPCE", "message": "1", "messageEncoding": "iso-8859-1"]] },
                ["pkpass.pass-json.barcode-format"]
            )
        case .brokenPassJSON:
            files["pass.json"] = Data("{\"formatVersion\": 1, \"description\": ".utf8)
            return (try issuer.pass(files, signer: issuer.valid), ["pkpass.pass-json.invalid"])
        case .badStrings:
            files["de.lproj/pass.strings"] = Data("\"MEMBER\" = \"MITGLIED\"\n\"x\" = \"y\";".utf8)
            return (try issuer.pass(files, signer: issuer.valid), ["pkpass.strings.invalid"])
        case .notPNG:
            files["logo.png"] = Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 40))
            return (try issuer.pass(files, signer: issuer.valid), ["pkpass.image.not-png"])
        }
    }

    @Test("each broken variant raises exactly its own errors", arguments: Variant.allCases)
    func variant(_ variant: Variant) throws {
        let (data, expected) = try build(variant)
        let inspection = try inspector().inspect(data, file: "\(variant.rawValue).pkpass")
        #expect(errors(inspection) == expected, "\(inspection.findings.map { "\($0.code): \($0.message)" })")
    }

    @Test("a hex colour and off-size images are warnings, not errors; a SHA-1 signature is info")
    func warnings() throws {
        var pass = TestPassIssuer.passJSON()
        pass["foregroundColor"] = "#ffffff"
        var files = try TestPassIssuer.files(pass: pass)
        files["icon@2x.png"] = TestPassIssuer.png(width: 80, height: 80)
        let entries = try issuer.entries(files, signer: issuer.valid, digest: "sha1")
        let inspection = try inspector().inspect(try TestPassIssuer.zip(entries), file: "w.pkpass")
        #expect(errors(inspection).isEmpty, "\(inspection.findings.map(\.message))")
        #expect(Set(inspection.findings.map(\.code)) == ["pkpass.pass-json.color-hex", "pkpass.image.size", "pkpass.signature.sha1"])
        #expect(inspection.findings.first { $0.code == "pkpass.image.size" }?.message.contains("58×58") == true)
    }

    @Test("hostile archives: path traversal, a zip bomb, a .pkpasses bundle, an HTML page named .pkpass")
    func hostile() throws {
        let inspector = try inspector()
        let files = try TestPassIssuer.files()
        let traversal = try TestPassIssuer.zip(
            files.sorted { $0.key < $1.key } + [("../../.ssh/authorized_keys", Data("ssh-ed25519 AAAA".utf8))])
        #expect(errors(inspector.inspect(traversal, file: "t.pkpass")) == ["pkpass.archive.unsafe-path"])

        let bomb = try TestPassIssuer.zip([("pass.json", files["pass.json"]!), ("strip.png", Data(count: 70 * 1024 * 1024))])
        let started = Date()
        let bombed = inspector.inspect(bomb, file: "bomb.pkpass")
        #expect(Date().timeIntervalSince(started) < 1, "a bomb must be refused from the central directory, not inflated")
        #expect(errors(bombed) == ["pkpass.archive.too-large"] || errors(bombed) == ["pkpass.archive.ratio"])

        let inner = try issuer.pass(files, signer: issuer.valid)
        let bundle = try TestPassIssuer.zip([("1.pkpass", inner), ("2.pkpass", inner)])
        let refused = inspector.inspect(bundle, file: "passes.pkpass")
        #expect(errors(refused) == ["pkpass.archive.pkpasses"])
        #expect(refused.findings[0].message.contains("single .pkpass files only"))
        #expect(errors(inspector.inspect(inner, file: "guest.pkpasses")) == ["pkpass.archive.pkpasses"])

        let html = inspector.inspect(Data("<!doctype html><html><body>Please sign in</body></html>".utf8), file: "guest.pkpass")
        #expect(errors(html) == ["pkpass.archive.not-zip"])
        #expect(html.findings[0].message.contains("HTML page"))
    }

    @Test("a folder is inspected as an unsigned model; a zipped folder says pass.json is not at the root")
    func models() throws {
        let directory = TemporaryDirectory("model")
        for (name, data) in try TestPassIssuer.files() {
            let url = directory.url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let model = try inspector().inspect(path: directory.url.path)
        #expect(model.kind == .model)
        #expect(model.findings.map(\.code) == ["pkpass.model.unsigned"])
        #expect(model.summary.localizations == ["de"])

        let nested = try TestPassIssuer.zip(try TestPassIssuer.files().map { ("Guest/\($0.key)", $0.value) })
        let inspection = try inspector().inspect(nested, file: "nested.pkpass")
        #expect(inspection.findings.first { $0.code == "pkpass.pass-json.missing" }?.message.contains("Guest/pass.json") == true)
    }
}

@Suite("pass.strings and PNG headers")
struct PassContentsTests {
    @Test("UTF-16 with a byte order mark and UTF-8 both parse; escapes and comments are handled")
    func strings() throws {
        let text = "/* comment */\n\"MEMBER\" = \"Mitglied \\\"A\\\"\";\n// line comment\n\"LINE\" = \"one\\ntwo\";\n\"U\" = \"\\U00e9\";"
        let utf16 = try #require(text.data(using: .utf16))  // Foundation writes a byte order mark
        #expect(utf16.starts(with: [0xFF, 0xFE]) || utf16.starts(with: [0xFE, 0xFF]))
        let expected = ["MEMBER": "Mitglied \"A\"", "LINE": "one\ntwo", "U": "é"]
        #expect(try PassStrings(utf16).entries == expected)
        #expect(try PassStrings(Data(text.utf8)).entries == expected)
        #expect(throws: PassStrings.ParseError.self) { try PassStrings(Data("\"a\" = \"b\"".utf8)) }
        #expect(throws: PassStrings.ParseError.self) { try PassStrings(Data("\"a\" = \"b;".utf8)) }
        #expect(throws: PassStrings.ParseError.self) { try PassStrings(Data([0xC3, 0x28])) }
        #expect((try? PassStrings(Data("\"a\" = \"b\";\n\n\"c\" \"d\";".utf8))) == nil)
        do {
            _ = try PassStrings(Data("\"a\" = \"b\";\n\n\"c\" \"d\";".utf8))
        } catch let error as PassStrings.ParseError {
            #expect(error.line == 3)
        }
    }

    @Test("PNG size comes from the IHDR header; other formats are named")
    func png() {
        #expect(PNGHeader(TestPassIssuer.png(width: 58, height: 29)) == PNGHeader(TestPassIssuer.png(width: 58, height: 29)))
        #expect(PNGHeader(TestPassIssuer.png(width: 58, height: 29))?.width == 58)
        #expect(PNGHeader(TestPassIssuer.png(width: 58, height: 29))?.height == 29)
        #expect(PNGHeader(Data([0xFF, 0xD8, 0xFF])) == nil)
        #expect(PNGHeader(TestPassIssuer.png(width: 1, height: 1).prefix(20)) == nil)
    }

    @Test("the corpus model with UTF-16 pass.strings parses every language")
    func corpusStrings() throws {
        guard let zip = TestPaths.corpus?.appendingPathComponent("pkpass/models/passjs-Generic-model.zip") else {
            print("NOTICE: ../shared/corpus is absent; skipping")
            return
        }
        let archive = PassArchive.open(try Data(contentsOf: zip), file: "Generic.zip")
        let strings = archive.files.filter { $0.key.hasSuffix("pass.strings") }
        #expect(strings.count == 3)
        for (name, data) in strings {
            #expect(data.starts(with: [0xFF, 0xFE]), "\(name) is UTF-16 LE in the corpus")
            #expect(try PassStrings(data).entries.count > 5, "\(name)")
        }
    }
}

@Suite("pkpass inspect on the corpus")
struct PassInspectorCorpusTests {
    /// SOURCES.md's expected verdict for every signed corpus pass, as the set of error codes.
    static let expected: [String: Set<String>] = [
        "pkpassvalidator-good.pkpass": ["pkpass.certificate.expired"],
        "pkpassvalidator-bad-extension-mismatch.pkpass": ["pkpass.certificate.expired", "pkpass.certificate.extension-mismatch"],
        "passjs-StoreCard.pkpass": ["pkpass.certificate.expired"],
        "uemanpasskit-BoardingPass.pkpass": ["pkpass.certificate.expired"],
        "uemanpasskit-Coupon.pkpass": ["pkpass.certificate.expired"],
        "uemanpasskit-Event.pkpass": ["pkpass.certificate.expired"],
        "uemanpasskit-cinema.pkpass": ["pkpass.certificate.expired"],
        // SOURCES.md: "Leaf issuer is WWDR G4, but the intermediate bundled is G1": a leaf of 2023 with a G1 bundle is
        // also the G4 rule's case, named as such.
        "uemanpasskit-coffee_club.pkpass": [
            "pkpass.certificate.chain", "pkpass.certificate.expired", "pkpass.certificate.wwdr-generation",
        ],
        "uemanpasskit-generic_with_invalid_checksum.pkpass": ["pkpass.manifest.hash-mismatch", "pkpass.certificate.expired"],
        "uemanpasskit-generic_with_missing_checksum.pkpass": [
            "pkpass.manifest.hash-mismatch", "pkpass.manifest.unlisted", "pkpass.signature.invalid", "pkpass.certificate.expired",
        ],
    ]

    @Test("every signed corpus pass gets SOURCES.md's verdict; as of mid-2020 the good pass is clean")
    func corpus() throws {
        guard let signed = TestPaths.corpus?.appendingPathComponent("pkpass/signed") else {
            print("NOTICE: ../shared/corpus is absent; skipping the pkpass corpus inspection")
            return
        }
        let inspector = PassInspector(anchors: try PassSignature.appleRoot(), now: Date())
        for (name, codes) in Self.expected {
            let inspection = try inspector.inspect(path: signed.appendingPathComponent(name).path)
            let errors = Set(inspection.findings.filter { $0.severity == .error }.map(\.code))
            #expect(errors == codes, "\(name): \(inspection.findings.map(\.message))")
            #expect(inspection.summary.signature?.signer != nil && inspection.summary.style != nil, "\(name)")
        }
        let good = try inspector.inspect(path: signed.appendingPathComponent("pkpassvalidator-good.pkpass").path)
        #expect(good.findings.contains { $0.code == "pkpass.certificate.wwdr-g1" && $0.severity == .warning })
        let boarding = try inspector.inspect(path: signed.appendingPathComponent("uemanpasskit-BoardingPass.pkpass").path)
        #expect(boarding.findings.contains { $0.code == "pkpass.pass-json.non-strict" && $0.severity == .warning })
        let coffee = try inspector.inspect(path: signed.appendingPathComponent("uemanpasskit-coffee_club.pkpass").path)
        let chain = try #require(coffee.findings.first { $0.code == "pkpass.certificate.chain" })
        #expect(
            chain.message.contains("OU G4") && chain.message.contains("2023-02-07"),
            "names the issuing and the bundled intermediate: \(chain.message)")
        let storeCard = try inspector.inspect(path: signed.appendingPathComponent("passjs-StoreCard.pkpass").path)
        #expect(
            storeCard.findings.contains { $0.code == "pkpass.image.size" && $0.severity == .warning },
            "Apple's own off-size icons are warnings")
        #expect(storeCard.findings.contains { $0.code == "pkpass.signature.sha1" && $0.severity == .info })

        let mid2020 = PassInspector(anchors: try PassSignature.appleRoot(), now: Date(timeIntervalSince1970: 1_590_969_600))
        let then = try mid2020.inspect(path: signed.appendingPathComponent("pkpassvalidator-good.pkpass").path)
        #expect(then.findings.filter { $0.severity == .error }.isEmpty, "\(then.findings.map(\.message))")
    }
}

@Suite("pkpass signature fast path")
struct PassSignatureFastPathTests {
    @Test("splitting the certificates out of the CMS gives the same verdict as OpenSSL's full parse, on every corpus pass")
    func sameVerdict() throws {
        guard let signed = TestPaths.corpus?.appendingPathComponent("pkpass/signed") else {
            print("NOTICE: ../shared/corpus is absent; skipping")
            return
        }
        let anchors = try PassSignature.appleRoot()
        let pool = CertificatePool()
        var readHere: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: signed.path).filter({ $0.hasSuffix(".pkpass") }) {
            let files = PassArchive.open(try Data(contentsOf: signed.appendingPathComponent(name)), file: name).files
            func check(_ pool: CertificatePool?) -> (PassSignatureReport, [Finding]) {
                PassSignature.check(
                    signature: files["signature"], manifest: files["manifest.json"], passTypeIdentifier: "x", teamIdentifier: "y",
                    anchors: anchors, file: name, now: Date(), chainCache: pool == nil ? nil : ChainCache(), pool: pool)
            }
            let (slowReport, slowFindings) = check(nil)
            let (fastReport, fastFindings) = check(pool)
            #expect(fastReport == slowReport, "\(name)")
            #expect(fastFindings == slowFindings, "\(name)")
            let bytes = [UInt8](files["signature"] ?? Data())
            if let split = CMSCertificateSplit.split(bytes), let pooled = pool.stack(split.certificates),
                let manifest = files["manifest.json"],
                PassSignature.pooledReading(bytes, split: split, certificates: pooled, manifest: manifest) != nil
            {
                readHere.append(name)
            }
        }
        // Half the corpus is DER (split and pooled), half BER (Apple's samples, OpenSSL's full parse).
        #expect(pool.count >= 4, "the fast path ran on the DER signatures")
        print("read without OpenSSL's CMS parse: \(readHere.sorted())")
        #expect(!readHere.isEmpty, "real passes in the plain shape are verified against the pooled certificates")
    }

    @Test(
        "the plain shape verified against pooled certificates agrees with OpenSSL's CMS_verify: EC and RSA, SHA-256 and SHA-1 are read here; a changed manifest, a damaged signature or no attributes go to OpenSSL"
    )
    func plainShapeAgrees() async throws {
        let issuer = try PassInspectorTests.shared.get()
        let directory = TemporaryDirectory("plain")
        // An RSA signer beside the hierarchy's EC ones (Apple's pass certificates are RSA 2048).
        let made = try await ProcessRunner.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", directory.path("rsa.key"), "-out", directory.path("rsa.pem"),
                "-subj", "/UID=\(TestPassIssuer.passType)/CN=Pass Type ID: RSA/OU=\(TestPassIssuer.team)", "-days", "2",
            ])
        #expect(made.status == 0, "\(made.stderr)")
        let rsa = TestPassIssuer.Signer(certificate: directory.path("rsa.pem"), key: directory.path("rsa.key"))
        let manifest = try TestPassIssuer.manifest(try TestPassIssuer.files())
        let other = try TestPassIssuer.manifest(try TestPassIssuer.files(pass: TestPassIssuer.passJSON(serial: "0002")))
        var damaged = [UInt8](try issuer.sign(manifest, signer: issuer.valid))
        damaged[damaged.count - 3] ^= 0x01  // inside the signature value, the last field
        let cases: [(name: String, signature: Data, manifest: Data, readHere: Bool, valid: Bool)] = [
            ("EC, SHA-256", try issuer.sign(manifest, signer: issuer.valid), manifest, true, true),
            ("EC, SHA-1", try issuer.sign(manifest, signer: issuer.valid, digest: "sha1"), manifest, true, true),
            ("RSA, SHA-256", try issuer.sign(manifest, signer: rsa), manifest, true, true),
            ("RSA, SHA-1", try issuer.sign(manifest, signer: rsa, digest: "sha1"), manifest, true, true),
            ("manifest changed after signing", try issuer.sign(manifest, signer: issuer.valid), other, false, false),
            ("RSA, manifest changed", try issuer.sign(manifest, signer: rsa), other, false, false),
            ("damaged signature value", Data(damaged), manifest, false, false),
            ("no signed attributes", try issuer.sign(manifest, signer: issuer.valid, signedAttributes: false), manifest, false, true),
        ]
        let anchors = try TrustAnchors(pemFiles: [issuer.pki.caCertificate], option: "--trust")
        let pool = CertificatePool()
        for item in cases {
            func check(_ pool: CertificatePool?) -> (PassSignatureReport, [Finding]) {
                PassSignature.check(
                    signature: item.signature, manifest: item.manifest, passTypeIdentifier: TestPassIssuer.passType,
                    teamIdentifier: TestPassIssuer.team, anchors: anchors, file: "p", now: Date(),
                    chainCache: pool == nil ? nil : ChainCache(), pool: pool)
            }
            let (slowReport, slowFindings) = check(nil)
            let (fastReport, fastFindings) = check(pool)
            #expect(fastReport == slowReport, "\(item.name)")
            #expect(fastFindings == slowFindings, "\(item.name)")
            #expect(slowFindings.contains { $0.code == PassFindings.signatureInvalid.code } == !item.valid, "\(item.name): \(slowFindings)")
            let bytes = [UInt8](item.signature)
            let split = try #require(CMSCertificateSplit.split(bytes))
            let pooled = try #require(pool.stack(split.certificates))
            let read = PassSignature.pooledReading(bytes, split: split, certificates: pooled, manifest: item.manifest)
            #expect((read != nil) == item.readHere, "\(item.name): read without OpenSSL's CMS parse")
        }
        #expect(
            PassSignature.check(
                signature: cases[0].signature, manifest: manifest, passTypeIdentifier: TestPassIssuer.passType,
                teamIdentifier: TestPassIssuer.team, anchors: anchors, file: "p", now: Date(), pool: pool
            ).0.signingTime != nil)
    }

    @Test("a BER (indefinite-length) signature takes OpenSSL's full parse and still verifies")
    func berSignature() async throws {
        let issuer = try PassInspectorTests.shared.get()
        let directory = TemporaryDirectory("ber")
        let manifest = Data(#"{"pass.json":"0000000000000000000000000000000000000000"}"#.utf8)
        try manifest.write(to: directory.url.appendingPathComponent("manifest.json"))
        let result = try await ProcessRunner.run(
            "/usr/bin/openssl",
            [
                "cms", "-sign", "-binary", "-stream", "-in", directory.path("manifest.json"),
                "-signer", issuer.valid.certificate, "-inkey", issuer.valid.key, "-certfile", issuer.intermediate, "-outform", "DER",
                "-out", directory.path("signature"), "-md", "sha256",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let signature = try Data(contentsOf: directory.url.appendingPathComponent("signature"))
        #expect(signature[1] == 0x80, "openssl -stream writes indefinite lengths")
        let (report, findings) = PassSignature.check(
            signature: signature, manifest: manifest, passTypeIdentifier: TestPassIssuer.passType,
            teamIdentifier: TestPassIssuer.team, anchors: try TrustAnchors(pemFiles: [issuer.pki.caCertificate], option: "--trust"),
            file: "ber", now: Date(), pool: CertificatePool())
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        #expect(report.bundled.count == 1)
    }
}
