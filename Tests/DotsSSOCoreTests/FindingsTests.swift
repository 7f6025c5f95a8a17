import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

@Suite("Findings")
struct FindingsTests {
    let findings = [
        Finding(.info, "x.info", "note"),
        Finding(.warning, "x.warn", at: FindingLocation(file: "a.json", path: "$.v"), "soft"),
        Finding(.error, "x.err", "hard"),
    ]

    @Test("errors fail; warnings fail only under --strict")
    func verdict() {
        #expect(FindingSummary(findings).failed(strict: false))
        let soft = findings.filter { $0.severity != .error }
        #expect(!FindingSummary(soft).failed(strict: false))
        #expect(FindingSummary(soft).failed(strict: true))
        #expect(FindingSummary(soft.promotingWarnings(true)).errors == 1)
        #expect(!FindingSummary([]).failed(strict: true))
    }

    @Test("most severe first, stable among equals")
    func ordering() {
        #expect(findings.sortedBySeverity().map(\.code) == ["x.err", "x.warn", "x.info"])
    }

    @Test("JSON shape is severity, code, location, message")
    func json() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(findings[1]), as: UTF8.self)
        #expect(text == #"{"code":"x.warn","location":{"file":"a.json","path":"$.v"},"message":"soft","severity":"warning"}"#)
    }
}
