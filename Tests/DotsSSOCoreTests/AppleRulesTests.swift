import DotsSSOBasics
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCore

/// Issue 53: Apple's own pass rules (apple/pass-builder's validators, fix-its and decoders, and Wallet on iOS 26 and
/// 27). Each case is a pass made to break one rule beside its twin that keeps it; the expected verdict and Apple's
/// source are stated per case, so a disagreement with Apple's tool is a deliberate, named one.
@Suite("Apple's pass rules, one at a time")
struct AppleRulesTests {
    enum Base: Sendable { case semanticBoarding, posterTicket, posterGeneric, storeCard }

    static func json(_ object: Any) throws -> JSONValue {
        JSONValue(try CompactJSON(try JSONSerialization.data(withJSONObject: object)))
    }

    static var common: [String: Any] {
        [
            "formatVersion": 1, "description": "Pass", "organizationName": "Partner", "passTypeIdentifier": "pass.org.partner",
            "serialNumber": "1", "teamIdentifier": "ABCDE12345",
            "barcodes": [["format": "PKBarcodeFormatQR", "message": "M-1", "messageEncoding": "iso-8859-1"]],
        ]
    }

    /// Complete passes of each kind: each must be free of errors and warnings on its own.
    static func base(_ kind: Base) -> [String: Any] {
        var pass = common
        switch kind {
        case .semanticBoarding:
            pass["preferredStyleSchemes"] = ["semanticBoardingPass", "boardingPass"]
            pass["boardingPass"] = ["transitType": "PKTransitTypeAir", "primaryFields": [["key": "from", "value": "MUC"]]]
            pass["semantics"] = [
                "airlineCode": "FI", "flightNumber": 533, "originalDepartureDate": "2026-09-30T14:00:00Z",
                "originalBoardingDate": "2026-09-30T13:30:00Z", "originalArrivalDate": "2026-09-30T16:00:00+00:00",
                "departureAirportTimeZone": "Europe/Berlin", "departureAirportCode": "MUC", "destinationAirportCode": "KEF",
                "destinationAirportTimeZone": "Atlantic/Reykjavik", "departureCityName": "Munich", "destinationCityName": "Reykjavik",
                "passengerName": ["givenName": "Ada", "familyName": "Lovelace"], "seats": [["seatNumber": "12A"]],
            ]
        case .posterTicket:
            pass["preferredStyleSchemes"] = ["posterEventTicket", "eventTicket"]
            pass["eventTicket"] = ["primaryFields": [["key": "event", "value": "Jazz"]]]
            pass["nfc"] = ["message": "T-1", "encryptionPublicKey": TestKeys.p256PublicKey, "requiresAuthentication": false]
            pass["semantics"] = [
                "eventName": "South Bay Jazz", "venueName": "The Hall", "eventType": "PKEventTypeLivePerformance",
                "performerNames": ["Quartet"], "artistIDs": ["123"], "eventStartDate": "2026-10-08T20:00:00+01:00",
                "eventEndDate": "2026-10-08T23:00:00+01:00", "seats": [["seatRow": "3", "seatNumber": "5"]],
            ]
        case .posterGeneric:
            let fields: [String: Any] = [
                "headerFields": [["key": "id", "label": "Member", "value": "42"]], "primaryFields": [["key": "name", "value": "Finley"]],
            ]
            pass["generic"] = fields
            pass["posterGeneric"] = fields.merging(["footerFields": [["key": "club", "value": "Day Care"]]]) { $1 }
        case .storeCard:
            pass["storeCard"] = ["primaryFields": [["key": "balance", "value": 25, "currencyCode": "EUR"]]]
        }
        return pass
    }

    /// `base` with `changes` applied: a key set to NSNull is removed; "semantics.X" and "nfc.X" reach inside.
    static func pass(_ kind: Base, _ changes: [String: Any]) -> [String: Any] {
        var pass = base(kind)
        for (key, value) in changes {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                var inner = pass[parts[0]] as? [String: Any] ?? [:]
                inner[parts[1]] = value is NSNull ? nil : value
                pass[parts[0]] = inner
            } else {
                pass[key] = value is NSNull ? nil : value
            }
        }
        return pass
    }

    static func findings(_ pass: [String: Any]) throws -> [Finding] {
        PassJSONLint.check(try JSONSerialization.data(withJSONObject: pass), file: "pass.json").findings
    }

    @Test(
        "each complete pass of Apple's new layouts has no error or warning",
        arguments: [Base.semanticBoarding, .posterTicket, .posterGeneric, .storeCard])
    func completePasses(kind: Base) throws {
        let findings = try Self.findings(Self.base(kind))
        #expect(findings.allSatisfy { $0.severity == .info }, "\(findings.map { "\($0.code): \($0.message)" })")
    }

    /// (name, base, change, code, severity, what Apple's Pass Builder says).
    static var rules: [(String, Base, [String: Any], String, Severity, String)] {
        var rules: [(String, Base, [String: Any], String, Severity, String)] = []
        // BoardingPassValidator: the nine required tags are errors, the three recommended warnings; SeatValidator: seats.
        for key in PassSemanticStyles.boardingRequired {
            rules.append(
                (
                    "semantic boarding pass without \(key)", .semanticBoarding, ["semantics.\(key)": NSNull()],
                    "pkpass.pass-json.semantic-boarding-pass", .error, "error (BoardingPassValidator)"
                ))
        }
        for key in PassSemanticStyles.boardingRecommended + ["seats"] {
            rules.append(
                (
                    "semantic boarding pass without \(key)", .semanticBoarding, ["semantics.\(key)": NSNull()],
                    "pkpass.pass-json.semantics-recommended", .warning, "warning (BoardingPassValidator, SeatValidator)"
                ))
        }
        rules += [
            (
                "flightNumber as a string", .semanticBoarding, ["semantics.flightNumber": "FI533"], "pkpass.pass-json.semantics-type",
                .error,
                "error (PassSemantics decodes an Int)"
            ),
            // EventTicketValidator.
            (
                "poster ticket without eventName", .posterTicket, ["semantics.eventName": NSNull()], "pkpass.pass-json.poster-semantics",
                .error, "error"
            ),
            (
                "poster ticket without venueName", .posterTicket, ["semantics.venueName": NSNull()], "pkpass.pass-json.poster-semantics",
                .error, "error"
            ),
            (
                "live performance without performerNames", .posterTicket, ["semantics.performerNames": NSNull()],
                "pkpass.pass-json.poster-semantics", .error, "error"
            ),
            (
                "live performance without artistIDs", .posterTicket, ["semantics.artistIDs": NSNull()],
                "pkpass.pass-json.semantics-recommended",
                .warning, "warning"
            ),
            (
                "sports without team abbreviations", .posterTicket, ["semantics.eventType": "PKEventTypeSports"],
                "pkpass.pass-json.poster-semantics", .error, "error"
            ),
            (
                "poster ticket without eventStartDate", .posterTicket, ["semantics.eventStartDate": NSNull()],
                "pkpass.pass-json.semantics-recommended", .warning, "warning"
            ),
            (
                "poster ticket ending before it starts", .posterTicket, ["semantics.eventEndDate": "2026-10-08T19:00:00+01:00"],
                "pkpass.pass-json.semantics-recommended", .warning, "warning"
            ),
            (
                "poster ticket without seats", .posterTicket, ["semantics.seats": NSNull()], "pkpass.pass-json.semantics-recommended",
                .warning, "warning (SeatValidator)"
            ),
            (
                "poster ticket with a barcode but no nfc", .posterTicket, ["nfc": NSNull()], "pkpass.pass-json.poster-nfc", .warning,
                "error; Wallet on iOS 27 draws it (WWDC26), iOS 18–26 draw the older ticket"
            ),
            (
                "poster ticket with neither nfc nor a barcode", .posterTicket, ["nfc": NSNull(), "barcodes": NSNull()],
                "pkpass.pass-json.poster-entry", .error, "error"
            ),
            (
                "poster ticket's nfc without requiresAuthentication", .posterTicket, ["nfc.requiresAuthentication": NSNull()],
                "pkpass.pass-json.poster-nfc", .warning, "error; Wallet reads a missing key as false"
            ),
            (
                "eventType Apple does not define", .posterTicket, ["semantics.eventType": "PKEventTypeParty"],
                "pkpass.pass-json.semantics-type",
                .error, "error (EventType decoding)"
            ),
            // iOS 27's posterGeneric (WWDC26 "What's new in Wallet").
            (
                "posterGeneric with no classic style beside it", .posterGeneric, ["generic": NSNull()],
                "pkpass.pass-json.poster-generic-fallback", .warning, "valid; iOS 26 and earlier cannot add it"
            ),
            (
                "two footer fields on posterGeneric", .posterGeneric,
                ["posterGeneric": ["footerFields": [["key": "a", "value": "1"], ["key": "b", "value": "2"]]]],
                "pkpass.pass-json.footer-fields", .warning, "valid; Wallet shows only the first"
            ),
            (
                "a footer field on generic", .posterGeneric, ["generic": ["footerFields": [["key": "a", "value": "1"]]]],
                "pkpass.pass-json.footer-fields", .warning, "valid; Wallet ignores it"
            ),
            // Fix-its and FieldFormattingValidator.
            (
                "dateStyle on a text value", .storeCard,
                ["storeCard": ["primaryFields": [["key": "k", "value": "soon", "dateStyle": "PKDateStyleShort"]]]],
                "pkpass.pass-json.field-format-conflict", .warning, "fix-it removes it"
            ),
            (
                "numberStyle on a text value", .storeCard,
                ["storeCard": ["primaryFields": [["key": "k", "value": "ten", "numberStyle": "PKNumberStyleDecimal"]]]],
                "pkpass.pass-json.field-format-conflict", .warning, "fix-it removes it"
            ),
            (
                "currencyCode beside numberStyle", .storeCard,
                [
                    "storeCard": [
                        "primaryFields": [["key": "k", "value": 10, "currencyCode": "EUR", "numberStyle": "PKNumberStyleDecimal"]]
                    ]
                ],
                "pkpass.pass-json.field-format-conflict", .warning, "warning (FieldFormattingValidator)"
            ),
            (
                "the deprecated barcode key alone", .storeCard,
                ["barcodes": NSNull(), "barcode": ["format": "PKBarcodeFormatQR", "message": "M", "messageEncoding": "iso-8859-1"]],
                "pkpass.pass-json.barcode-legacy", .info, "fix-it moves it into barcodes"
            ),
            (
                "a boolean value for a field", .storeCard, ["storeCard": ["primaryFields": [["key": "k", "value": true]]]],
                "pkpass.pass-json.field-value", .error, "error (FieldContent.Value decoding)"
            ),
            // Decoders: types and formats.
            ("sharingProhibited as a string", .storeCard, ["sharingProhibited": "yes"], "pkpass.pass-json.type", .error, "error (Bool)"),
            (
                "associatedStoreIdentifiers as strings", .storeCard, ["associatedStoreIdentifiers": ["123"]], "pkpass.pass-json.type",
                .error,
                "error ([Int])"
            ),
            (
                "an expirationDate zone written +0100", .storeCard, ["expirationDate": "2026-12-01T18:00:00+0100"], "pkpass.pass-json.date",
                .error, "error (PassDateTimeFormatter: Z or ±HH:MM)"
            ),
            ("a stripColor that is no colour", .storeCard, ["stripColor": "teal"], "pkpass.pass-json.color", .error, "error (PassColor)"),
            ("a hex stripColor", .storeCard, ["stripColor": "#00807F"], "pkpass.pass-json.color-hex", .warning, "valid (PassColor)"),
            (
                "a 65-byte NFC message", .storeCard,
                ["nfc": ["message": String(repeating: "x", count: 65), "encryptionPublicKey": TestKeys.p256PublicKey]],
                "pkpass.pass-json.nfc-message-length", .warning, "valid; Wallet sends 64 bytes"
            ),
            // Links (iOS 18 Event Guide, iOS 26 boarding).
            (
                "an http changeSeatURL", .semanticBoarding, ["changeSeatURL": "http://air.example/seat"], "pkpass.pass-json.link", .warning,
                "valid (a String)"
            ),
            (
                "a contactVenueEmail without @", .posterTicket, ["contactVenueEmail": "box office"], "pkpass.pass-json.link", .warning,
                "valid (a String)"
            ),
            ("a bagPolicyURL that is a number", .posterTicket, ["bagPolicyURL": 7], "pkpass.pass-json.type", .error, "error (String)"),
            (
                "a boarding link on an event ticket", .posterTicket, ["managementURL": "https://air.example/manage"],
                "pkpass.pass-json.link-unshown", .info, "valid"
            ),
        ]
        return rules
    }

    @Test("one rule broken at a time: the twin keeps it, the pass breaks it with the stated severity", arguments: Self.rules.indices)
    func oneRule(index: Int) throws {
        let (name, kind, change, code, severity, apple) = Self.rules[index]
        let twin = try Self.findings(Self.base(kind)).filter { $0.code == code }
        #expect(twin.isEmpty, "\(name): the twin has \(twin.map(\.message))")
        let found = try Self.findings(Self.pass(kind, change)).filter { $0.code == code }
        #expect(!found.isEmpty && found.allSatisfy { $0.severity == severity }, "\(name) (Apple: \(apple)): \(found.map(\.message))")
    }

    @Test("a fix-it finding ends with the fix explain prints, in the same words")
    func fixItWords() throws {
        let findings = try Self.findings(
            Self.pass(.storeCard, ["storeCard": ["primaryFields": [["key": "k", "value": "soon", "dateStyle": "PKDateStyleShort"]]]]))
        let finding = try #require(findings.first { $0.code == "pkpass.pass-json.field-format-conflict" })
        let fix = try #require(FindingCatalog.code("pkpass.pass-json.field-format-conflict")?.fix)
        #expect(finding.message.hasSuffix("; fix: \(fix)") && fix.contains("Apple's Pass Builder removes"), "\(finding.message)")
        #expect(FindingCatalog.markdown.contains("Fix: \(fix)"))
    }

    @Test("keys may repeat between posterGeneric and its generic fallback, not within one style")
    func posterGenericKeys() throws {
        #expect(try Self.findings(Self.base(.posterGeneric)).allSatisfy { $0.code != "pkpass.pass-json.field-key-duplicate" })
        let twice = Self.pass(
            .posterGeneric, ["posterGeneric": ["primaryFields": [["key": "a", "value": "1"], ["key": "a", "value": "2"]]]])
        #expect(try Self.findings(twice).contains { $0.code == "pkpass.pass-json.field-key-duplicate" })
        // A folder whose only style is posterGeneric: its summary style is posterGeneric, and its background is drawn.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("poster-\(UUID().uuidString).pass")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try JSONSerialization.data(withJSONObject: Self.pass(.posterGeneric, ["generic": NSNull()])).write(
            to: folder.appendingPathComponent("pass.json"))
        try TestPassIssuer.png(width: 38, height: 38).write(to: folder.appendingPathComponent("icon.png"))
        try TestPassIssuer.png(width: 345, height: 505).write(to: folder.appendingPathComponent("background.png"))
        let inspection = PassInspector(anchors: try PassSignature.appleRoot(), now: Date()).inspectFolder(folder, file: "poster.pass")
        #expect(inspection.summary.style == "posterGeneric" && inspection.summary.primaryFields.map(\.value) == ["Finley"])
        #expect(inspection.findings.contains { $0.code == "pkpass.pass-json.poster-generic-fallback" })
        #expect(!inspection.findings.contains { $0.code == "pkpass.image.unused" }, "\(inspection.findings.map(\.message))")
    }

    @Test("upcoming events: a complete entry passes; each malformed part is an error at its path")
    func upcomingEvents() throws {
        let image: [String: Any] = [
            "urls": [["url": "https://tickets.example/h.png", "sha256": String(repeating: "ab", count: 32), "size": 40_000, "scale": 2]]
        ]
        let entry: [String: Any] = [
            "identifier": "e2", "name": "Night two", "type": "event", "isActive": false,
            "dateInformation": ["date": "2026-10-09T20:00:00+01:00", "timeZone": "Europe/London"],
            "images": ["headerImage": image, "venueMap": ["reuseExisting": true]],
            "urls": ["bagPolicyURL": "https://venue.example/bags"],
            "semantics": ["eventName": "Night two", "performerNames": ["Quartet"]],
        ]
        let good = try Self.findings(Self.pass(.posterTicket, ["upcomingPassInformation": [entry]]))
        #expect(good.allSatisfy { $0.severity == .info }, "\(good.map(\.message))")
        let faults: [(String, [String: Any], String)] = [
            ("no identifier", ["identifier": NSNull()], "$.upcomingPassInformation[0].identifier"),
            ("another type", ["type": "concert"], "$.upcomingPassInformation[0].type"),
            ("an unknown zone", ["dateInformation": ["timeZone": "Mars/Olympus"]], "$.upcomingPassInformation[0].dateInformation.timeZone"),
            (
                "an http image",
                ["images": ["headerImage": ["urls": [["url": "http://x.example/h.png", "sha256": String(repeating: "ab", count: 32)]]]]],
                "$.upcomingPassInformation[0].images.headerImage.urls[0].url"
            ),
            (
                "no image hash", ["images": ["headerImage": ["urls": [["url": "https://x.example/h.png"]]]]],
                "$.upcomingPassInformation[0].images.headerImage.urls[0].sha256"
            ),
            (
                "an image over 2 MB",
                [
                    "images": [
                        "headerImage": [
                            "urls": [["url": "https://x.example/h.png", "sha256": String(repeating: "ab", count: 32), "size": 3_000_000]]
                        ]
                    ]
                ],
                "$.upcomingPassInformation[0].images.headerImage.urls[0].size"
            ),
        ]
        for (name, change, path) in faults {
            var broken = entry
            for (key, value) in change { broken[key] = value is NSNull ? nil : value }
            let found = try Self.findings(Self.pass(.posterTicket, ["upcomingPassInformation": [broken]]))
                .filter { $0.code == "pkpass.pass-json.upcoming-entries" }
            #expect(found.map(\.location.path) == ["pass.json \(path)"], "\(name): \(found.map(\.message))")
        }
        let twice = Self.pass(.posterTicket, ["upcomingPassInformation": [entry, entry]])
        #expect(try Self.findings(twice).contains { $0.code == "pkpass.pass-json.upcoming-entries" && $0.message.contains("also entry 0") })
    }

    @Test("a poster ticket needs an artwork or background image (Apple: error); either one satisfies it")
    func posterArtwork() throws {
        let root = try #require(try Self.json(Self.base(.posterTicket)).objectValue)
        let icon = ["icon.png": TestPassIssuer.png(width: 38, height: 38)]
        #expect(PassSemanticStyles.imageFindings(root, files: icon, file: "t").map(\.code) == ["pkpass.image.poster-artwork"])
        for name in ["artwork@2x.png", "background.png"] {
            #expect(PassSemanticStyles.imageFindings(root, files: icon.merging([name: Data()]) { $1 }, file: "t").isEmpty, "\(name)")
        }
        let classic = try #require(try Self.json(Self.pass(.posterTicket, ["preferredStyleSchemes": ["eventTicket"]])).objectValue)
        #expect(PassSemanticStyles.imageFindings(classic, files: icon, file: "t").isEmpty, "a classic ticket needs no artwork")
    }

    @Test("personalization.json: a complete rewards enrolment passes; each missing part is an error")
    func personalization() throws {
        let spec: [String: Any] = [
            "description": "Join the club", "termsAndConditions": "Be nice",
            "requiredPersonalizationFields": ["PKPassPersonalizationFieldName", "PKPassPersonalizationFieldEmailAddress"],
        ]
        var card = Self.base(.storeCard)
        card["nfc"] = ["message": "m", "encryptionPublicKey": TestKeys.p256PublicKey]
        card["webServiceURL"] = "https://partner.example/passes"
        card["authenticationToken"] = String(repeating: "t", count: 20)
        let root = try #require(try Self.json(card).objectValue)
        let files: [String: Data] = [
            "personalization.json": try JSONSerialization.data(withJSONObject: spec),
            "personalizationLogo@2x.png": TestPassIssuer.png(width: 300, height: 80),
        ]
        #expect(PassPersonalization.check(files, pass: root, file: "t").isEmpty)
        var noLogo = files
        noLogo["personalizationLogo@2x.png"] = nil
        #expect(PassPersonalization.check(noLogo, pass: root, file: "t").map(\.code) == ["pkpass.personalization.requires"])
        var noNFC = root
        noNFC["nfc"] = nil
        #expect(PassPersonalization.check(files, pass: noNFC, file: "t").map(\.code) == ["pkpass.personalization.requires"])
        for broken in [
            ["description": "x", "requiredPersonalizationFields": ["PKPassPersonalizationFieldAge"]], ["requiredPersonalizationFields": []],
        ] {
            var wrong = files
            wrong["personalization.json"] = try JSONSerialization.data(withJSONObject: broken)
            #expect(PassPersonalization.check(wrong, pass: root, file: "t").contains { $0.code == "pkpass.personalization.invalid" })
        }
        #expect(
            PassPersonalization.check(["personalization.json": Data("{".utf8)], pass: root, file: "t").first?.code
                == "pkpass.personalization.invalid")
    }

    @Test("the corpus's semantic boarding pass misses Apple's departureAirportTimeZone; its poster ticket lacks requiresAuthentication")
    func corpusModels() throws {
        guard let models = TestPaths.corpus?.appendingPathComponent("pkpass/models") else {
            print("NOTICE: ../shared/corpus is absent; skipping the corpus models")
            return
        }
        let inspector = PassInspector(anchors: try PassSignature.appleRoot(), now: Date())
        let boarding = inspector.inspectFolder(models.appendingPathComponent("passkitgen-semanticBoardingPass.pass"), file: "b")
        let missing = boarding.findings.filter { $0.code == "pkpass.pass-json.semantic-boarding-pass" }.compactMap(\.location.path)
        #expect(missing == ["pass.json $.semantics.departureAirportTimeZone"], "it writes departureLocationTimeZone: \(missing)")
        let poster = inspector.inspectFolder(models.appendingPathComponent("passkitgen-posterEventTicketWithNewSeats.pass"), file: "p")
        #expect(
            poster.findings.contains {
                $0.code == "pkpass.pass-json.poster-nfc" && $0.location.path == "pass.json $.nfc.requiresAuthentication"
            })
        #expect(!poster.findings.contains { $0.code == "pkpass.image.poster-artwork" }, "it has artwork.png")
    }
}

/// A P-256 public key as nfc.encryptionPublicKey carries it (base64 DER SubjectPublicKeyInfo), made once with
/// `openssl ecparam -name prime256v1 -genkey | openssl ec -pubout -outform DER | base64`.
enum TestKeys {
    static let p256PublicKey =
        "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE6U9AEdvBlkTpGhj0HT8b9g7CZhnuqmCUd81BVXcS0nQgv2IfkevfuV42v+ZW0KggG2w/Xn2fHINUUUI6GUAYpw=="
}
