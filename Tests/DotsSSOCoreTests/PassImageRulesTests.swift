import DotsSSOBasics
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCore

/// Issue 53 item 1: image slots and sizes as Apple's Pass Builder declares them (PassPackage.swift), its PDF images,
/// and its rule that the icon sits at the package root; each pass beside a twin without the fault.
@Suite("pass images by Apple's slots")
struct PassImageRulesTests {
    static func codes(_ files: [String: Data], style: String = "eventTicket") -> [String] {
        PassImages.check(files: files, style: style, file: "t.pkpass").findings.map(\.code)
    }

    static func png(_ width: Int, _ height: Int) -> Data { TestPassIssuer.png(width: width, height: height) }
    static let pdf = Data("%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n".utf8)

    @Test("a pass made to Apple's sizes at @1x, @2x and @3x is not warned; the older 29-point icon is still accepted")
    func applesSizesPass() {
        var files: [String: Data] = [:]
        for scale in 1...3 {
            let suffix = scale == 1 ? "" : "@\(scale)x"
            files["icon\(suffix).png"] = Self.png(38 * scale, 38 * scale)
            files["artwork\(suffix).png"] = Self.png(358 * scale, 448 * scale)
            files["primaryLogo\(suffix).png"] = Self.png(126 * scale, 30 * scale)
            files["secondaryLogo\(suffix).png"] = Self.png(135 * scale, 12 * scale)
            files["background\(suffix).png"] = Self.png(345 * scale, 505 * scale)
            files["logo\(suffix).png"] = Self.png(160 * scale, 50 * scale)
        }
        #expect(Self.codes(files).isEmpty, "\(Self.codes(files))")
        #expect(Self.codes(["icon.png": Self.png(29, 29), "icon@2x.png": Self.png(58, 58)]).isEmpty, "the older icon size")
    }

    @Test("off-size images are warned with Apple's size for their slot and scale, the new slots included")
    func offSizeWarned() throws {
        let cases: [(String, Data, String)] = [
            ("icon.png", Self.png(40, 40), "Wallet expects 38×38 (or the older 29×29) and scales it"),
            ("icon@3x.png", Self.png(90, 90), "expects 114×114 (or the older 87×87) at @3x"),
            ("artwork@2x.png", Self.png(600, 896), "expects 716×896 at @2x"),
            ("primaryLogo.png", Self.png(200, 30), "larger than the 126×30 Wallet shows"),
            ("secondaryLogo@2x.png", Self.png(270, 30), "larger than the 270×24 at @2x"),
            ("background.png", Self.png(400, 505), "larger than the 345×505 Wallet shows"),
        ]
        for (name, data, words) in cases {
            var files = ["icon.png": Self.png(38, 38)]
            files[name] = data
            let findings = PassImages.check(files: files, style: "eventTicket", file: "t.pkpass").findings
            let size = try #require(findings.first { $0.code == "pkpass.image.size" }, "\(name): \(findings)")
            #expect(size.severity == .warning && size.message.contains(words), "\(name): \(size.message)")
        }
    }

    @Test("a PDF image counts for its slot with a warning unless a PNG twin is there; a PDF that is not one is an error")
    func pdfImages() {
        #expect(Self.codes(["icon.pdf": Self.pdf]) == ["pkpass.image.pdf"], "an icon, not a missing one")
        #expect(Self.codes(["icon.pdf": Self.pdf, "icon.png": Self.png(38, 38)]).isEmpty, "the PNG twin is there")
        #expect(Self.codes(["icon.png": Self.png(38, 38), "logo.pdf": Self.png(10, 10)]) == ["pkpass.image.not-png"])
        #expect(Self.codes(["icon.png": Self.png(38, 38), "notes.pdf": Data("x".utf8)]).isEmpty, "not an image slot")
    }

    @Test("an icon only in .lproj folders is a warning (Apple's tool requires the root); one folder without it is an error")
    func iconAtRoot() {
        let localised = ["de.lproj/icon.png": Self.png(38, 38), "fr.lproj/icon.png": Self.png(38, 38)]
        #expect(Self.codes(localised) == ["pkpass.image.icon-not-at-root"])
        #expect(Self.codes(localised.merging(["icon.png": Self.png(38, 38)]) { $1 }).isEmpty)
        #expect(Self.codes(["de.lproj/icon.png": Self.png(38, 38), "fr.lproj/pass.strings": Data()]) == ["pkpass.image.icon-missing"])
        #expect(Self.codes([:]) == ["pkpass.image.icon-missing"])
    }
}

/// Issue 53 item 7: where dots-sso was stricter than Apple's tool and Wallet, it now warns and says what they do.
@Suite("pass.json leniency Apple's tools share")
struct PassJSONLeniencyTests {
    static func findings(_ pass: [String: Any], prefix: Data = Data()) throws -> [Finding] {
        var data = prefix
        data.append(try JSONSerialization.data(withJSONObject: pass))
        return PassJSONLint.check(data, file: "t.pkpass").findings
    }

    @Test("#RGB and #RRGGBB colours, footerBackgroundColor too, are warnings; a # that is not hex is an error")
    func colours() throws {
        var pass = TestPassIssuer.passJSON()
        pass["foregroundColor"] = "#fff"
        pass["backgroundColor"] = "#1A2B3C"
        pass["footerBackgroundColor"] = "#abc"
        let lenient = try Self.findings(pass).filter { $0.code.hasPrefix("pkpass.pass-json.color") }
        #expect(lenient.map(\.code) == Array(repeating: "pkpass.pass-json.color-hex", count: 3), "\(lenient)")
        #expect(lenient.allSatisfy { $0.severity == .warning })
        pass["foregroundColor"] = "#ggg"
        pass["backgroundColor"] = "rgb(1, 2, 3)"
        pass["footerBackgroundColor"] = "#12345"
        let strict = try Self.findings(pass).filter { $0.code.hasPrefix("pkpass.pass-json.color") }
        #expect(strict.map(\.code) == ["pkpass.pass-json.color", "pkpass.pass-json.color"], "\(strict)")
    }

    @Test(
        "rgb(r, g, b) is read with spaces anywhere and each component 0–255; anything else is an error",
        arguments: [
            ("rgb(1, 2, 3)", true), ("rgb( 10 ,20, 255 )", true), ("r g b(0,0,0)", true), ("rgb(+1, 2, 3)", true),
            ("rgb(1, 2)", false), ("rgb(1, 2, 256)", false), ("rgb(1,,2,3)", false), ("RGB(1, 2, 3)", false),
            ("rgb(-1, 2, 3)", false), ("rgb(1, 2, 3", false), ("rgb(1, 2, 3);", false), ("rgb(1\u{301}, 2, 3)", false),
            ("rgb(١, 2, 3)", false),
        ])
    func rgbColours(colour: String, valid: Bool) throws {
        var pass = TestPassIssuer.passJSON()
        pass["backgroundColor"] = colour
        let found = try Self.findings(pass).filter { $0.code.hasPrefix("pkpass.pass-json.color") }.map(\.code)
        #expect(found == (valid ? [] : ["pkpass.pass-json.color"]), "\(colour): \(found)")
    }

    @Test("a UTF-8 byte-order mark is a warning and the pass is still read; its twin without one has no finding")
    func byteOrderMark() throws {
        let pass = TestPassIssuer.passJSON()
        let marked = try Self.findings(pass, prefix: Data([0xEF, 0xBB, 0xBF]))
        #expect(marked.contains { $0.code == "pkpass.pass-json.byte-order-mark" && $0.severity == .warning })
        #expect(!marked.contains { $0.code == "pkpass.pass-json.invalid" }, "\(marked)")
        let twin = try Self.findings(pass)
        #expect(!twin.contains { $0.code == "pkpass.pass-json.byte-order-mark" })
        #expect(marked.count == twin.count + 1, "the same pass otherwise: \(marked.map(\.code)) vs \(twin.map(\.code))")
    }
}

/// Issue 53 item 6, the enumerations: a field's formatting keys hold values Apple defines, as its Pass Builder decodes them.
@Suite("field formatting enumerations")
struct FieldStyleTests {
    static func styleFindings(_ field: [String: Any]) throws -> [Finding] {
        var pass = TestPassIssuer.passJSON()
        var generic = pass["generic"] as? [String: Any] ?? [:]
        generic["auxiliaryFields"] = [field]
        pass["generic"] = generic
        pass["storeCard"] = nil
        pass["eventTicket"] = nil
        pass["coupon"] = nil
        pass["boardingPass"] = nil
        let data = try JSONSerialization.data(withJSONObject: pass)
        return PassJSONLint.check(data, file: "t.pkpass").findings.filter { $0.code == "pkpass.pass-json.field-style" }
    }

    @Test("Apple's values pass; a misspelt style, a number where a name belongs or an unknown detector is an error naming the values")
    func enumerations() throws {
        let good: [String: Any] = [
            "key": "when", "value": "2026-11-27T18:00:00Z", "dateStyle": "PKDateStyleMedium", "timeStyle": "PKDateStyleShort",
            "textAlignment": "PKTextAlignmentRight", "dataDetectorTypes": ["PKDataDetectorTypeLink"],
        ]
        #expect(try Self.styleFindings(good).isEmpty)
        #expect(try Self.styleFindings(["key": "n", "value": 3, "numberStyle": "PKNumberStylePercent", "dataDetectorTypes": []]).isEmpty)
        let cases: [([String: Any], String)] = [
            (["key": "when", "value": "x", "dateStyle": "PKDateStyleMed"], "dateStyle \"PKDateStyleMed\""),
            (["key": "n", "value": 3, "numberStyle": 1], "numberStyle a number"),
            (["key": "a", "value": "x", "textAlignment": "center"], "PKTextAlignmentCenter"),
            (["key": "d", "value": "x", "dataDetectorTypes": ["PKDataDetectorTypeEmail"]], "PKDataDetectorTypeCalendarEvent"),
            (["key": "d", "value": "x", "dataDetectorTypes": "PKDataDetectorTypeLink"], "must be an array"),
        ]
        for (field, words) in cases {
            let found = try Self.styleFindings(field)
            #expect(found.count == 1 && found[0].severity == .error && found[0].message.contains(words), "\(field): \(found)")
        }
    }
}

/// Issue 53 item 6, value types: beacon major and minor are 16-bit, maxDistance a positive number of meters.
@Suite("beacon ranges and maxDistance")
struct BeaconRangeTests {
    static func codes(_ change: ([String: Any]) -> [String: Any]) throws -> [String] {
        let pass = change(TestPassIssuer.passJSON())
        return PassJSONLint.check(try JSONSerialization.data(withJSONObject: pass), file: "t.pkpass").findings.map(\.code)
            .filter { $0 == "pkpass.pass-json.beacons" || $0 == "pkpass.pass-json.max-distance" }
    }

    @Test("0…65535 whole numbers and a positive maxDistance pass; 65536, -1, 1.5, a string and a zero distance do not")
    func ranges() throws {
        let uuid = "F8F589E9-C07E-58B0-AEAB-A36BE4D48FAC"
        #expect(
            try Self.codes {
                var pass = $0
                pass["beacons"] = [["proximityUUID": uuid, "major": 0, "minor": 65_535]]
                pass["maxDistance"] = 50
                return pass
            }.isEmpty)
        for bad in [65_536, -1, 1.5, "7"] as [Any] {
            let found = try Self.codes {
                var pass = $0
                pass["beacons"] = [["proximityUUID": uuid, "major": bad]]
                return pass
            }
            #expect(found == ["pkpass.pass-json.beacons"], "major \(bad): \(found)")
        }
        for bad in [0, "50"] as [Any] {
            let found = try Self.codes {
                var pass = $0
                pass["maxDistance"] = bad
                return pass
            }
            #expect(found == ["pkpass.pass-json.max-distance"], "maxDistance \(bad): \(found)")
        }
    }
}
