import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

/// A number from a file or a server must never trap: `Int(_: Double)` does on NaN, infinity and out-of-range
/// values (a layer `"ty": 1e308` ended `bodymovin validate` with SIGILL). Conversions go through `Int(checked:)`,
/// `Int(clamping:to:)` or `Int(exactly:)`.
@Suite("numbers from outside never trap")
struct NumberConversionTests {
    @Test(
        "Int(checked:) and Int(clamping:to:) are total",
        arguments: [
            (1e308, nil, 100), (-1e308, nil, 0), (Double.nan, nil, 0), (Double.infinity, nil, 100), (42.6, 42, 42), (-0.4, 0, 0),
        ] as [(Double, Int?, Int)])
    func total(value: Double, checked: Int?, clamped: Int) {
        #expect(Int(checked: value) == checked)
        #expect(Int(clamping: value, to: 0...100) == clamped)
    }

    /// The sources, from this file's place in the package.
    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
    }

    @Test("no source converts a floating-point expression to an integer unchecked")
    func noUncheckedConversions() async throws {
        // Scanned on a thread of its own: matching this pattern against every line of the sources takes seconds, which
        // would hold one of the two cooperative threads every other test's in-process run waits for.
        let offenders = try await DetachedThread.run { try Self.uncheckedConversions() }
        #expect(
            offenders.isEmpty,
            "convert with Int(checked:), Int(clamping:to:) or Int(exactly:), or say why it is bounded (// bounded: …):\n\(offenders.joined(separator: "\n"))"
        )
    }

    /// Each line that converts floating-point arithmetic or rounding to an integer unchecked (the shape that traps),
    /// as "File.swift:line: text".
    static func uncheckedConversions() throws -> [String] {
        let conversion = try Regex(
            #"\b(Int|Int8|Int16|Int32|Int64|UInt|UInt8|UInt16|UInt32|UInt64|time_t)\((?!exactly:|checked:|clamping:)[^()]*(\([^()]*\)[^()]*)*(\.rounded|Double\(|TimeInterval\(| \* | / )"#
        )
        var offenders: [String] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where line.contains(conversion) && !line.contains("// bounded:") {
                offenders.append("\(url.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return offenders
    }

    @Test("no source reads the wall clock but WallClock: times come from the context's clock, waits and durations from the monotonic one")
    func oneClock() throws {
        var offenders: [String] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift", url.lastPathComponent != "WallClock.swift" else { continue }
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated()
            where line.contains("Date()") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                offenders.append("\(url.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(
            offenders.isEmpty,
            "use ctx.clock.now() for a time, Deadline or Stopwatch for a wait or a duration:\n\(offenders.joined(separator: "\n"))")
    }

    @Test("no source reads the process's stdin but StandardInput and the live context: '-' reads what the context gives")
    func oneStdin() throws {
        var offenders: [String] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        let allowed = ["StandardInput.swift", "CommandContext.swift"]
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift", !allowed.contains(url.lastPathComponent) else { continue }
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated()
            where ["FileHandle.standardInput", "Swift.readLine", "STDIN_FILENO", "isatty(0)"].contains(where: line.contains)
                && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
            {
                offenders.append("\(url.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "read stdin through the context (ctx.stdin, ctx.readLine):\n\(offenders.joined(separator: "\n"))")
    }
}
