import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

/// `bodymovin preview`, `pkpass preview` and the render findings of `bodymovin validate`, drawn by the real rlottie,
/// cairo, pango and zint and read back by libraries nobody here wrote (Pillow, zxing-cpp, Debian's zbarimg).
///
/// Golden images live in Tests/Golden; `DOTS_SSO_UPDATE_GOLDEN=1` rewrites them from this run (then look at them).
@Suite("pictures", .serialized)
struct PictureCLITests {
    static let golden = TestPaths.repository.appendingPathComponent("Tests/Golden")
    /// Perceptual tolerance (grey levels of 255): the mean over the whole picture, and the worst 8×8 block.
    static let meanTolerance = 2.5
    static let blockTolerance = 48.0

    let cli = DotsSSOCLI()

    /// Runs Tests/Peers/picture_check.py; nil (with a notice) when the venv with Pillow is missing.
    func check(_ arguments: [String]) async throws -> Any? {
        guard let python = TestPaths.venvPython else {
            print("NOTICE: .venv is missing (Scripts/venv makes it); skipping the picture read-back")
            return nil
        }
        let result = try await ProcessRunner.run(
            python, [TestPaths.peers.appendingPathComponent("picture_check.py").path] + arguments, timeout: 120)
        #expect(result.status == 0, "picture_check \(arguments.first ?? ""): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    func info(_ path: String) async throws -> [String: Any]? { try await check(["info", path]) as? [String: Any] }

    /// Compares a picture with its golden image within the tolerance (writing the golden image when asked to).
    func expectLooksLike(_ path: String, golden name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let goldenPath = Self.golden.appendingPathComponent(name).path
        if ProcessInfo.processInfo.environment["DOTS_SSO_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
            _ = try? FileManager.default.removeItem(atPath: goldenPath)
            try FileManager.default.copyItem(atPath: path, toPath: goldenPath)
        }
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            Issue.record("no golden image \(name); run with DOTS_SSO_UPDATE_GOLDEN=1 and look at it", sourceLocation: sourceLocation)
            return
        }
        guard let result = try await check(["compare", path, goldenPath]) as? [String: Any] else { return }
        #expect(result["same_size"] as? Bool == true, "\(name): \(result)", sourceLocation: sourceLocation)
        #expect((result["mean"] as? Double ?? 255) <= Self.meanTolerance, "\(name): \(result)", sourceLocation: sourceLocation)
        #expect((result["worst_block"] as? Double ?? 255) <= Self.blockTolerance, "\(name): \(result)", sourceLocation: sourceLocation)
    }

    // MARK: Animations

    /// A bodymovin document: one shape layer, a `size`×`size` square filled blue, moving along `path` (first and last
    /// position, keyframed over the whole animation), shown from `layerIn` to `layerOut`.
    static func animation(
        width: Int = 200, height: Int = 100, frames: Int = 60, rate: Int = 30, size: Int = 40,
        path: ([Double], [Double]) = ([40, 50], [160, 50]), layerIn: Int = 0, layerOut: Int? = nil
    ) -> Data {
        let position: [String: Any] = [
            "a": 1,
            "k": [
                ["t": 0, "s": path.0, "i": ["x": 0.5, "y": 0.5], "o": ["x": 0.5, "y": 0.5]],
                ["t": frames, "s": path.1],
            ],
        ]
        let layer: [String: Any] = [
            "ddd": 0, "ind": 1, "ty": 4, "nm": "square", "sr": 1, "ao": 0, "ip": layerIn, "op": layerOut ?? frames, "st": 0, "bm": 0,
            "ks": [
                "o": ["a": 0, "k": 100], "r": ["a": 0, "k": 0], "p": position, "a": ["a": 0, "k": [0, 0, 0]],
                "s": ["a": 0, "k": [100, 100, 100]],
            ],
            "shapes": [
                [
                    "ty": "gr", "nm": "group",
                    "it": [
                        [
                            "ty": "rc", "d": 1, "nm": "rect", "s": ["a": 0, "k": [size, size]], "p": ["a": 0, "k": [0, 0]],
                            "r": ["a": 0, "k": 0],
                        ],
                        ["ty": "fl", "nm": "fill", "c": ["a": 0, "k": [0.1, 0.3, 0.9, 1]], "o": ["a": 0, "k": 100], "r": 1],
                        [
                            "ty": "tr", "p": ["a": 0, "k": [0, 0]], "a": ["a": 0, "k": [0, 0]], "s": ["a": 0, "k": [100, 100]],
                            "r": ["a": 0, "k": 0], "o": ["a": 0, "k": 100],
                        ],
                    ],
                ]
            ],
        ]
        let document: [String: Any] = [
            "v": "5.7.4", "fr": rate, "ip": 0, "op": frames, "w": width, "h": height, "nm": "test", "ddd": 0,
            "assets": [], "layers": [layer],
        ]
        return try! JSONSerialization.data(withJSONObject: document, options: .sortedKeys)
    }

    func write(_ data: Data, _ name: String, in folder: TemporaryDirectory) throws -> String {
        let path = folder.path(name)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    func json(_ result: ProcessResult) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)\n\(result.stderr)")
    }

    func codes(_ findings: Any?) -> [String] {
        (findings as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    @Test("bodymovin preview: evenly spaced frames in a sheet of the asked cell size, and a GIF of every frame at the frame rate, looping")
    func contactSheetAndGIF() async throws {
        let folder = TemporaryDirectory("pictures")
        let file = try write(Self.animation(), "moving.json", in: folder)
        let result = try await cli.run([
            "bodymovin", "preview", file, "--frames", "6", "--size", "100x50", "--gif", folder.path("moving.gif"), "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let preview = try json(result)
        #expect(preview["frames"] as? [Int] == [0, 12, 24, 35, 47, 59])
        // In the current folder unless told (never beside the input), printed as the user would type it back.
        #expect(preview["sheet"] as? String == "moving.frames.png", "\(preview)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("moving.frames.png")), "nothing beside the input")
        #expect(preview["gifFrames"] as? Int == 60)
        #expect(codes(preview["findings"]).isEmpty, "a visible square inside the canvas: nothing to report")
        guard let sheet = try await info(cli.home.path("moving.frames.png")), let gif = try await info(folder.path("moving.gif")) else {
            return
        }
        #expect(sheet["format"] as? String == "PNG")
        #expect(sheet["width"] as? Int == 8 + 6 * (100 + 8) && sheet["height"] as? Int == 8 + 50 + 18 + 8, "\(sheet)")
        #expect(gif["format"] as? String == "GIF" && gif["frames"] as? Int == 60 && gif["loop"] as? Int == 0, "\(gif)")
        #expect(gif["width"] as? Int == 320 && gif["height"] as? Int == 160, "fitted in 320 px, aspect kept: \(gif)")
        let total = (gif["durations"] as? [Int] ?? []).reduce(0, +)
        #expect(abs(total - 2000) <= 10, "60 frames at 30 fps last two seconds: \(total) ms")
        try await expectLooksLike(cli.home.path("moving.frames.png"), golden: "bodymovin-moving.png")

        let text = try await cli.run(["bodymovin", "preview", file, "--output", folder.path("named.png")])
        #expect(text.status == 0 && text.stdout.hasPrefix(folder.path("named.png") + "  12 frames"), "\(text.stdout)")
    }

    @Test(
        "corpus animations look as they did when a person last looked (golden images)",
        arguments: [
            "lottieios-Boat_Loader.json", "lottieios-HamburgerArrow.json", "lottieios-TwitterHeart.json", "lottieweb-bm_ronda.json",
        ])
    func corpusGolden(name: String) async throws {
        guard let corpus = TestPaths.corpus?.appendingPathComponent("lottie/\(name)").path else {
            print("NOTICE: ../shared/corpus is absent; skipping the golden image of \(name)")
            return
        }
        let folder = TemporaryDirectory("pictures")
        let result = try await cli.run(["bodymovin", "preview", corpus, "--output", folder.path("sheet.png")])
        #expect(result.status == 0, "\(result.stderr)")
        try await expectLooksLike(folder.path("sheet.png"), golden: "bodymovin-\(name.replacingOccurrences(of: ".json", with: ".png"))")
    }

    @Test("an animation whose only layer never shows renders nothing: validate warns; one that shows does not")
    func blankRender() async throws {
        let folder = TemporaryDirectory("pictures")
        let hidden = try write(Self.animation(layerIn: 100, layerOut: 200), "hidden.json", in: folder)
        let shown = try write(Self.animation(), "shown.json", in: folder)
        let result = try await cli.run(["bodymovin", "validate", hidden, shown, "--json"])
        let files = try #require(try json(result)["files"] as? [[String: Any]])
        #expect(codes(files[0]["findings"]).contains("lottie.render.nothing"), "\(files[0])")
        #expect(!codes(files[1]["findings"]).contains { $0.hasPrefix("lottie.render.") }, "\(files[1])")
        #expect(result.status == 0, "a warning fails only under --strict")
        let strict = try await cli.run(["bodymovin", "validate", hidden, "--strict"])
        #expect(strict.status == 1 && strict.stdout.contains("renders nothing"), "\(strict.stdout)")
        let skipped = try await cli.run(["bodymovin", "validate", hidden, "--no-render", "--json"])
        #expect(!codes(try #require(try json(skipped)["files"] as? [[String: Any]])[0]["findings"]).contains("lottie.render.nothing"))
    }

    @Test("content leaving the canvas and content filling under 5 % of it are reported with where it was drawn")
    func placement() async throws {
        let folder = TemporaryDirectory("pictures")
        let outside = try write(Self.animation(path: ([40, 50], [260, 50])), "outside.json", in: folder)
        let small = try write(Self.animation(width: 512, height: 512, size: 20, path: ([256, 256], [260, 256])), "small.json", in: folder)
        let result = try await cli.run(["bodymovin", "validate", outside, small, "--json"])
        let files = try #require(try json(result)["files"] as? [[String: Any]])
        let leaving = (files[0]["findings"] as? [[String: Any]] ?? []).first { $0["code"] as? String == "lottie.render.outside-canvas" }
        // The square (40 wide) moves from x 40 to 260 over 60 frames; the last frame drawn is 59, so it ends near 276.
        #expect((leaving?["message"] as? String)?.contains("x 20…27") == true, "\(files[0])")
        let tiny = (files[1]["findings"] as? [[String: Any]] ?? []).first { $0["code"] as? String == "lottie.render.small" }
        #expect((tiny?["message"] as? String)?.contains("fills 1 %") == true, "\(files[1])")
        #expect(!codes(files[1]["findings"]).contains("lottie.render.outside-canvas"))
    }

    @Test(
        "hostile animations: 100,000 frames stay bounded (12 frames drawn, a GIF of at most 300); a 20,000 px canvas and an invalid file are refused"
    )
    func hostileAnimations() async throws {
        let folder = TemporaryDirectory("pictures")
        let long = try write(Self.animation(frames: 100_000), "long.json", in: folder)
        let started = Date()
        let result = try await cli.run(["bodymovin", "preview", long, "--gif", folder.path("long.gif"), "--json"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 60)
        #expect((try json(result)["gifFrames"] as? Int ?? .max) <= 300)

        let huge = try write(Self.animation(width: 20_000, height: 20_000), "huge.json", in: folder)
        let refused = try await cli.run(["bodymovin", "preview", huge])
        #expect(
            refused.status == 65 && refused.stderr.split(separator: "\n").count == 1 && refused.stderr.contains("16384"),
            "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.home.path("huge.frames.png")))
        let validated = try await cli.run(["bodymovin", "validate", huge, "--json"])
        #expect(codes(try #require(try json(validated)["files"] as? [[String: Any]])[0]["findings"]).contains("lottie.render.skipped"))

        var broken = try #require(try JSONSerialization.jsonObject(with: Self.animation()) as? [String: Any])
        broken["layers"] = [["ty": 4, "nm": "no transform", "ip": 0, "op": 60]]
        let invalid = try write(try JSONSerialization.data(withJSONObject: broken), "invalid.json", in: folder)
        let notDrawn = try await cli.run(["bodymovin", "preview", invalid])
        #expect(
            notDrawn.status == 1 && notDrawn.stderr.contains("bodymovin validate") && notDrawn.stderr.split(separator: "\n").count == 1,
            "\(notDrawn.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.home.path("invalid.frames.png")))

        let badFlag = try await cli.run(["bodymovin", "preview", long, "--size", "true"])
        #expect(badFlag.status == 64)
        let tooMany = try await cli.run(["bodymovin", "preview", long, "--frames", "1000"])
        #expect(tooMany.status == 64 && tooMany.stderr.contains("--frames"), "\(tooMany.stderr)")
    }

    // MARK: Passes

    /// A pass of `style` with fields in every area, a barcode of `format`, and real images made by Pillow.
    func pass(
        style: String, format: String, message: String, in folder: TemporaryDirectory, extra: [String: Data] = [:],
        transit: String? = nil, passKeys: [String: Any] = [:], name: String? = nil
    ) async throws -> String? {
        let images = TemporaryDirectory("images")
        var files: [String: Data] = extra
        let wanted: [(String, Int, Int, String)] =
            [("logo@2x.png", 200, 80, "f4f4f4"), ("icon@2x.png", 58, 58, "202020")]
            + (["storeCard", "coupon"].contains(style) ? [("strip@2x.png", 750, 246, "c0392b")] : [])
            + (style == "generic" ? [("thumbnail@2x.png", 180, 180, "27ae60")] : [])
            + (style == "eventTicket" ? [("background@2x.png", 360, 440, "8e44ad"), ("thumbnail@2x.png", 180, 180, "f39c12")] : [])
        for (name, width, height, colour) in wanted where files[name] == nil {
            guard
                try await check(["png", images.path(name), "\(width)", "\(height)", colour]) != nil
                    || FileManager.default.fileExists(atPath: images.path(name))
            else { return nil }
            files[name] = try Data(contentsOf: URL(fileURLWithPath: images.path(name)))
        }
        var structure: [String: Any] = [
            "headerFields": [["key": "gate", "label": "GATE", "value": "23"]],
            "primaryFields": [["key": "from", "label": "Member", "value": "Ann Lee"]]
                + (style == "boardingPass" ? [["key": "to", "label": "To", "value": "JFK"]] : []),
            "secondaryFields": [
                ["key": "since", "label": "Since", "value": "2026-12-01T19:30:00+01:00", "dateStyle": "PKDateStyleMedium"],
                ["key": "level", "label": "Level", "value": "Gold"],
            ],
            "auxiliaryFields": [["key": "points", "label": "Points", "value": 1250, "numberStyle": "PKNumberStyleDecimal"]],
            "backFields": [["key": "terms", "label": "Terms", "value": "Valid at every Dots venue. Not transferable."]],
        ]
        if let transit { structure["transitType"] = transit }
        var passJSON: [String: Any] = [
            "formatVersion": 1, "description": "test pass", "organizationName": "The Dots", "passTypeIdentifier": "pass.org.thedots.test",
            "serialNumber": "1", "teamIdentifier": "DOTSTEST01", "backgroundColor": "rgb(30, 60, 110)",
            "foregroundColor": "rgb(255, 255, 255)",
            "labelColor": "rgb(200, 210, 230)", "logoText": "The Dots",
            "barcodes": [["format": format, "message": message, "messageEncoding": "iso-8859-1", "altText": message]],
            style: structure,
        ]
        passJSON.merge(passKeys) { _, new in new }
        passJSON = passJSON.filter { !($0.value is NSNull) }
        files["pass.json"] = try JSONSerialization.data(withJSONObject: passJSON, options: .sortedKeys)
        let path = folder.path("\(name ?? "\(style)-\(format)").pkpass")
        try TestPassIssuer.zip(files).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(
        "every pass style is drawn and its barcode reads back to the message (zxing-cpp for all four formats, zbarimg for QR and Code 128)",
        arguments: [
            ("generic", "PKBarcodeFormatQR"), ("storeCard", "PKBarcodeFormatCode128"), ("coupon", "PKBarcodeFormatPDF417"),
            ("eventTicket", "PKBarcodeFormatAztec"), ("boardingPass", "PKBarcodeFormatPDF417"),
        ])
    func passStyles(style: String, format: String) async throws {
        let folder = TemporaryDirectory("passes")
        let message = "DOTS-\(style.uppercased())-0042"
        guard
            let file = try await pass(
                style: style, format: format, message: message, in: folder, transit: style == "boardingPass" ? "PKTransitTypeAir" : nil)
        else { return }
        let result = try await cli.run(["pkpass", "preview", file, "--back", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let preview = try json(result)
        let frontName = try #require(preview["front"] as? String), backName = try #require(preview["back"] as? String)
        #expect(preview["style"] as? String == style)
        #expect(codes(preview["findings"]).isEmpty, "\(preview)")
        #expect(frontName == "\(style)-\(format).png" && backName == "\(style)-\(format).back.png", "the current folder, as typed")
        let front = cli.home.path(frontName), back = cli.home.path(backName)
        guard let decoded = try await check(["decode", front]) as? [[String: Any]] else { return }
        let expectedFormat = [
            "PKBarcodeFormatQR": "QR Code", "PKBarcodeFormatPDF417": "PDF417", "PKBarcodeFormatAztec": "Aztec",
            "PKBarcodeFormatCode128": "Code 128",
        ][format]!
        #expect(
            decoded.contains { $0["text"] as? String == message && ($0["format"] as? String ?? "").contains(expectedFormat) }, "\(decoded)")
        if format == "PKBarcodeFormatQR" || format == "PKBarcodeFormatCode128" {
            let zbar = try await ProcessRunner.run("/usr/bin/env", ["zbarimg", "--quiet", "--raw", front])
            #expect(
                zbar.status == 0 && zbar.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == message,
                "zbarimg: \(zbar.stdout) \(zbar.stderr)")
        }
        guard let frontInfo = try await info(front) else { return }
        #expect(frontInfo["width"] as? Int == 640, "a 320 pt pass at 2×: \(frontInfo)")
        try await expectLooksLike(front, golden: "pkpass-\(style).png")
        try await expectLooksLike(back, golden: "pkpass-\(style)-back.png")
    }

    @Test(
        "a semantic boarding pass and a posterGeneric pass are drawn in their classic layout, and the preview says so plainly; an EAN-13 barcode reads back"
    )
    func undrawnLayouts() async throws {
        let folder = TemporaryDirectory("layouts")
        let semantics: [String: Any] = [
            "airlineCode": "DT", "flightNumber": 42, "departureAirportCode": "MUC", "destinationAirportCode": "KEF",
            "passengerName": ["givenName": "Ann", "familyName": "Lee"],
        ]
        let poster: [String: Any] = [
            "primaryFields": [["key": "name", "value": "Finley"]], "footerFields": [["key": "club", "value": "Day Care"]],
        ]
        guard
            let boarding = try await pass(
                style: "boardingPass", format: "PKBarcodeFormatPDF417", message: "DOTS-SEMANTIC-0042", in: folder,
                transit: "PKTransitTypeAir",
                passKeys: ["preferredStyleSchemes": ["semanticBoardingPass", "boardingPass"], "semantics": semantics], name: "semantic"),
            let both = try await pass(
                style: "generic", format: "PKBarcodeFormatQR", message: "DOTS-POSTER-GENERIC", in: folder,
                passKeys: ["posterGeneric": poster],
                name: "both"),
            let only = try await pass(
                style: "generic", format: "PKBarcodeFormatEAN13", message: "4006381333931", in: folder,
                passKeys: ["posterGeneric": poster, "generic": NSNull()], name: "only")
        else { return }
        for (file, path, words) in [
            (
                boarding, "pass.json $.preferredStyleSchemes",
                "the semantic boarding pass (iOS 26) is not drawn: this is the classic boarding pass"
            ),
            (both, "pass.json $.posterGeneric", "the poster generic layout (iOS 27) is not drawn: this is the generic style"),
            (only, "pass.json $.posterGeneric", "this is posterGeneric's fields in the classic generic layout"),
        ] {
            let result = try await cli.run(["pkpass", "preview", file, "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let preview = try json(result)
            #expect(preview["layout"] as? String == "classic", "\(preview)")
            let findings = preview["findings"] as? [[String: Any]] ?? []
            #expect(
                findings.contains {
                    $0["code"] as? String == "pkpass.preview.layout" && ($0["message"] as? String ?? "").contains(words)
                        && ($0["location"] as? [String: Any])?["path"] as? String == path
                }, "\(file): \(findings)")
            let text = try await cli.run(["pkpass", "preview", file, "--output", folder.path("text.png")])
            #expect(text.stdout.contains(words) || text.stderr.contains(words), "said plainly in text too: \(text.stdout) \(text.stderr)")
        }
        let semanticFront = cli.home.path("semantic.png"), onlyFront = cli.home.path("only.png")
        if let decoded = try await check(["decode", onlyFront]) as? [[String: Any]] {
            #expect(decoded.contains { $0["text"] as? String == "4006381333931" }, "EAN-13 reads back: \(decoded)")
        }
        try await expectLooksLike(semanticFront, golden: "pkpass-boardingPass-semantic.png")
        try await expectLooksLike(onlyFront, golden: "pkpass-posterGeneric.png")
    }

    @Test(
        "an event ticket preferring posterEventTicket is drawn in the poster layout (semantic fields over the background) and says so; preferring eventTicket, the classic one"
    )
    func posterEventTicket() async throws {
        let folder = TemporaryDirectory("poster")
        let semantics: [String: Any] = [
            "eventName": "Members' Night", "eventStartDate": "2026-12-01T19:30:00+01:00", "venueName": "The Dots Hall",
            "venueRoom": "Studio 2", "performerNames": ["Ann Lee", "Sam Ray"],
        ]
        let message = "DOTS-POSTER-0042"
        guard
            let poster = try await pass(
                style: "eventTicket", format: "PKBarcodeFormatQR", message: message, in: folder,
                passKeys: ["preferredStyleSchemes": ["posterEventTicket", "eventTicket"], "semantics": semantics], name: "poster"),
            let classic = try await pass(
                style: "eventTicket", format: "PKBarcodeFormatQR", message: message, in: folder,
                passKeys: ["preferredStyleSchemes": ["eventTicket", "posterEventTicket"], "semantics": semantics], name: "classic")
        else { return }
        let drawn = try await cli.run(["pkpass", "preview", poster, "--json"])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let preview = try json(drawn)
        #expect(preview["layout"] as? String == "poster" && preview["style"] as? String == "eventTicket", "\(preview)")
        let front = cli.home.path(try #require(preview["front"] as? String))
        let text = try await cli.run(["pkpass", "preview", poster, "--output", folder.path("poster-text.png")])
        #expect(text.stdout.contains("front of the eventTicket pass (poster layout)"), "\(text.stdout)")
        // The barcode below the poster still scans.
        if let decoded = try await check(["decode", front]) as? [[String: Any]] {
            #expect(decoded.contains { $0["text"] as? String == message }, "\(decoded)")
        }
        try await expectLooksLike(front, golden: "pkpass-eventTicket-poster.png")
        let other = try json(try await cli.run(["pkpass", "preview", classic, "--json"]))
        #expect(other["layout"] as? String == "classic", "\(other)")
    }

    @Test(
        "--locale draws the labels from that .lproj/pass.strings; a pass with enormous images is drawn without them, quickly; a bomb is refused"
    )
    func localeAndHostilePasses() async throws {
        let folder = TemporaryDirectory("passes")
        let strings = ["fr.lproj/pass.strings": Data("\"Member\" = \"Membre\";\n\"Level\" = \"Niveau\";\n\"Gold\" = \"Or\";\n".utf8)]
        guard let file = try await pass(style: "generic", format: "PKBarcodeFormatQR", message: "M-1", in: folder, extra: strings) else {
            return
        }
        let english = try await cli.run(["pkpass", "preview", file, "--output", folder.path("en.png")])
        let french = try await cli.run(["pkpass", "preview", file, "--locale", "fr", "--output", folder.path("fr.png")])
        #expect(english.status == 0 && french.status == 0, "\(english.stderr)\(french.stderr)")
        if let difference = try await check(["compare", folder.path("fr.png"), folder.path("en.png")]) as? [String: Any] {
            #expect(
                (difference["worst_block"] as? Double ?? 0) > Self.blockTolerance, "the French labels change the picture: \(difference)")
        }
        try await expectLooksLike(folder.path("fr.png"), golden: "pkpass-generic-fr.png")

        // A strip whose header claims 30,000 × 30,000 px: never decoded, a warning, the rest drawn.
        let enormousFolder = TemporaryDirectory("enormous")
        let enormousFile = try await #require(
            try pass(
                style: "storeCard", format: "PKBarcodeFormatQR", message: "M-2", in: enormousFolder,
                extra: ["strip@2x.png": TestPassIssuer.png(width: 30_000, height: 30_000)]))
        let started = Date()
        let drawn = try await cli.run(["pkpass", "preview", enormousFile, "--json"])
        #expect(drawn.status == 0 && Date().timeIntervalSince(started) < 10, "\(drawn.stderr)")
        #expect(codes(try json(drawn)["findings"]).contains("pkpass.preview.image-too-large"), "\(drawn.stdout)")

        // 50 MB of zeros compressed into a small entry: the archive limits refuse it before anything is drawn.
        let bomb = folder.path("bomb.pkpass")
        try TestPassIssuer.zip([("pass.json", Data("{}".utf8)), ("strip.png", Data(count: 50_000_000))]).write(
            to: URL(fileURLWithPath: bomb))
        let refused = try await cli.run(["pkpass", "preview", bomb])
        #expect(refused.status == 65 && refused.stderr.split(separator: "\n").count == 1, "malformed input: \(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.home.path("bomb.png")))
    }

    @Test(
        "pango gets what a pass can show: one pass.strings entry of 150,000 combining marks used by every field, and 100,000 newlines, draw in seconds at a sane height"
    )
    func hostileText() async throws {
        let folder = TemporaryDirectory("passes")
        let strings =
            "\"L\" = \"a\(String(repeating: "\u{0301}", count: 150_000))\";\n\"N\" = \"\(String(repeating: "x\\n", count: 100_000))\";\n"
        let field = { (key: String, value: String) -> [String: Any] in ["key": key, "label": "L", "value": value] }
        let passJSON: [String: Any] = [
            "formatVersion": 1, "description": "L", "organizationName": "The Dots", "passTypeIdentifier": "pass.org.thedots.test",
            "serialNumber": "1", "teamIdentifier": "DOTSTEST01", "logoText": "L",
            "generic": [
                "headerFields": [field("h", "L")], "primaryFields": [field("a", "L")],
                "secondaryFields": [field("b", "L"), field("c", "N")],
                "auxiliaryFields": [field("d", "L"), field("g", "N")], "backFields": [field("e", "N"), field("f", "L")],
            ],
        ]
        let file = folder.path("text.pkpass")
        try TestPassIssuer.zip([
            "pass.json": try JSONSerialization.data(withJSONObject: passJSON), "en.lproj/pass.strings": Data(strings.utf8),
        ])
        .write(to: URL(fileURLWithPath: file))
        let started = Date()
        let result = try await cli.run(
            ["pkpass", "preview", file, "--back", "--locale", "en", "--output", folder.path("text.png")], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 20, "pango took \(Date().timeIntervalSince(started)) s")
        for picture in [folder.path("text.png"), folder.path("text.back.png")] {
            guard let size = try await info(picture) else { return }
            #expect((size["height"] as? Int ?? 0) > 0 && (size["height"] as? Int ?? .max) <= 4800, "\(picture): \(size)")
        }
        #expect(FileStatus(folder.path("text.png"))?.mode == 0o600, "a pass picture is the member's")
    }

    @Test(
        "without rlottie, validate still checks (an info says the frames were not drawn) and preview ends 69 in one line saying what to install"
    )
    func missingRlottie() async throws {
        guard let rlottie = HiddenLibrary(["librlottie.so.0-1"]) else {
            print("NOTICE: no librlottie.so.0-1 found in the usual places; skipping the missing-rlottie test")
            return
        }
        if let reason = try await rlottie.unavailableReason() {
            print("NOTICE: cannot hide rlottie in a private mount namespace here (\(reason)); skipping the missing-rlottie test")
            return
        }
        let folder = TemporaryDirectory("pictures")
        let file = try write(Self.animation(), "a.json", in: folder)
        let validated = try await rlottie.run(
            TestPaths.binary.path, ["bodymovin", "validate", file, "--json"], environment: cli.environment)
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(codes(try #require(try json(validated)["files"] as? [[String: Any]])[0]["findings"]).contains("lottie.render.unavailable"))
        let preview = try await rlottie.run(
            TestPaths.binary.path, ["bodymovin", "preview", file, "--output", folder.path("a.png")], environment: cli.environment)
        #expect(preview.status == 69 && preview.stderr.split(separator: "\n").count == 1, "\(preview.stderr)")
        #expect(preview.stderr.contains("apt-get install librlottie"), "\(preview.stderr)")
    }

    @Test("--version loads none of the picture libraries; drawing loads them, in the drawing child only")
    func loadedOnDemand() async throws {
        let trace = ["LD_DEBUG": "files"]
        let version = try await cli.run(["--version"], environment: trace)
        let atStart = LibcurlLoadingTests.librariesLoaded(by: version)
        #expect(!atStart.isEmpty, "the loader trace lists libraries")
        #expect(
            !atStart.contains {
                $0.hasPrefix("librlottie") || $0.hasPrefix("libcairo") || $0.hasPrefix("libpango") || $0.hasPrefix("libzint")
            }, "\(atStart)")
        let folder = TemporaryDirectory("pictures")
        let file = try write(Self.animation(), "a.json", in: folder)
        // Each process writes its loader trace to trace.<pid>: the command's own, and its drawing child's.
        let preview = try await cli.run(
            ["bodymovin", "preview", file], environment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": folder.path("trace")])
        #expect(preview.status == 0, "\(preview.stderr)")
        let traces = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("trace.") }.map {
            LibcurlLoadingTests.librariesLoaded(inTrace: try String(contentsOfFile: folder.path($0), encoding: .utf8))
        }
        #expect(traces.count >= 2, "the command and its drawing child")
        let drawing = traces.filter { loaded in
            loaded.contains { $0.hasPrefix("librlottie") } && loaded.contains { $0.hasPrefix("libcairo") }
        }
        #expect(drawing.count == 1, "one process drew: \(traces)")
    }
}
