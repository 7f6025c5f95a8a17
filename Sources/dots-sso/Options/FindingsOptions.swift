import ArgumentParser
import DotsSSOCore
import Foundation

/// Flags of every command that reports findings, and the one place findings are emitted.
struct FindingsOptions: ParsableArguments {
    @Flag(name: .long, help: "Treat warnings as errors (exit 1 when any warning is found).")
    var strict = false

    @Option(name: .long, help: ArgumentHelp("Also write the findings as JUnit XML to this file.", valueName: "path"))
    var junit: String?

    /// Writes the side reports (JUnit file, GitHub annotations) and returns whether the check failed.
    func emitSideReports(_ findings: [Finding], suite: String, console: Console) throws -> Bool {
        if let junit {
            let xml = JUnitReport.render(findings, suite: suite, strict: strict)
            do {
                try AtomicFile.write(Data(xml.utf8), to: URL(fileURLWithPath: junit), permissions: 0o644)
            } catch {
                throw InputError.unreadable(path: junit, reason: "cannot write the JUnit report there")
            }
        }
        if console.environment["GITHUB_ACTIONS"] == "true" {
            // Workflow commands are read from the job log; stderr keeps stdout clean for --json.
            GitHubAnnotations.render(findings, strict: strict).forEach(console.err)
        }
        return FindingSummary(findings).failed(strict: strict)
    }
}
