import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// Where a CI report points a finding: a file of the repository (relative to the working folder, as code scanning
/// and GitLab map results to files) with the line and column of its JSON path where the file has one, or — for a
/// finding about a web address — the address, carried in the message, never as a file.
struct ReportLocation: Equatable {
    /// Relative to the working folder (absolute outside it); nil when the finding is about no local file.
    var path: String?
    var line: Int?
    var column: Int?
    /// The web address the finding is about, when it is one.
    var address: String?
    /// What stays the same from run to run however a message is worded: code, place, JSON path.
    var identity: String

    /// The finding's message, with its address when the message does not already name it.
    func message(_ finding: Finding) -> String {
        guard let address, !finding.message.contains(address) else { return finding.message }
        return "\(finding.message) (\(address))"
    }
}

/// Resolves findings to report locations for one report: reads each JSON file at most once to turn JSON paths into
/// lines, and numbers findings that would otherwise share a fingerprint.
final class ReportLocator {
    /// The working folder, with a trailing slash.
    private let base: String
    /// Where findings that name no local file point (check: its channel file).
    private let fallback: String?
    private var positions: [String: (scanned: Set<String>, found: [String: JSONPathPosition.Position])] = [:]
    private var wanted: [String: Set<String>] = [:]
    private var seen: [String: Int] = [:]

    /// Larger JSON files are not read again for lines (a finding still points at the file).
    static let maxScannedBytes = 256 * 1_048_576

    init(fallback: String? = nil, workingFolder: String) {
        let folder = URL(fileURLWithPath: workingFolder).standardizedFileURL.path
        base = folder.hasSuffix("/") ? folder : folder + "/"
        self.fallback = fallback
    }

    /// Locations for every finding of `suite`, in case order: each case's findings with the case's input.
    func locate(_ suite: ReportSuite) -> [[ReportLocation]] {
        // First every JSON path each file is asked for, so each file is scanned once.
        let files = suite.cases.map { reportCase in reportCase.findings.map { file(for: $0, input: reportCase.name) } }
        for choice in files.joined() {
            if let file = choice.path, let jsonPath = choice.jsonPath { wanted[file, default: []].insert(jsonPath) }
        }
        return zip(suite.cases, files).map { reportCase, caseFiles in
            zip(reportCase.findings, caseFiles).map { finding, file in location(finding, file: file) }
        }
    }

    /// One finding, outside a suite (a command's GitHub annotations).
    func locate(_ finding: Finding, input: String) -> ReportLocation {
        let choice = file(for: finding, input: input)
        if let file = choice.path, let jsonPath = choice.jsonPath { wanted[file, default: []].insert(jsonPath) }
        return location(finding, file: choice)
    }

    private struct FileChoice {
        /// The local file the report points at.
        var path: String?
        /// The JSON path in that file, when the finding's path is about it (not about an archive or a fallback).
        var jsonPath: String?
        var address: String?
    }

    /// A finding's file is its location's file or the input; its path is a JSON path (`$.issuer`), an archive entry
    /// (`icon.png`) or both (`pass.json $.serialNumber`, in a .pkpass or an unsigned pass folder).
    private func file(for finding: Finding, input: String) -> FileChoice {
        let named = finding.location.file ?? input
        var entry: String?
        var jsonPath: String?
        if let path = finding.location.path {
            if path.hasPrefix("$") {
                jsonPath = path
            } else if let space = path.firstRange(of: " $") {
                entry = String(path[..<space.lowerBound])
                jsonPath = String(path[path.index(after: space.lowerBound)...])
            } else {
                entry = path
            }
        }
        if named.contains("://") {
            return FileChoice(path: existingFile(input) ?? fallbackFile(), address: named)
        }
        if let file = existingFile(named) { return FileChoice(path: file, jsonPath: entry == nil ? jsonPath : nil) }
        // An unsigned pass folder: the entry is a file in it; a missing one (no icon.png) points at its pass.json.
        if FileStatus(named)?.isDirectory == true {
            let folder = named.hasSuffix("/") ? named : named + "/"
            if let entry, let file = existingFile(folder + entry) {
                return FileChoice(path: file, jsonPath: jsonPath)
            }
            return FileChoice(path: existingFile(folder + "pass.json") ?? fallbackFile())
        }
        return FileChoice(path: existingFile(input) ?? fallbackFile())
    }

    private func fallbackFile() -> String? {
        fallback.flatMap(existingFile)
    }

    private func existingFile(_ path: String) -> String? {
        FileStatus(path)?.isRegular == true ? path : nil
    }

    private func location(_ finding: Finding, file: FileChoice) -> ReportLocation {
        var location = ReportLocation(path: file.path.map(relative), address: file.address, identity: "")
        if let path = file.path, let jsonPath = file.jsonPath {
            let found = lines(of: path, asked: jsonPath)
            location.line = found?.line
            location.column = found?.column
        }
        let place = location.path ?? location.address ?? finding.location.file ?? ""
        let key = [finding.code, place, finding.location.path ?? ""].joined(separator: "\u{0}")
        let occurrence = seen[key, default: 0]
        seen[key] = occurrence + 1
        location.identity = occurrence == 0 ? key : key + "\u{0}\(occurrence)"
        return location
    }

    /// `/work/repo/channels/acme.json` → `channels/acme.json` under the working folder, `./a.json` → `a.json`; a
    /// file outside it keeps its absolute path (no repository file can match it, and it is still the truth).
    func relative(_ path: String) -> String {
        let standard = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: base, isDirectory: true)).standardizedFileURL.path
        return standard.hasPrefix(base) ? String(standard.dropFirst(base.count)) : standard
    }

    /// The position of `asked` in `file`, scanning the file again only when a path it was not scanned for is asked.
    private func lines(of file: String, asked: String) -> JSONPathPosition.Position? {
        if let known = positions[file], known.scanned.contains(asked) { return known.found[asked] }
        let paths = (wanted[file] ?? []).union([asked])
        var found: [String: JSONPathPosition.Position] = [:]
        if case .contents(let data)? = try? InputFile.read(file, limit: Self.maxScannedBytes) {
            found = JSONPathPosition.locate(paths, in: data)
        }
        positions[file] = (paths, found)
        return found[asked]
    }
}
