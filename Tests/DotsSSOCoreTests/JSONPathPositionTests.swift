import DotsSSOBasics
import Foundation
import Testing

/// A finding's JSON path turned into the line and column a CI report points at.
@Suite("JSON paths to lines and columns")
struct JSONPathPositionTests {
    typealias Position = JSONPathPosition.Position

    static let channel = """
        {
          "name": "acme",
          "note": "a string with ] and } and \\" in it, and a key-like \\"issuer\\": here",
          "issuer": "https://idp.acme.example",
          "containers": [
            {"name": "news", "url": "https://acme.example/news"},
            {
              "name": "événements",
              "url": "http://acme.example/events"
            }
          ],
          "é": {"deep": [[1, 2], [3, {"x": true}]]}
        }
        """

    @Test("keys point at the key, elements at their first byte, $ at the document; strings holding brackets do not mislead")
    func positions() {
        let found = JSONPathPosition.locate(
            ["$", "$.issuer", "$.containers[0]", "$.containers[1].url", "$.é.deep[1][1].x"], in: Data(Self.channel.utf8))
        #expect(found["$"] == Position(line: 1, column: 1))
        #expect(found["$.issuer"] == Position(line: 4, column: 3), "not the look-alike inside the note string")
        #expect(found["$.containers[0]"] == Position(line: 6, column: 5))
        #expect(found["$.containers[1].url"] == Position(line: 9, column: 7))
        // Columns count characters: "é" is one column though two bytes.
        #expect(found["$.é.deep[1][1].x"] == Position(line: 12, column: 31))
    }

    @Test("a path the file lacks points at its deepest ancestor it has (a missing value at its field)")
    func missingPointsAtAncestor() {
        let found = JSONPathPosition.locate(["$.containers[1].token", "$.containers[7]", "$.nothing.here"], in: Data(Self.channel.utf8))
        #expect(found["$.containers[1].token"] == Position(line: 7, column: 5))
        #expect(found["$.containers[7]"] == Position(line: 5, column: 3), "the array's key")
        #expect(found["$.nothing.here"] == Position(line: 1, column: 1))
    }

    @Test("paths not of the $ form, text that is not JSON, and nesting past the limit are left out, never a crash")
    func hostile() {
        #expect(JSONPathPosition.locate(["icon.png", "$.a[", "$..b", "$[x]"], in: Data(Self.channel.utf8)).isEmpty)
        #expect(JSONPathPosition.locate(["$.a"], in: Data()).isEmpty)
        let broken = JSONPathPosition.locate(["$.a.b"], in: Data(#"{"a": {"b" 1, ]]]}"#.utf8))
        #expect(broken["$.a.b"] == Position(line: 1, column: 8), "the key was seen before the JSON broke")
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        let path = "$" + String(repeating: "[0]", count: 300)
        let nested = JSONPathPosition.locate([path], in: deep)
        #expect(nested[path].map { $0.line == 1 && $0.column <= JSONPathPosition.maxDepth + 1 } == true, "\(nested)")
    }
}
