import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

/// Each rule with a file that breaks it and the valid base that passes it.
@Suite("bodymovin validator")
struct LottieValidatorTests {
    nonisolated(unsafe) static let base: [String: Any] = [
        "v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 200,
        "assets": [["id": "comp_0", "layers": [["ty": 3, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": [:]]]]],
        "layers": [
            [
                "ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": ["o": ["a": 0, "k": 100]],
                "shapes": [
                    [
                        "ty": "gr",
                        "it": [
                            ["ty": "el", "p": ["a": 0, "k": [0, 0]], "s": ["a": 0, "k": [10, 10]]],
                            ["ty": "fl", "c": ["a": 0, "k": [1, 0, 0, 1]]],
                        ],
                    ]
                ],
            ],
            [
                "ty": 0, "ind": 2, "parent": 1, "refId": "comp_0", "ip": 0, "op": 60, "st": 0,
                "ks": ["r": ["a": 1, "k": [["t": 0, "s": [0]], ["t": 60, "s": [360]]]]],
            ],
        ],
    ]

    func codes(_ changes: (inout [String: Any]) -> Void, profile: LottieProfile = .ios) throws -> [String] {
        var document = Self.base
        changes(&document)
        let data = try JSONSerialization.data(withJSONObject: document)
        return try LottieValidator(profile: profile).validate(data, file: "t.json").findings.filter { $0.severity == .error }.map(\.code)
    }

    func layers(_ document: inout [String: Any], _ edit: (inout [[String: Any]]) -> Void) {
        var list = document["layers"] as! [[String: Any]]
        edit(&list)
        document["layers"] = list
    }

    @Test("the valid base passes both profiles")
    func valid() throws {
        #expect(try codes { _ in }.isEmpty)
        #expect(try codes({ _ in }, profile: .spec).isEmpty)
    }

    @Test(
        "top-level rules",
        arguments: [
            ("v", "lottie.version.missing"), ("fr", "lottie.frame-rate.invalid"), ("op", "lottie.frames.missing"),
            ("w", "lottie.size.invalid"), ("layers", "lottie.layers.missing"),
        ])
    func topLevel(key: String, code: String) throws {
        #expect(try codes { $0.removeValue(forKey: key) }.contains(code))
        // The spec does not require "v" (lottie-ios does).
        #expect(try codes({ $0.removeValue(forKey: key) }, profile: .spec).contains(code) == (key != "v"))
    }

    @Test("ip after op, zero frame rate and a numeric version are errors")
    func values() throws {
        #expect(try codes { $0["ip"] = 90 }.contains("lottie.frames.invalid"))
        #expect(try codes { $0["fr"] = 0 }.contains("lottie.frame-rate.invalid"))
        #expect(try codes { $0["v"] = 5 }.contains("lottie.version.type"))
    }

    @Test("layer rules: duplicate ind, missing parent, missing asset, missing timing and transform, unknown type")
    func layerRules() throws {
        #expect(try codes { layers(&$0) { $0[1]["ind"] = 1 } }.contains("lottie.layer.index-duplicate"))
        #expect(try codes { layers(&$0) { $0[1]["parent"] = 9 } }.contains("lottie.layer.parent-missing"))
        // 1 → 2 → 1, and a layer that is its own parent: each loop once.
        #expect(try codes { layers(&$0) { $0[0]["parent"] = 2 } }.filter { $0 == "lottie.layer.parent-cycle" }.count == 1)
        #expect(
            try codes {
                layers(&$0) {
                    $0[0]["parent"] = 1; $0[1].removeValue(forKey: "parent")
                }
            }.filter { $0 == "lottie.layer.parent-cycle" }.count == 1)
        #expect(try !codes { _ in }.contains("lottie.layer.parent-cycle"), "a chain that ends is fine")
        #expect(try codes { layers(&$0) { $0[1]["refId"] = "nope" } }.contains("lottie.asset.missing"))
        #expect(try codes { layers(&$0) { $0[0].removeValue(forKey: "st") } }.contains("lottie.layer.timing-missing"))
        #expect(try codes { layers(&$0) { $0[0].removeValue(forKey: "ks") } }.contains("lottie.layer.transform-missing"))
        #expect(
            try codes {
                layers(&$0) {
                    $0[0]["ty"] = 42; $0[0].removeValue(forKey: "ks")
                }
            }.isEmpty)
    }

    @Test("a finding deep in a layer names its exact place: the transform, a mask, a shape, a group's items, a repeater")
    func nestedPaths() throws {
        let layer = """
            {"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 1, "k": [{"s": [0, 0]}, {"t": 9, "s": [1, 1]}]}},
             "masksProperties": [{}, {"pt": {"a": 1, "k": [{"s": [0]}]}}],
             "shapes": [{}, {"ty": "gr", "it": [{"ty": "rp", "c": {"a": 0, "k": 200}},
                 {"ty": "gr", "it": [{"ty": "rp", "c": {"a": 0, "k": 200}}, {"ty": "fl", "o": {"a": 1, "k": [{"s": [0]}]}}]}]}]}
            """
        let text =
            #"{"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [{"ty": 3, "ind": 2, "ip": 0, "op": 60, "st": 0, "ks": {}}, "#
            + layer + "]}"
        let findings = try LottieValidator(profile: .ios).validate(Data(text.utf8), file: "t.json").findings
        let places = Set(findings.compactMap { $0.location.path })
        for expected in [
            "$.layers[1].ks.p.k", "$.layers[1].masksProperties[1].pt.k", "$.layers[1].shapes[0]",
            "$.layers[1].shapes[1].it[1].it[0].c", "$.layers[1].shapes[1].it[1].it[1].o.k",
        ] {
            #expect(places.contains(expected), "\(expected) in \(places.sorted())")
        }
    }

    @Test("a shape's type is read as players decode it: escaped spellings are the type, a long or unknown one is named")
    func shapeTypeSpellings() throws {
        let shapes = #"""
            [{"ty": "g\u0072", "it": [{"ty": "rp", "c": {"a": 0, "k": 20000}}]}, {"ty": "\u006dm"},
             {"ty": "gradientstroke"}, {"ty": "zz9"}, {"ty": 7}, {"ty": "s\u0074", "w": {"a": 0, "k": 1e6}}]
            """#
        let text =
            #"{"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": "#
            + shapes + "}]}"
        let findings = try LottieValidator(profile: .ios).validate(Data(text.utf8), file: "t.json").findings
        func at(_ code: String) -> [String] { findings.filter { $0.code == code }.compactMap { $0.location.path } }
        let unknown = findings.filter { $0.code == "lottie.shape.type-unknown" }.map(\.message)
        #expect(unknown == ["shape type \"gradientstroke\" is unknown and is skipped", "shape type \"zz9\" is unknown and is skipped"])
        #expect(at("lottie.shape.type-missing") == ["$.layers[0].shapes[4]"], "a number is no type")
        #expect(at("lottie.repeater.copies") == ["$.layers[0].shapes[0].it[0].c"], "an escaped \"gr\" is a group")
        #expect(at("lottie.stroke.width") == ["$.layers[0].shapes[5].w"], "an escaped \"st\" is a stroke")
        #expect(findings.contains { $0.code == "lottie.ios.unsupported" && $0.message.hasPrefix("merge paths: used once") })
    }

    @Test("layers are found by any ind a parent can name: whole, fractional, negative, huge, and 0 written as -0")
    func layerIndices() throws {
        let inds = ["1", "2.5", "-3", "1e9", "0", "-0", "7"]
        let parents = ["2.5", "-3", "1e9", "0", "1", "8", "2"]
        let layers = zip(inds, parents).map { ind, parent in
            #"{"ty": 3, "ind": \#(ind), "parent": \#(parent), "ip": 0, "op": 60, "st": 0, "ks": {}}"#
        }
        let text = #"{"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": ["# + layers.joined(separator: ", ") + "]}"
        let findings = try LottieValidator(profile: .ios).validate(Data(text.utf8), file: "t.json").findings
        #expect(findings.filter { $0.code == "lottie.layer.index-duplicate" }.compactMap(\.location.path) == ["$.layers[5].ind"])
        #expect(
            findings.filter { $0.code == "lottie.layer.parent-missing" }.compactMap(\.location.path) == [
                "$.layers[5].parent", "$.layers[6].parent",
            ])
        #expect(findings.filter { $0.code == "lottie.layer.parent-cycle" }.count == 1, "1 → 2.5 → -3 → 1e9 → 0 → 1")
    }

    @Test("a key given twice in an animation is a warning at its path, not an error")
    func duplicateKey() throws {
        let text = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"w":200,"layers":[]}"#
        let report = try LottieValidator(profile: .ios).validate(Data(text.utf8), file: "a.json")
        let duplicate = report.findings.filter { $0.code == "lottie.json.duplicate-key" }
        #expect(duplicate.count == 1)
        #expect(duplicate.first?.severity == .warning)
        #expect(duplicate.first?.location.path == "$.w")
    }

    @Test("precomposition cycles are named")
    func cycles() throws {
        let data = try JSONSerialization.data(
            withJSONObject: {
                var document = Self.base
                document["assets"] = [
                    ["id": "a", "layers": [["ty": 0, "refId": "b", "ind": 1, "ip": 0, "op": 1, "st": 0, "ks": [:]]]],
                    ["id": "b", "layers": [["ty": 0, "refId": "a", "ind": 1, "ip": 0, "op": 1, "st": 0, "ks": [:]]]],
                ]
                layers(&document) { $0[1]["refId"] = "a" }
                return document
            }())
        let findings = try LottieValidator(profile: .ios).validate(data, file: "t.json").findings
        let cycle = try #require(findings.first { $0.code == "lottie.precomp.cycle" })
        #expect(cycle.message.contains("a → b → a") || cycle.message.contains("b → a → b"))
    }

    @Test("properties: animated flag, keyframe shapes, legacy exports in spec only")
    func properties() throws {
        #expect(try codes { layers(&$0) { $0[0]["ks"] = ["o": ["a": 2, "k": 100]] } }.contains("lottie.property.animated-flag"))
        #expect(try codes { layers(&$0) { $0[0]["ks"] = ["o": ["a": 1, "k": 100]] } }.contains("lottie.property.animated-value"))
        #expect(
            try codes { layers(&$0) { $0[0]["ks"] = ["o": ["a": 1, "k": [["t": 10, "s": [1]], ["t": 5, "s": [2]]]]] } }.contains(
                "lottie.keyframe.order"))
        let legacy: (inout [String: Any]) -> Void = { document in self.layers(&document) { $0[0]["ks"] = ["o": ["k": 100]] } }
        #expect(try codes(legacy).isEmpty)
        #expect(try codes(legacy, profile: .spec).contains("lottie.property.legacy"))
    }

    /// The base's precomposition plus one image asset.
    func withImage(_ image: [String: Any]) -> (inout [String: Any]) -> Void {
        { document in document["assets"] = (Self.base["assets"] as! [[String: Any]]) + [image] }
    }

    @Test("images: external and undecodable embedded images are errors for a deliverable")
    func images() throws {
        let external = withImage(["id": "img", "u": "images/", "p": "a.png", "e": 0])
        #expect(try codes(external).contains("lottie.image.external"))
        #expect(!(try codes(external, profile: .spec)).contains("lottie.image.external"))
        #expect(try codes(withImage(["id": "img", "p": "dog.png", "e": 1])).contains("lottie.image.embedded-invalid"))
        #expect(try codes(withImage(["id": "img", "p": "data:image/png;base64,%%%", "e": 1])).contains("lottie.image.embedded-invalid"))
        let png = "data:image/png;base64," + Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).base64EncodedString()
        #expect(try codes(withImage(["id": "img", "p": png, "e": 1])).isEmpty)
    }

    @Test("lottie-ios unsupported features are warnings with counts")
    func unsupported() throws {
        var document = Self.base
        layers(&document) {
            $0[0]["ks"] = ["o": ["a": 0, "k": 100, "x": "wiggle(1,2)"], "p": ["a": 0, "k": [0, 0], "x": "time"]]
            $0[0]["tt"] = 3
            $0[0]["ef"] = [["ty": 5], ["ty": 25]]
            $0[0]["shapes"] = [["ty": "mm", "mm": 1]]
        }
        let report = try LottieValidator(profile: .ios).validate(try JSONSerialization.data(withJSONObject: document), file: "t.json")
        let messages = report.findings.filter { $0.code == "lottie.ios.unsupported" }.map(\.message)
        #expect(messages.contains { $0.hasPrefix("expressions: used in 2 places") })
        #expect(messages.contains { $0.hasPrefix("luma mattes: used once") })
        #expect(messages.contains { $0.hasPrefix("effects other than drop shadow: used once") })
        #expect(messages.contains { $0.hasPrefix("merge paths: used once") })
        #expect(report.findings.allSatisfy { $0.severity != .error })
        let spec = try LottieValidator(profile: .spec).validate(try JSONSerialization.data(withJSONObject: document), file: "t.json")
        #expect(!spec.findings.contains { $0.code == "lottie.ios.unsupported" })
    }

    @Test("text layers need their fonts")
    func fonts() throws {
        #expect(
            try codes {
                self.layers(&$0) {
                    $0.append([
                        "ty": 5, "ind": 3, "ip": 0, "op": 60, "st": 0, "ks": [:],
                        "t": ["d": ["k": [["s": ["f": "Missing-Font", "t": "hi"], "t": 0]]]],
                    ])
                }
                $0["fonts"] = ["list": [["fName": "Other-Font"]]]
            }.contains("lottie.font.missing"))
    }

    @Test("a dotLottie zip and broken JSON are malformed input (65) with a position")
    func malformed() {
        #expect(throws: InputError.self) {
            try LottieValidator(profile: .ios).validate(Data([0x50, 0x4B, 0x03, 0x04, 0, 0]), file: "a.lottie")
        }
        do {
            _ = try LottieValidator(profile: .ios).validate(Data("{\"v\": \"5\",\n \"fr\": ".utf8), file: "t.json")
        } catch let error as InputError {
            #expect(error.message.contains("line 2"))
            #expect(ExitStatus(for: error) == .malformedInput)
        } catch {
            Issue.record("\(error)")
        }
    }
}

@Suite("what rlottie leaves out")
struct RlottieGapTests {
    static func findings(_ json: String) throws -> [Finding] {
        try LottieValidator(profile: .ios).validate(Data(json.utf8), file: "a.json").findings
    }

    @Test("text layers, skew, merge paths, layer effects and expressions: one info saying the pictures under-draw, the first place of each")
    func gaps() throws {
        let json =
            #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"sk":{"a":0,"k":15}},"ef":[{"ty":25}],"shapes":[{"ty":"mm","mm":1}]}]}"#
        let gap = try #require(try Self.findings(json).first { $0.code == "lottie.rlottie.under-draws" })
        #expect(gap.severity == .info)
        for feature in ["skew", "merge paths", "layer effects"] { #expect(gap.message.contains(feature), "\(gap.message)") }
        let plain =
            #"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{"sk":{"a":0,"k":0}},"shapes":[]}]}"#
        #expect(try Self.findings(plain).allSatisfy { $0.code != "lottie.rlottie.under-draws" }, "a zero skew is no skew")
    }
}
