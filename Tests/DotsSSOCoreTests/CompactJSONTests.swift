import DotsSSOBasics
import DotsSSOCore
import DotsSSOFuzzTargets
import Foundation
import Testing

@Suite("compact JSON parser")
struct CompactJSONTests {
    func parse(_ text: String) throws -> CompactJSON { try CompactJSON(Data(text.utf8)) }

    @Test("values, members and escapes read back")
    func values() throws {
        let json = try parse(#"{"a": [1, -2.5e2, true, null, "x\"\u00e9\ud83d\ude00"], "b": {}, "a2": []}"#)
        let array = try #require(json.member(json.root, "a"))
        let items = Array(json.elements(array))
        #expect(items.count == 5)
        #expect(json.number(items[0]) == 1)
        #expect(json.number(items[1]) == -250)
        #expect(json.bool(items[2]) == true)
        #expect(json.kind(items[3]) == .null)
        #expect(json.string(items[4]) == "x\"é😀")
        #expect(json.count(json.member(json.root, "b")!) == 0)
        #expect(json.count(json.member(json.root, "a2")!) == 0)
        #expect(json.member(json.root, "zz") == nil)
    }

    @Test("several keys looked up in one pass agree with member: absent, escaped, sharing a first byte, repeated (the last wins)")
    func severalMembers() throws {
        for text in [
            #"{"ty": 4, "ip": 0, "\u0073t": 2, "ks": {"o": 1}, "op": [1]}"#, #"{"ty": 4, "ty": 5, "ks": 1, "ks": {"x": 2}}"#, "{}",
            "[1, 2]", #"{"s": 1, "sr": 2, "str": 3, "": 4, "\u0073": 5, "t\u0079": 6, "\\": 7, "sy": [], "sx": 8}"#,
        ] {
            let json = try parse(text)
            let keys: [StaticString] = ["ty", "ip", "op", "st", "ks", "parent", "s", "sr", "sy", "t", "a", "b", "c", "d", "e", "f"]
            let found = json.members(json.root, CompactJSON.KeySet(keys))
            #expect(keys.indices.map { found[$0] } == keys.map { json.member(json.root, $0) }, "\(text)")
        }
        let json = try parse(#"{"ty": 4, "ty": 5}"#)
        #expect(json.members(json.root, CompactJSON.KeySet(["ty"]))[0].flatMap { json.number($0) } == 5)
        // Keys of 8 bytes and over (compared byte by byte, not packed), and keys a byte longer or shorter than them.
        let long = try parse(
            #"{"masksProperties": 1, "masksPropertie": 2, "abcdefgh": 3, "abcdefghi": 4, "abcdefg": 5, "m\u0061sksProperties": 6}"#)
        let longKeys: [StaticString] = ["masksProperties", "abcdefgh", "abcdefghi", "abcdefg", "masksPropertiesX"]
        let found = long.members(long.root, CompactJSON.KeySet(longKeys))
        #expect(longKeys.indices.map { found[$0].flatMap(long.number) } == [6, 3, 4, 5, nil])
    }

    @Test("loops over members and elements see what the iterators see, in order, and nothing of another kind")
    func childLoops() throws {
        let json = try parse(#"{"a": [1, {"b": 2}, [3], "x"], "c": {}, "d": [], "e": {"f": null}}"#)
        var members: [Int32] = []
        json.forEachMember(json.root) { key, value in members += [key, value] }
        #expect(members == json.members(json.root).flatMap { [$0.key, $0.value] })
        for node in json.allValues {
            var elements: [Int32] = []
            var positions: [Int] = []
            json.forEachElement(node) { position, element in
                positions.append(position)
                elements.append(element)
            }
            #expect(elements == Array(json.elements(node)) && positions == Array(elements.indices), "at \(json.path(to: node))")
            var count = 0
            json.forEachMember(node) { _, _ in count += 1 }
            #expect(count == (json.kind(node) == .object ? json.count(node) : 0), "at \(json.path(to: node))")
        }
    }

    @Test("documents of little but containers fill the room the parse reserves for them, whole and in halves")
    func denseContainers() throws {
        // 3 bytes a container, and 6-byte points: the lists are written through pointers into room reserved once.
        let dense = "[" + Array(repeating: "[]", count: 20_000).joined(separator: ",") + "]"
        let points = #"{"v":["# + Array(repeating: "[1,2]", count: 20_000).joined(separator: ",") + "]}"
        let broken = "[" + Array(repeating: "[]", count: 20_000).joined(separator: ",") + ",]"
        for text in [dense, points] {
            let json = try parse(text)
            let list = text.hasPrefix("[") ? json.root : try #require(json.member(json.root, "v"))
            #expect(json.count(list) == 20_000)
            #expect(Array(json.allContainers).count == 20_001 + (text.hasPrefix("[") ? 0 : 1))
            let bytes = Array(text.utf8)
            let checks = SplitParseCheck.agree(bytes, splitsAt: SplitParseCheck.commaSplits(bytes, count: 5))
            #expect(checks.allSatisfy { $0.agrees && $0.halved }, "\(checks)")
        }
        #expect(throws: CompactJSON.ParseError.self) { try parse(broken) }
        let error = try #require(throws: CompactJSON.ParseError.self) { try parse(broken) }
        #expect(error.message == "trailing comma before ']'" && error.offset == broken.utf8.count - 1)
    }

    @Test("a big document is searched for a string member in shares: found in either, spelled plainly or escaped, or not at all")
    func stringMemberSearchInShares() throws {
        // 17 MB: two shares of the search. The member sits early, late, across the middle, escaped, or nowhere.
        let filler = Array(repeating: #"{"a":1,"b":[1,2]}"#, count: 1_000_000).joined(separator: ",")
        func document(_ early: String, _ late: String) -> String { "[" + early + filler + late + "]" }
        let plainLate = try parse(document("", #",{"x": "time"}"#))
        let escapedLate = try parse(document("", #",{"x":"wiggle()"}"#))
        let plainEarly = try parse(document(#"{"x" :"time"},"#, ""))
        let numberOnly = try parse(document(#"{"x":1},"#, #",{"x":[2]}"#))
        #expect(plainLate.mayHaveStringMember("x") && escapedLate.mayHaveStringMember("x") && plainEarly.mayHaveStringMember("x"))
        #expect(!numberOnly.mayHaveStringMember("x"), "an \"x\" holding no string is no string member")
        #expect(!plainLate.mayHaveStringMember("y"))
    }

    @Test("short names: a string of up to 8 bytes packed, escapes decoded, anywhere up to the document's last byte")
    func shortNames() throws {
        let json = try parse(#"["gr", "g\u0072", "abcdefgh", "abcdefghi", "", 1, {}, "é", "gr\u0000"]"#)
        let items = Array(json.elements(json.root))
        let names = items.map(json.shortName)
        #expect(names[0] == CompactJSON.ShortName("gr") && names[1] == CompactJSON.ShortName("gr"))
        #expect(names[2] == CompactJSON.ShortName("abcdefgh") && names[3] == nil)
        #expect(names[4] == CompactJSON.ShortName(""), "the empty string is a name of its own")
        #expect(names[4] != CompactJSON.ShortName("a") && names[5] == nil && names[6] == nil)
        #expect(names[7] == CompactJSON.ShortName("é"))
        #expect(names[8] == nil, "a zero byte, escaped, would read as the padding: such a string has no short name")
        // The last string ends within 8 bytes of the end: read byte by byte, the same name.
        for text in [#""gr""#, #"{"ty":"gr"}"#, #"["abcdefgh"]"#] {
            let tail = try parse(text)
            let node = tail.kind(tail.root) == .string ? tail.root : tail.elements(tail.root).first ?? tail.member(tail.root, "ty")!
            #expect(
                tail.shortName(node) == (text.contains("abc") ? CompactJSON.ShortName("abcdefgh") : CompactJSON.ShortName("gr")), "\(text)")
        }
    }

    @Test("a container's kind, read from its node, is its bracket's; counts, first elements and finite numbers read back")
    func containerKinds() throws {
        let text = #"{"a": [{}, [], {"b": [[1], {"c": null}]}], "d": {"e": [1.5e300, -0.5, "s"]}, "f": []}"#
        let json = try parse(text)
        var objects = 0
        var arrays = 0
        for node in json.allValues where json.isContainer(node) {
            let bracket = Array(text.utf8)[json.offset(node)]
            #expect(json.kind(node) == (bracket == UInt8(ascii: "{") ? .object : .array), "at \(json.path(to: node))")
            if json.kind(node) == .object { objects += 1 } else { arrays += 1 }
        }
        #expect(objects == 5 && arrays == 6)
        #expect(json.allContainers.map { json.kind($0) } == json.allValues.filter(json.isContainer).map { json.kind($0) })
        let e = try #require(json.member(json.root, "d").flatMap { json.member($0, "e") })
        let f = try #require(json.member(json.root, "f"))
        #expect(json.count(e) == 3 && json.count(json.root) == 3 && json.count(f) == 0)
        #expect(json.finiteNumber(json.firstElement(e)) == 1.5e300)
        #expect(json.finiteNumber(json.member(json.root, "d")) == nil, "an object is no number")
        #expect(json.finiteNumber(Array(json.elements(e))[1]) == -0.5)
        #expect(json.firstElement(f) == nil)
        #expect(json.firstElement(json.root) == nil, "an object has no first element")
        #expect(json.string(Array(json.elements(e))[2]) == "s")
    }

    @Test("two halves at once agree with one pass at every split: the same containers, or the same error, or one pass")
    func halves() throws {
        let plain = [
            #"{"v":"5","layers":[{"a":1,"b":[1,2,{"c":"x,{y"}]},{"a":2},[3,4]],"z":{"k":[{"q":1},{"q":2}]}}"#,
            "[ {\"a\" : 1} ,\n {\"b\": [ 1 , 2.5e3 , true, null ] } ,{}, [] ]",
            #"{"s":"a,{\"b\":[1,{","t":[{"u":"\u0041"},{"w":[[],{}]}],"x":false}"#,
        ]
        let broken = [
            #"{"a":[{"b":1},{"c":2}"#, #"[{"a":1},{"b":2},]"#, #"[1,{"a":2}] x"#, #"[{"a":1},{"b":2}}"#, #"[{"a":1},{"b":2}],"#,
            #"{"a":[1,2],"b":{"c":[3,{"d":4}]}]"#, #"[{"a":1},{"b":"\x"}]"#, #"[{"a":1},{"b":01}]"#,
        ]
        // A key repeated within one half, or across the split: one pass lists repeats, in its order.
        let repeated = [#"{"a":1,"b":[{"x":1},{"y":2}],"a":3}"#, #"{"a":1,"l":[{},{}],"\u0061":2}"#, #"[{"x":1,"x":2},{"y":1}]"#]
        // Nesting at the limit (512) and one past it, split inside the deepest lists.
        let deep = [510, 511].map { String(repeating: "[", count: $0) + "1,[2],{\"k\":[3]}" + String(repeating: "]", count: $0) }
        for text in plain + broken + repeated + deep {
            let bytes = Array(text.utf8)
            var halved = 0
            let splits = Array(1..<bytes.count)
            for (split, check) in zip(splits, SplitParseCheck.agree(bytes, splitsAt: splits)) {
                #expect(check.agrees, "\(text) split at \(split)")
                if check.halved { halved += 1 }
            }
            if plain.contains(text) || text == deep[0] {
                #expect(halved > 0, "\(text): some comma splits it")
            } else {
                #expect(halved == 0, "\(text): a broken document or a repeated key is parsed whole")
            }
        }
    }

    @Test("a document of 16 MiB or more is parsed in two halves by default, with the same result as one pass")
    func halvesByDefault() throws {
        let layer = #"{"ty":4,"ks":{"o":{"a":0,"k":100},"p":{"a":0,"k":[1.5,-2,0]}},"nm":"a, {b}","shapes":[{"ty":"gr","it":[]}]}"#
        let text = #"{"v":"5.7.4","layers":["# + Array(repeating: layer, count: 160_000).joined(separator: ",") + "]}"
        let bytes = Array(text.utf8)
        #expect(bytes.count >= 16 << 20)
        let automatic = try CompactJSONParser.parse(bytes, splitAt: nil)
        let whole = try CompactJSONParser.parse(bytes, splitAt: bytes.count)
        #expect(automatic.halved && !whole.halved)
        #expect(automatic.parsed == whole.parsed)
        #expect(automatic.parsed.starts.count == 2 + 160_000 * 8)
    }

    @Test("the quick search for a string member never misses one: plain, spaced and \\u-escaped keys")
    func stringMemberSearch() throws {
        let cases: [(String, Bool)] = [
            (#"{"a":{"x":"wiggle()"}}"#, true),
            (#"{"a":{"x" :  "time"}}"#, true),
            (#"{"a":{"\u0078":"time"}}"#, true),
            (#"{"a":{"x":[0.5,0.5],"y":1}}"#, false),
            (#"{"a":"x","b":["x"],"xx":"s","ax":"s"}"#, false),
            (#"{"k":"\"x\": \"y\"","z":"\\x"}"#, false),
            (#"{"k":"\"x\":\"y\""}"#, false),
            ("{\"x\"\n:\n\"t\"}", true),
        ]
        for (text, expected) in cases {
            let json = try parse(text)
            #expect(json.mayHaveStringMember("x") == expected, "\(text)")
            // Whatever the answer, a false one means no object has a string "x".
            if !json.mayHaveStringMember("x") {
                #expect(!json.allContainers.contains { json.member($0, "x").map { json.kind($0) == .string } == true }, "\(text)")
            }
        }
    }

    @Test("duplicate keys are found in small and large objects, escaped spellings included, with their JSON path")
    func duplicateKeys() throws {
        let big = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let json = try CompactJSON(
            Data(
                #"{"a":1,"layers":[{"ind":1,"ty":4,"ind":2}],"big":{\#(big),"k7":0},"e":{"x":1,"\u0078":2},"ok":{"a":1,"b":2},"near":{"abcdefgX":1,"abcdefgY":2}}"#
                    .utf8))
        #expect(json.duplicateKeyCount == 3)
        #expect(json.duplicateKeys.map { json.path(to: $0) } == ["$.layers[0].ind", "$.big.k7", #"$.e.x"#])
        let code = FindingCode("x.duplicate-key", .warning, source: "RFC 8259 §4", "A key appears twice in one object.")
        let findings = json.duplicateKeyFindings(code, file: "f.json", consequence: "keep one")
        #expect(findings.first?.message == "the key \"ind\" appears more than once in one object (again at line 1, column 34): keep one")
        #expect(try CompactJSON(Data(#"{"a":{"a":{"a":1}}}"#.utf8)).duplicateKeyCount == 0, "the same name at different depths is fine")
        // Keys alike in their first seven bytes and length are told apart byte by byte ("near" above is no repeat).
        #expect(try CompactJSON(Data(#"{"abcdefgX":1,"abcdefgX":2}"#.utf8)).duplicateKeyCount == 1)
    }

    @Test(
        "errors carry line and column",
        arguments: [
            ("{\n  \"a\": 1,\n}", 3, 1, "trailing comma"),
            ("[1, 2", 1, 6, "truncated"),
            ("{\"a\" 1}", 1, 6, "':'"),
            ("[1] x", 1, 5, "after the JSON value"),
            ("[01]", 1, 3, "expected"),
            ("[\"a\u{01}\"]", 1, 4, "control character"),
            ("", 1, 1, "empty"),
        ])
    func errors(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try parse(text)
            Issue.record("parsed \(text)")
        } catch let error as CompactJSON.ParseError {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("hostile inputs: 300,000 levels of nesting, huge numbers, invalid UTF-8 fail cleanly")
    func hostile() {
        let deep = Data((String(repeating: "[", count: 300_000) + String(repeating: "]", count: 300_000)).utf8)
        #expect(throws: CompactJSON.ParseError.self) { try CompactJSON(deep) }
        #expect(throws: CompactJSON.ParseError.self) { try CompactJSON(Data("[1e999]".utf8)) }
        #expect(throws: CompactJSON.ParseError.self) { try CompactJSON(Data([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])) }
        #expect(throws: CompactJSON.ParseError.self) { try CompactJSON(Data([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D])) }
        #expect((try? CompactJSON(Data("[123456789012345678901234567890]".utf8))) != nil)
    }

    @Test("numbers read back correctly rounded, as Foundation's decoder reads them (0.3 is 0.3, not 0.30000000000000004)")
    func correctlyRounded() throws {
        let texts = [
            "0.3", "1.1", "29.97", "0.1", "-0.7", "123456.789", "1e-7", "2.5E+3", "0.00000000000000000000123", "12345678901234567890",
            "3.141592653589793238", "1.7976931348623157e308", "5e-324", "9007199254740993", "0.1e22", "100e-22", "-0",
        ]
        let json = try parse("[" + texts.joined(separator: ",") + "]")
        let read = json.elements(json.root).map { json.number($0) }
        let decoded = try JSONDecoder().decode([Double].self, from: Data(("[" + texts.joined(separator: ",") + "]").utf8))
        for (index, text) in texts.enumerated() {
            #expect(
                read[index]?.bitPattern == decoded[index].bitPattern, "\(text): \(String(describing: read[index])) vs \(decoded[index])")
        }
    }

    @Test(
        "numbers near the edge of Double: the parse's quick check and the reader agree",
        arguments: [
            ("1e308", true), ("2e308", false), ("1.7976931348623157e308", true), ("1.8e308", false), ("0.0001e400", false),
            ("0.0001e311", true), ("-1e309", false), ("1e-400", true), ("1" + String(repeating: "0", count: 300), true),
            ("1" + String(repeating: "0", count: 310), false), ("12345678901234567890123e287", false),
            ("12345678901234567890123e286", true),
        ])
    func edgeNumbers(text: String, valid: Bool) throws {
        let parsed = try? parse("[\(text)]")
        #expect((parsed != nil) == valid, "\(text)")
        if let parsed, let element = parsed.elements(parsed.root).first {
            #expect(parsed.number(element)?.isFinite == true)
            #expect(parsed.number(element) == Double(text) || abs(parsed.number(element)! / Double(text)! - 1) < 1e-12, "\(text)")
        }
    }
}
