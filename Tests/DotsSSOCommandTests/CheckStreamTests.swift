import DotsSSOBasics
import DotsSSOCore
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCLI

/// `check` on a terminal: results stream in the fixed order while a spinner line on stderr says which checks are
/// still running; the spinner is cleared before any result line and at the end, so nothing is left half-drawn.
@Suite("check's progress on a terminal")
struct CheckStreamTests {
    static let clear = "\r\u{1B}[K"

    @Test("the spinner names the checks still running, is redrawn in place, and is gone before results and at the end")
    func spinner() async throws {
        let t = TestContext()
        var context = t.context
        let terminal = BufferedOutput(isTerminal: true)
        context.stderr = terminal
        let stream = CheckStream(console: Console(context), channel: "acme")
        let names = ["channel", "discovery", "tls"]
        stream.receive(.started(names))
        // The second check ends before the first: its line waits, and the spinner lists the two still running.
        stream.receive(.finished(CheckOutcome(name: "discovery", status: .pass, durationMs: 5, findings: [])))
        try await Self.waitFor { terminal.text.contains("running: channel, tls") }
        #expect(!t.stdout.text.contains("discovery"), "a later check's line is held until the earlier ones end")
        stream.receive(.finished(CheckOutcome(name: "channel", status: .pass, durationMs: 5, findings: [])))
        try await Self.waitFor { terminal.text.contains("running: tls") }
        let stdout = t.stdout.text
        let channelLine = try #require(stdout.range(of: "channel"), "\(stdout)")
        let discoveryLine = try #require(stdout.range(of: "discovery"), "\(stdout)")
        #expect(channelLine.lowerBound < discoveryLine.lowerBound, "results keep the fixed order")
        // Each redraw starts by returning to the line's start and erasing it: one line, drawn over in place.
        let drawn = terminal.text.components(separatedBy: Self.clear).filter { !$0.isEmpty }
        #expect(drawn.count >= 2)
        #expect(drawn.allSatisfy { !$0.contains("\n") && $0.contains("running: ") }, "\(drawn)")

        let outcomes = names.map { CheckOutcome(name: $0, status: .pass, durationMs: 5, findings: []) }
        stream.finish(CheckReport(channel: "acme", checks: outcomes, durationMs: 15))
        #expect(terminal.text.hasSuffix(Self.clear), "the spinner is erased when the run ends: \(terminal.text.debugDescription)")
        #expect(t.stdout.text.components(separatedBy: "\n").filter { $0.contains("tls") }.count == 1)
        #expect(!t.stdout.text.contains("running:"), "the spinner never reaches stdout")
    }

    @Test("no spinner when stderr is not a terminal, or under --quiet")
    func noSpinner() async throws {
        for (terminal, quiet) in [(false, false), (true, true)] {
            let t = TestContext()
            var context = t.context
            let stderr = BufferedOutput(isTerminal: terminal)
            context.stderr = stderr
            context.quiet = quiet
            let stream = CheckStream(console: Console(context), channel: "acme")
            stream.receive(.started(["channel", "tls"]))
            try await Task.sleep(nanoseconds: 400_000_000)
            stream.finish(
                CheckReport(
                    channel: "acme", checks: ["channel", "tls"].map { CheckOutcome(name: $0, status: .pass, durationMs: 1, findings: []) },
                    durationMs: 2))
            #expect(stderr.text.isEmpty, "terminal \(terminal), quiet \(quiet): \(stderr.text.debugDescription)")
            #expect(t.stdout.text.contains("tls"))
        }
    }

    static func waitFor(_ condition: () -> Bool) async throws {
        let deadline = Deadline(seconds: 10)
        while !condition() {
            guard !deadline.hasPassed else { throw CancellationError() }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }
}
