import DotsSSOBasics
import Foundation
import Testing

@testable import DotsSSOCore

/// An animation with thousands of layers is checked in shares on every core; what it finds must be what one walk
/// finds, in the same order: findings, first places, counts, and the one-time stroke finding.
@Suite("Layers checked in shares find what one walk finds")
struct LottieSharedWalkTests {
    /// `count` layers, every kind of finding spread over them: missing and unknown types, legacy properties, 3D and
    /// auto-orient notes, rlottie gaps (skew, text, merge paths), strokes far too wide (said once), missing parents
    /// and assets, repeated `ind`s, keyframes without times, a parent loop, and precompositions counted by instance.
    static func animation(layers count: Int) -> [UInt8] {
        var layers: [String] = []
        for index in 0..<count {
            var fields = [#""ind": \#(index % 997 == 5 && index < count - 2 ? 1 : index + 1)"#, #""ip": 0"#, #""op": 60"#, #""st": 0"#]
            switch index % 11 {
            case 0: fields.append(#""ty": 4, "ks": {"o": {"a": 0, "k": 100}}, "shapes": [{"ty": "st", "w": {"a": 0, "k": 90000}}]"#)
            case 1: fields.append(#""ks": {}"#)  // no ty
            case 2: fields.append(#""ty": 42, "ks": {}"#)
            case 3: fields.append(#""ty": 3, "ks": {"o": {"k": 100}}, "ddd": 1, "ao": 1"#)
            case 4:
                fields.append(#""ty": 3, "ks": {"sk": {"a": 0, "k": 5}}"#)
                if index < count - 2 { fields.append(#""parent": 999999"#) }
            case 5: fields.append(index % 2 == 0 ? #""ty": 0, "refId": "p", "ks": {}"# : #""ty": 0, "refId": "nowhere", "ks": {}"#)
            case 6: fields.append(#""ty": 4, "ks": {}, "shapes": [{"ty": "mm"}, {"ty": "zz"}, {"ty": "gr", "it": [{"ty": "fl"}]}]"#)
            case 7: fields.append(#""ty": 4, "ks": {"p": {"a": 1, "k": [{"s": [0, 0]}, {"t": 10, "s": [1, 1]}]}}"#)
            case 8: fields.append(#""ty": 5, "ks": {}, "t": {"d": {"k": [{"s": {"f": "Missing Sans"}}]}}"#)
            case 9: fields.append(#""ty": 4, "ks": {}, "tt": 3, "bm": 2, "sr": 2, "ef": [{"ty": 5}]"#)
            default: fields.append(#""ty": 4"#)  // no ks
            }
            // The last two layers parent each other: one loop, named by the two inds.
            if index >= count - 2 { fields.append(#""parent": \#(index == count - 1 ? count - 1 : count)"#) }
            layers.append("{" + fields.joined(separator: ", ") + "}")
        }
        let precompLayers = (0..<Self.precompLayers).map { #"{"ty": 3, "ind": \#($0 + 1), "ip": 0, "op": 60, "st": 0, "ks": {}}"# }
        let text =
            #"{"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "assets": [{"id": "p", "layers": ["#
            + precompLayers.joined(separator: ", ") + #"]}], "layers": ["# + layers.joined(separator: ",\n") + "]}"
        return Array(text.utf8)
    }

    /// Layers in the precomposition every other `ty` 0 layer of `animation` uses.
    static let precompLayers = 60

    static func walk(_ bytes: [UInt8], apartFrom threshold: Int) throws -> LottieWalk {
        let walk = LottieWalk(json: try CompactJSON(bytes: bytes), file: "many.json", profile: .ios)
        walk.layersCheckedApart = threshold
        walk.run(bytes: bytes.count)
        return walk
    }

    static func described(_ walk: LottieWalk) -> [String] {
        walk.findings.map { "\($0.severity) \($0.code) \($0.location.path ?? "") \($0.message)" }
            + walk.unsupported.sorted { $0.key < $1.key }.map { "unsupported \($0.key) \($0.value.first) \($0.value.count)" }
            + walk.rlottieGaps.sorted { $0.key < $1.key }.map { "gap \($0.key) \($0.value)" }
            + ["legacy \(walk.legacyProperties) \(walk.firstLegacyPath ?? "-") stroke \(walk.reportedStroke)"]
    }

    @Test("2,000 to 9,000 layers: the same findings in the same order, counts and first places as one walk")
    func sameAsOneWalk() throws {
        for count in [2_000, 2_001, 4_999, 9_000] {
            let bytes = Self.animation(layers: count)
            let shared = Self.described(try Self.walk(bytes, apartFrom: 2_000))
            let single = Self.described(try Self.walk(bytes, apartFrom: .max))
            #expect(shared == single, "\(count) layers")
            #expect(single.count > count / 2, "the animation has findings throughout (\(single.count))")
            #expect(single.filter { $0.contains(LottieFindings.strokeWidth.code) }.count == 1, "the stroke is said once")
            // Every layer once, and the precomposition's layers once for each layer that uses it.
            let instances = count + (0..<count).filter { $0 % 11 == 5 && $0 % 2 == 0 }.count * Self.precompLayers
            #expect(
                single.contains { $0.contains(LottieFindings.layersInstances.code) && $0.contains("make \(instances) layer instances") })
            #expect(
                single.contains {
                    $0.contains(LottieFindings.layerParentCycle.code) && $0.contains("(ind \(count - 1) → \(count) → \(count - 1))")
                })
        }
    }
}
