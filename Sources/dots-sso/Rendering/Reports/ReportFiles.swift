import DotsSSOBasics
import DotsSSOCore
import Foundation

/// Writes a run's CI reports where its flags say: JUnit (merged into an earlier dots-sso report in the same file),
/// SARIF and GitLab Code Quality (each the whole run). `--junit -` goes to stdout (the console moved the command's
/// own output to stderr).
struct ReportFiles {
    var junit: String?
    var sarif: String?
    var codeQuality: String?
    var strict: Bool

    var isEmpty: Bool { junit == nil && sarif == nil && codeQuality == nil }

    func write(_ suite: ReportSuite, console: Console) throws {
        if let junit {
            if let stdout = console.reportOutput {
                stdout.write(JUnitReport.document(suite, strict: strict, existing: nil))
            } else {
                let xml = JUnitReport.document(suite, strict: strict, existing: Self.earlierReport(at: junit))
                try Self.save(Data(xml.utf8), to: junit, what: "the JUnit report")
            }
        }
        if let sarif { try Self.save(try SARIFReport.render(suite, strict: strict), to: sarif, what: "the SARIF report") }
        if let codeQuality {
            try Self.save(try CodeQualityReport.render(suite, strict: strict), to: codeQuality, what: "the Code Quality report")
        }
    }

    /// The text of an earlier report to merge into: only a regular file (reading a FIFO would wait for a writer for
    /// ever) of a sane size.
    static func earlierReport(at path: String) -> String? {
        guard let status = FileStatus(path, followingLinks: false), status.isRegular,
            case .contents(let data)? = try? InputFile.read(path, limit: 64 * 1_048_576)
        else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// `--junit reports/acme.xml` in a fresh CI checkout: the folder is made, as the CI examples expect.
    static func save(_ data: Data, to path: String, what: String) throws {
        try AtomicFile.saveOutput(data, to: path, what: what, creatingFolder: true)
    }
}
