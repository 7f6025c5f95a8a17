import DotsSSOBasics
import Foundation
import Testing

@testable import DotsSSOCore
@testable import DotsSSOPictures

@Suite("pictures: what rlottie is given, pass field text")
struct PictureUnitTests {
    @Test("a shape whose \"ty\" is not first is rewritten with it first, every value kept; a document in order is untouched")
    func typeKeyFirst() throws {
        let sorted =
            #"{"layers":[{"shapes":[{"it":[{"d":1,"s":{"a":0,"k":[4,4]},"ty":"rc"}],"nm":"g \"x\"","ty":"gr"}],"ty":4}],"v":"5.7.4"}"#
        let rewritten = String(decoding: RlottieInput.prepared(Array(sorted.utf8)), as: UTF8.self)
        #expect(
            rewritten
                == #"{"layers":[{"shapes":[{"ty":"gr","it":[{"ty":"rc","d":1,"s":{"a":0,"k":[4,4]}}],"nm":"g \"x\""}],"ty":4}],"v":"5.7.4"}"#
        )
        let before = try JSONSerialization.jsonObject(with: Data(sorted.utf8)) as? NSDictionary
        let after = try JSONSerialization.jsonObject(with: Data(rewritten.utf8)) as? NSDictionary
        #expect(before == after, "the same document, keys reordered")
        let ordered = Array(#"{"layers":[{"ty":4,"shapes":[{"ty":"gr","it":[]}]}]}"#.utf8)
        #expect(RlottieInput.prepared(ordered) == ordered)
        let broken = Array("{\"ty\":".utf8)
        #expect(RlottieInput.prepared(broken) == broken, "not JSON: left for the validator to report")
    }

    @Test("labels and values come from the chosen .lproj; dates and numbers are formatted in its language")
    func fieldText() throws {
        let files = [
            "fr.lproj/pass.strings": Data("\"Level\" = \"Niveau\";\n\"Gold\" = \"Or\";\n".utf8),
            "en.lproj/pass.strings": Data("\"Level\" = \"Tier\";\n".utf8),
        ]
        let french = PassFieldText(files: files, language: "fr-FR")
        #expect(french.label(["label": .string("Level")]) == "Niveau", "fr-FR falls back to fr.lproj")
        #expect(french.value(["value": .string("Gold")]) == "Or")
        let english = PassFieldText(files: files, language: nil)
        #expect(english.label(["label": .string("Level")]) == "Tier", "en.lproj when no language is asked for")
        let date: [String: JSONValue] = [
            "value": .string("2026-12-01T19:30:00+01:00"), "dateStyle": .string("PKDateStyleMedium"),
            "timeStyle": .string("PKDateStyleShort"),
        ]
        #expect(english.value(date).contains("Dec 1, 2026") && english.value(date).contains("7:30"), "\(english.value(date))")
        #expect(french.value(date).contains("déc.") && french.value(date).contains("19:30"), "\(french.value(date))")
        #expect(english.value(["value": .string("2026-12-01T19:30:00+01:00")]) == "2026-12-01T19:30:00+01:00", "no style: as written")
        #expect(english.value(["value": .number(1250), "numberStyle": .string("PKNumberStyleDecimal")]) == "1,250")
        #expect(french.value(["value": .number(12.5), "currencyCode": .string("EUR")]).contains("12,50"))
        #expect(english.value(["value": .number(42)]) == "42")
    }

    @Test("pass colours: rgb() as Wallet reads it, #rrggbb as partners write it, anything else ignored")
    func passColours() {
        #expect(PictureColor(passColor: "rgb(255, 0, 51)") == PictureColor(red: 1, green: 0, blue: 0.2))
        #expect(PictureColor(passColor: "#FF0033") == PictureColor(red: 1, green: 0, blue: 0.2))
        #expect(PictureColor(passColor: "rgb(256, 0, 0)") == nil)
        #expect(PictureColor(passColor: "red") == nil)
    }
}
