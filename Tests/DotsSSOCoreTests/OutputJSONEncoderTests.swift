import DotsSSOBasics
import Foundation
import TestSupport
import Testing

/// Every `--json` document is written by OutputJSONEncoder; scripts diff and parse them, so it must write exactly
/// what Foundation's JSONEncoder wrote before it, for every kind of value and every way an encodable uses containers.
@Suite("OutputJSONEncoder writes what Foundation's JSONEncoder writes")
struct OutputJSONEncoderTests {
    static let foundation: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISOTimestamp.string(date))
        }
        return encoder
    }()

    static func expectSame(_ value: some Encodable, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ours = String(decoding: try OutputJSONEncoder().encode(value), as: UTF8.self)
        let theirs = String(decoding: try foundation.encode(value), as: UTF8.self)
        #expect(ours == theirs, sourceLocation: sourceLocation)
    }

    struct Scalars: Encodable {
        var text = "plain"
        var escaped = "quote \" backslash \\ slash / tab \t newline \n return \r bell \u{07} unit \u{1F} del \u{7F} é 😀 \u{08}\u{0C}"
        var int = -42
        var int8: Int8 = -8
        var int16: Int16 = 16
        var int32: Int32 = -32
        var int64 = Int64.min
        var uint = UInt.max
        var uint8: UInt8 = 255
        var uint16: UInt16 = 16
        var uint32: UInt32 = 32
        var uint64 = UInt64.max
        var yes = true
        var no = false
        var doubles: [Double] = [
            0, -0.0, 1, 0.1, 1.5, -2.25, 1e20, 1e-7, 123_456_789.123, 1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 100,
        ]
        var float: Float = 0.3
        var whole: Float = 2
        var date = Date(timeIntervalSince1970: 1_764_547_200.5)
        var url = URL(string: "https://example.com/a/b?c=d#e")!
        var data = Data([0, 1, 2, 250, 251, 255])
        var missing: String? = nil
        var present: Int? = 7
        var optionalDate: Date? = Date(timeIntervalSince1970: 0)
    }

    @Test("every scalar type, escapes, numbers at their limits, dates, URLs and data")
    func scalars() throws {
        try Self.expectSame(Scalars())
        for top: Double in [3, 0.5, -1e-300] { try Self.expectSame(top) }
        try Self.expectSame("top-level / string")
        try Self.expectSame(true)
        try Self.expectSame(Optional<Int>.none)
    }

    struct Empty: Encodable {}
    struct NothingAtAll: Encodable { func encode(to encoder: any Encoder) throws {} }
    struct Nested: Encodable {
        var empty = Empty()
        var nothing = NothingAtAll()
        var emptyArray: [Int] = []
        var emptyObject: [String: Int] = [:]
        var arrays: [[Int]] = [[1, 2], [], [3]]
        var objects: [[String: String]] = [["b": "1", "a": "2"], [:]]
        var keys: [String: Int] = ["b": 1, "a": 2, "B": 3, "é": 4, "aa": 5, "": 6, "a b": 7, "Z": 8, "_": 9, "10": 10, "9": 11]
        var intKeys: [Int: String] = [10: "ten", 9: "nine", -1: "minus one"]
        var values: [JSONValue] = [.null, .bool(true), .number(1.5), .number(3), .string("x"), .array([]), .object(["k": .array([.null])])]
    }

    @Test("empty and nested containers, dictionaries sorted by UTF-8 bytes, JSON values")
    func containers() throws {
        try Self.expectSame(Nested())
        try Self.expectSame([Nested(), Nested()])
        try Self.expectSame([String: Nested]())
    }

    /// The ways our own outputs use containers: a body's keys and then more keys on the same encoder
    /// (FindingsOutput), a key written twice, containers asked for again, super encoders.
    struct ContainerUse: Encodable {
        enum Key: String, CodingKey { case zeta, alpha, twice, nested, list, parent, other }
        struct Body: Encodable {
            enum Key: String, CodingKey { case body, zeta }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode("from the body", forKey: .body)
                try container.encode("overwritten", forKey: .zeta)
            }
        }
        struct Parent: Encodable {
            var inherited = 1
        }

        func encode(to encoder: any Encoder) throws {
            try Body().encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode("last", forKey: .zeta)
            try container.encode(1, forKey: .twice)
            try container.encode("two", forKey: .twice)
            var first = container.nestedContainer(keyedBy: Key.self, forKey: .nested)
            try first.encode(1, forKey: .alpha)
            var again = container.nestedContainer(keyedBy: Key.self, forKey: .nested)
            try again.encode(2, forKey: .zeta)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            var inner = list.nestedContainer(keyedBy: Key.self)
            try inner.encodeNil(forKey: .alpha)
            var innerList = list.nestedUnkeyedContainer()
            try innerList.encode("x")
            try list.encode(Parent())
            var listAgain = container.nestedUnkeyedContainer(forKey: .list)
            try listAgain.encode(2.5)
            try Parent().encode(to: container.superEncoder(forKey: .parent))
            try Parent().encode(to: container.superEncoder())
            try container.encodeIfPresent(Optional<String>.none, forKey: .other)
        }
    }

    @Test("keys written twice keep the last value; containers asked for again are the same; super encoders")
    func containerUse() throws {
        try Self.expectSame(ContainerUse())
    }

    struct NotANumber: Encodable { var value = Double.nan }
    struct Infinite: Encodable { var values: [Float] = [1, .infinity] }
    final class Deep: Encodable {
        var next: Deep?
        init(depth: Int) { next = depth > 0 ? Deep(depth: depth - 1) : nil }
    }

    @Test("NaN, infinity and 512 levels of nesting are refused, as Foundation refuses them; 511 levels are written")
    func refusals() throws {
        #expect(throws: EncodingError.self) { try OutputJSONEncoder().encode(NotANumber()) }
        #expect(throws: EncodingError.self) { try OutputJSONEncoder().encode(Infinite()) }
        #expect(throws: (any Error).self) { try Self.foundation.encode(NotANumber()) }
        for depth in [500, 510, 511, 600] {
            let ours = try? OutputJSONEncoder().encode(Deep(depth: depth))
            let theirs = try? Self.foundation.encode(Deep(depth: depth))
            #expect(ours == theirs, "\(depth + 1) levels")
            #expect((ours == nil) == (depth >= 511), "\(depth + 1) levels")
        }
    }
}

/// The reports of a big run are written on every core; the document must be the one a plain array gives.
@Suite("ConcurrentlyEncodedArray writes what a plain array writes")
struct ConcurrentlyEncodedArrayTests {
    struct Report: Encodable, Sendable {
        var index: Int
        var name: String
        var values: [Double]
        var nested: [String: [Int]]
        var empty: [String] = []
    }
    struct Document<Items: Encodable & Sendable>: Encodable, Sendable {
        var zeta = "after"
        var items: Items
        var alpha = 1
    }

    static func reports(_ count: Int) -> [Report] {
        (0..<count).map {
            Report(index: $0, name: "pass \($0) \"quoted\"\n", values: [Double($0) / 3, 1e20], nested: ["b": [$0], "a": []])
        }
    }

    @Test("0, 1, 63, 64, 65 and 1,000 elements, nested at depth 1 and 3: the same bytes as a plain array and as Foundation")
    func sameBytes() throws {
        for count in [0, 1, 63, 64, 65, 1_000] {
            let reports = Self.reports(count)
            let concurrent = try OutputJSONEncoder().encode(Document(items: ConcurrentlyEncodedArray(reports)))
            let plain = try OutputJSONEncoder().encode(Document(items: reports))
            #expect(concurrent == plain, "\(count) elements")
            #expect(concurrent == (try OutputJSONEncoderTests.foundation.encode(Document(items: reports))), "\(count) elements")
            let deeper = try OutputJSONEncoder().encode([["x": Document(items: ConcurrentlyEncodedArray(reports))]])
            #expect(deeper == (try OutputJSONEncoder().encode([["x": Document(items: reports)]])), "\(count) elements, deeper")
        }
    }

    @Test("a line in pieces for stdout is the document and a newline: the shares written where they lie, in order")
    func lineParts() throws {
        for count in [0, 63, 1_000] {
            let document = Document(items: ConcurrentlyEncodedArray(Self.reports(count)))
            let parts = try OutputJSONEncoder().encodeLineParts(document)
            #expect(Array(parts.joined()) == [UInt8](try OutputJSONEncoder().encode(document)) + [0x0A], "\(count) elements")
            // Below 64 elements one piece; from 64 the shares are pieces of their own, between the head and the tail.
            #expect(count < 64 ? parts.count == 1 : parts.count > 2, "\(count) elements: \(parts.count) pieces")
            // What a file descriptor is given in pieces is the same bytes, in order; a captured output joins them.
            let scratch = TemporaryDirectory("line-parts")
            let path = scratch.path("out.json")
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            try #require(descriptor >= 0)
            FileDescriptorOutput(descriptor: descriptor).write(parts: parts)
            close(descriptor)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(parts.joined()), "\(count) elements, written")
            let captured = BufferedOutput()
            captured.write(parts: parts)
            #expect(captured.text == String(decoding: Array(parts.joined()), as: UTF8.self))
        }
    }

    @Test("an element that cannot be encoded (NaN) fails the whole document, from whichever thread meets it")
    func failure() throws {
        var reports = Self.reports(500)
        reports[377].values = [.nan]
        #expect(throws: EncodingError.self) { try OutputJSONEncoder().encode(Document(items: ConcurrentlyEncodedArray(reports))) }
    }
}
