import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a run's CI reports where its flags say: JUnit (merged into an earlier dots-sso report in the same file),
/// SARIF and GitLab Code Quality (each the whole run). `--junit -` goes to stdout (the console moved the command's
/// own output to stderr).
struct ReportFiles {
    var junit: String?
    var sarif: String?
    var codeQuality: String?
    var strict: Bool

    var isEmpty: Bool { junit == nil && sarif == nil && codeQuality == nil }

    func write(_ set: ReportSet, console: Console) throws {
        if let junit {
            if let stdout = console.reportOutput {
                stdout.write(JUnitReport.document(set, strict: strict, existing: nil))
            } else {
                let existing = Self.earlierReport(at: junit, console: console)
                let xml = JUnitReport.document(set, strict: strict, existing: existing)
                try Self.save(Data(xml.utf8), to: junit, what: "the JUnit report")
            }
        }
        if let sarif {
            try Self.save(
                try SARIFReport.render(set, strict: strict, workingFolder: console.context.workingDirectory), to: sarif,
                what: "the SARIF report")
        }
        if let codeQuality {
            try Self.save(
                try CodeQualityReport.render(set, strict: strict, workingFolder: console.context.workingDirectory), to: codeQuality,
                what: "the Code Quality report")
        }
    }

    /// The largest earlier report read back to merge into: a run's report is a few KB a channel.
    static let earlierReportLimit = 16 * 1_048_576

    /// An earlier dots-sso JUnit report to merge into, parsed: only a regular file (reading a FIFO would wait for a
    /// writer for ever) of a sane size and depth. A file that is there but is none of these is set aside beside it
    /// (`NAME.unmerged-TIME`) with a warning, so a report the run replaces is never lost, nor read at any cost.
    static func earlierReport(at path: String, console: Console) -> XMLTag? {
        guard let status = FileStatus(path, followingLinks: false), status.isRegular, status.size > 0 else { return nil }
        let reason: String
        switch try? InputFile.read(path, limit: earlierReportLimit) {
        case .contents(let data)?:
            do {
                let root = try XMLTree.parse(String(decoding: data, as: UTF8.self))
                if JUnitReport.isOurs(root) { return root }
                reason = "it is not a dots-sso JUnit report"
            } catch let malformed as XMLTree.Malformed {
                reason = malformed.reason
            } catch {
                reason = "it cannot be read"
            }
        case .tooLarge?: reason = "it is larger than \(earlierReportLimit / 1_048_576) MB"
        case nil: reason = "it cannot be read"
        }
        let aside = path + ".unmerged-" + ISOTimestamp.string(console.context.clock.now()).filter { $0 != ":" && $0 != "-" }
        if rename(path, aside) == 0 {
            console.warn("\(path) was not merged into (\(reason)); it was kept as \(aside) and a new report written")
        } else {
            console.warn("\(path) was not merged into (\(reason)) and is replaced")
        }
        return nil
    }

    /// `--junit reports/acme.xml` in a fresh CI checkout: the folder is made, as the CI examples expect.
    static func save(_ data: Data, to path: String, what: String) throws {
        try AtomicFile.saveOutput(data, to: path, what: what, creatingFolder: true)
    }
}
