import DotsSSOBasics
import FoundationEssentials

/// `--write-baseline FILE`: the file as it was (read before the run, so a broken one stops the run before any
/// request, and its who/why/until survive), then this run's findings written over it atomically.
package struct BaselineWrite: Sendable {
    package let path: String
    let earlier: Baseline?

    package init(path: String) throws {
        self.path = path
        earlier = FileStatus(path, followingLinks: false) == nil ? nil : try Baseline.read(path)
    }

    /// Saves the baseline of `reports` and says how many entries it holds and how many are new.
    @discardableResult
    package func save(_ reports: [CheckReport], now: Date, workingFolder: String) throws -> (entries: Int, new: Int) {
        let baseline = BaselineJudgement.recording(reports, over: earlier, now: now, workingFolder: workingFolder)
        try AtomicFile.saveOutput(try baseline.encoded(), to: path, what: "the baseline", creatingFolder: true)
        let known = Set((earlier?.entries ?? []).map(\.fingerprint))
        return (baseline.entries.count, baseline.entries.count { !known.contains($0.fingerprint) })
    }
}
