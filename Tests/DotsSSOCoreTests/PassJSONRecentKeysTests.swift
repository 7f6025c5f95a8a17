import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// pass.json as Apple changed it from iOS 18 to iOS 27: what Wallet reads, what older iOS falls back to.
@Suite("pass.json, iOS 18 to 27")
struct PassJSONRecentKeysTests {
    static var base: [String: Any] {
        [
            "formatVersion": 1, "description": "Ticket", "organizationName": "Partner", "passTypeIdentifier": "pass.org.partner",
            "serialNumber": "1", "teamIdentifier": "ABCDE12345",
        ]
    }

    func codes(_ extra: [String: Any], style: String = "eventTicket") throws -> [String: Severity] {
        var pass = Self.base.merging(extra) { $1 }
        pass[style] = pass[style] ?? ["primaryFields": []]
        let data = try JSONSerialization.data(withJSONObject: pass)
        let findings = PassJSONLint.check(data, file: "pass.json").findings
        return Dictionary(findings.map { ($0.code, $0.severity) }, uniquingKeysWith: { first, second in max(first, second) })
    }

    @Test("relevantDate alone is deprecated (warning naming relevantDates); beside relevantDates it is info for older iOS")
    func relevantDate() throws {
        #expect(try codes(["relevantDate": "2026-12-01T19:00:00+01:00"])["pkpass.pass-json.relevant-date-deprecated"] == .warning)
        let both = try codes(["relevantDate": "2026-12-01T19:00:00+01:00", "relevantDates": [["date": "2026-12-01T19:00:00+01:00"]]])
        #expect(both["pkpass.pass-json.relevant-date-deprecated"] == nil && both["pkpass.pass-json.relevant-date-legacy"] == .info)
    }

    @Test("relevantDates: complete dates with a time, intervals of at most 24 hours, both spellings of an entry's date")
    func relevantDates() throws {
        let fine = try codes([
            "relevantDates": [
                ["startDate": "2026-12-01T18:00:00Z", "endDate": "2026-12-02T17:00:00Z"],
                ["date": "2026-12-03T10:00:00Z", "relevantDate": "2026-12-03T10:00:00Z"],
            ]
        ])
        #expect(fine.values.allSatisfy { $0 == .info }, "\(fine)")
        #expect(
            try codes(["relevantDates": [["startDate": "2026-12-01T18:00:00Z", "endDate": "2026-12-03T18:00:00Z"]]])[
                "pkpass.pass-json.relevant-interval"] == .error)
        #expect(try codes(["relevantDates": [["startDate": "2026-12-01T18:00:00Z"]]])["pkpass.pass-json.relevant-interval"] == .error)
        #expect(try codes(["relevantDates": [["date": "2026-12-01"]]])["pkpass.pass-json.date"] == .error, "a date without a time")
        #expect(try codes(["relevantDates": [[:]]])["pkpass.pass-json.relevant-dates"] == .error)
        #expect(try codes(["relevantDates": [["date": "2026-12-01T18:00:00Z"]]])["pkpass.pass-json.relevant-dates-spelling"] == .info)
        #expect(
            try codes(["relevantDates": [["relevantDate": "2026-12-01T18:00:00Z"]]])["pkpass.pass-json.relevant-dates-spelling"] == .info)
    }

    @Test(
        "preferredStyleSchemes of another style or unknown are warnings (Wallet skips them); upcoming information elsewhere is a warning, malformed an error"
    )
    func schemes() throws {
        #expect(
            try codes(["preferredStyleSchemes": ["semanticBoardingPass"]])["pkpass.pass-json.style-scheme-style"] == .warning,
            "a boarding scheme on an event ticket")
        #expect(try codes(["preferredStyleSchemes": ["sparkly"]])["pkpass.pass-json.style-scheme-unknown"] == .warning)
        #expect(
            try codes(["preferredStyleSchemes": ["posterGeneric"]], style: "generic")["pkpass.pass-json.style-scheme-unknown"] == .warning,
            "posterGeneric is a style key, not a scheme")
        #expect(try codes(["preferredStyleSchemes": "posterEventTicket"])["pkpass.pass-json.style-schemes"] == .error)
        #expect(try codes(["upcomingPassInformation": []])["pkpass.pass-json.upcoming-information"] == .warning)
        #expect(try codes(["upcomingPassInformation": "soon"])["pkpass.pass-json.upcoming-entries"] == .error)
    }

    @Test("the iOS 18 keys are type-checked")
    func iOS18Keys() throws {
        let good = try codes([
            "footerBackgroundColor": "rgb(1, 2, 3)", "useAutomaticColors": true, "suppressHeaderDarkening": false,
            "auxiliaryStoreIdentifiers": [123456789],
            "semantics": [
                "eventStartDateInfo": ["date": "2026-12-01T19:00:00Z", "ignoreTimeComponents": true],
                "venueOpenDate": "2026-12-01T18:00:00Z",
            ],
        ])
        #expect(good.values.allSatisfy { $0 != .error }, "\(good)")
        #expect(try codes(["footerBackgroundColor": "blue"])["pkpass.pass-json.color"] == .error)
        #expect(try codes(["useAutomaticColors": "yes"])["pkpass.pass-json.type"] == .error)
        #expect(try codes(["auxiliaryStoreIdentifiers": ["123"]])["pkpass.pass-json.type"] == .error)
        #expect(try codes(["semantics": ["eventStartDateInfo": "tomorrow"]])["pkpass.pass-json.type"] == .error)
        #expect(try codes(["semantics": ["venueOpenDate": "soon"]])["pkpass.pass-json.date"] == .error)
    }

    @Test(
        "iOS 27: featured actions need identifier, type and url, Wallet shows two; Code 39, Codabar, EAN-13 and I2of5 fall back to the next barcode"
    )
    func iOS27() throws {
        let action = { (id: String, type: String) in ["identifier": id, "type": type, "url": "https://partner.example/\(id)"] }
        let two = try codes(["featuredActions": [action("a", "shop"), action("b", "membershipBenefits")]])
        #expect(two["pkpass.pass-json.featured-actions-ios27"] == .info && two.values.allSatisfy { $0 == .info }, "\(two)")
        #expect(
            try codes(["featuredActions": [action("a", "shop"), action("b", "order"), action("c", "call")]])[
                "pkpass.pass-json.featured-actions-count"] == .warning, "Wallet shows the first two")
        #expect(try codes(["featuredActions": [[:]]])["pkpass.pass-json.featured-actions"] == .error, "no identifier, type or url")
        #expect(try codes(["featuredActions": [action("a", "shop"), action("a", "order")]])["pkpass.pass-json.featured-actions"] == .error)
        #expect(try codes(["featuredActions": [action("a", "dance")]])["pkpass.pass-json.featured-action-type"] == .warning)
        #expect(
            try codes(["featuredActions": [["identifier": "a", "type": "shop", "url": "http://partner.example"]]])["pkpass.pass-json.link"]
                == .warning)
        let barcode = { (format: String, message: String) in ["format": format, "message": message, "messageEncoding": "iso-8859-1"] }
        let mixed = try codes(["barcodes": [barcode("PKBarcodeFormatEAN13", "4006381333931"), barcode("PKBarcodeFormatQR", "x")]])
        #expect(
            mixed["pkpass.pass-json.barcode-format-ios27"] == .info && mixed["pkpass.pass-json.barcode-format"] == nil
                && mixed["pkpass.pass-json.barcode-fallback"] == nil, "\(mixed)")
        #expect(try codes(["barcodes": [barcode("PKBarcodeFormatI2of5", "1234")]])["pkpass.pass-json.barcode-fallback"] == .warning)
        #expect(
            try codes(["barcodes": [barcode("PKBarcodeFormatITF", "1234")]])["pkpass.pass-json.barcode-format"] == .error,
            "Apple's tools spell it I2of5")
        #expect(
            try codes(["barcode": barcode("PKBarcodeFormatCode39", "ABC")])["pkpass.pass-json.barcode-format"] == .error,
            "the legacy key is read by old iOS only")
        #expect(try codes(["barcodes": [barcode("PKBarcodeFormatUPC", "1")]])["pkpass.pass-json.barcode-format"] == .error)
    }

    @Test(
        "a message the iOS 27 format cannot encode is an error; its encodable twin is not",
        arguments: [
            ("PKBarcodeFormatEAN13", "400638133393", "40063813339"),  // 12 digits; 11 digits
            ("PKBarcodeFormatEAN13", "4006381333931", "4006381333932"),  // right and wrong check digit
            ("PKBarcodeFormatCode39", "MEMBER-42 $", "member-42"),
            ("PKBarcodeFormatCodabar", "A40156B", "40156X"),
            ("PKBarcodeFormatI2of5", "0123456789", "01234A"),
        ])
    func encodable(format: String, good: String, bad: String) throws {
        let barcodes = { (message: String) in
            [
                "barcodes": [
                    ["format": format, "message": message, "messageEncoding": "iso-8859-1"],
                    ["format": "PKBarcodeFormatQR", "message": message, "messageEncoding": "iso-8859-1"],
                ]
            ]
        }
        #expect(try codes(barcodes(good))["pkpass.pass-json.barcode-unencodable"] == nil, "\(good)")
        #expect(try codes(barcodes(bad))["pkpass.pass-json.barcode-unencodable"] == .error, "\(bad)")
    }
}

@Suite("pass.json nfc")
struct PassNFCTests {
    /// A public key on `curve` as Wallet's nfc.encryptionPublicKey carries it: base64 DER SubjectPublicKeyInfo.
    static func publicKey(curve: String) async throws -> String {
        let result = try await ProcessRunner.run(
            "/bin/sh", ["-c", "openssl ecparam -name \(curve) -genkey -noout | openssl ec -pubout -outform DER 2>/dev/null | base64 -w0"],
            timeout: 30)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func codes(_ nfc: Any) throws -> [String] {
        var pass: [String: Any] = PassJSONRecentKeysTests.base
        pass["storeCard"] = ["primaryFields": []]
        pass["nfc"] = nfc
        return PassJSONLint.check(try JSONSerialization.data(withJSONObject: pass), file: "pass.json").findings.map(\.code)
    }

    @Test("nfc: a message of at most 64 bytes and a P-256 encryptionPublicKey; another curve, junk or a missing key is an error")
    func nfc() async throws {
        let p256 = try await Self.publicKey(curve: "prime256v1")
        #expect(!p256.isEmpty)
        #expect(try codes(["message": "member-0001", "encryptionPublicKey": p256]).filter { $0.contains("nfc") }.isEmpty)
        #expect(
            try codes(["message": String(repeating: "x", count: 65), "encryptionPublicKey": p256]).contains(
                "pkpass.pass-json.nfc-message-length"), "Wallet sends the first 64 bytes: a warning")
        #expect(try codes(["message": "", "encryptionPublicKey": p256]).contains("pkpass.pass-json.nfc-message"))
        await #expect(
            try codes(["message": "m", "encryptionPublicKey": try Self.publicKey(curve: "secp384r1")]).contains("pkpass.pass-json.nfc-key"))
        #expect(try codes(["message": "m", "encryptionPublicKey": "bm90IGEga2V5"]).contains("pkpass.pass-json.nfc-key"))
        #expect(try codes(["message": "m"]).contains("pkpass.pass-json.nfc-key"))
        #expect(try codes("yes").contains("pkpass.pass-json.nfc"))
    }
}
