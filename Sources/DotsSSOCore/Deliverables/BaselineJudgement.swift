import DotsSSOBasics
import FoundationEssentials

/// A finding a baseline entry accepts: reported as suppressed (SARIF `suppressions`, JUnit skipped with the
/// reason), counted in no verdict.
package struct SuppressedFinding: Codable, Sendable, Equatable {
    package var finding: Finding
    package var fingerprint: String
    package var who: String
    package var why: String
    package var until: String
}

/// Holds a run's reports to a baseline: an accepted finding is suppressed; an entry past its `until` no longer
/// suppresses and fails its check with its reason; an entry of a check that ran and matched nothing is reported
/// stale, so the file can be pruned. Entries of channels and checks this run did not look at (another shard, a
/// skipped check) are neither.
package struct BaselineJudgement: Sendable {
    package let baseline: Baseline
    package let path: String
    /// `YYYY-MM-DD`, UTC.
    package let today: String
    package let strict: Bool
    package let workingFolder: String
    let entries: [String: Baseline.Entry]

    package init(baseline: Baseline, path: String, now: Date, strict: Bool, workingFolder: String) {
        self.baseline = baseline
        entries = Dictionary(baseline.entries.map { ($0.fingerprint, $0) }, uniquingKeysWith: { first, _ in first })
        self.path = path
        today = ISOTimestamp.day(now)
        self.strict = strict
        self.workingFolder = workingFolder
    }

    /// The codes that say how a run went rather than what a partner delivered: never accepted, never recorded.
    static let runCodes: Set<String> = Set(CheckRunFindings.check.map(\.code))

    package func apply(to report: CheckReport) -> CheckReport {
        report.replacing(checks: report.checks.map { apply(to: $0, channel: report.channel) })
    }

    /// One check's outcome held to the entries of its channel (applied as each check ends, so what is streamed is
    /// the verdict).
    package func apply(to outcome: CheckOutcome, channel: String) -> CheckOutcome {
        var outcome = outcome
        var kept: [Finding] = []
        var suppressed: [SuppressedFinding] = []
        var added: [Finding] = []
        var matched = Set<String>()
        for finding in outcome.findings {
            let print = FindingFingerprint.of(finding, channel: channel, workingFolder: workingFolder)
            guard let entry = entries[print], entry.channel == channel, !Self.runCodes.contains(finding.code) else {
                kept.append(finding)
                continue
            }
            matched.insert(print)
            if entry.expired(today: today) {
                kept.append(finding)
                added.append(
                    Finding(
                        CheckRunFindings.baselineExpired, at: FindingLocation(file: path, path: print),
                        "the baseline entry accepting \(finding.code)\(finding.location.display.map { " (\($0))" } ?? "") expired on \(entry.until)\(Self.reason(entry))"
                    ))
            } else {
                suppressed.append(
                    SuppressedFinding(finding: finding, fingerprint: print, who: entry.who, why: entry.why, until: entry.until))
            }
        }
        // A check that did not run matched nothing for want of trying: its entries are not stale.
        if outcome.status != .skip {
            for entry in baseline.entries
            where entry.channel == channel && entry.check == outcome.name && !matched.contains(entry.fingerprint) {
                let place = entry.file.map { " (\($0)\(entry.path.map { " \($0)" } ?? ""))" } ?? ""
                added.append(
                    Finding(
                        CheckRunFindings.baselineStale, at: FindingLocation(file: path, path: entry.fingerprint),
                        "the baseline entry accepting \(entry.code)\(place) matches nothing any more"))
            }
        }
        guard !suppressed.isEmpty || !added.isEmpty else { return outcome }
        outcome.findings = kept + added.promotingWarnings(strict)
        outcome.suppressed = suppressed.isEmpty ? nil : suppressed
        if outcome.noMember != true {
            let failing = FindingSummary(outcome.findings).failed(strict: false)
            outcome.status = failing ? .fail : (outcome.status == .skip ? .skip : .pass)
        }
        return outcome
    }

    static func reason(_ entry: Baseline.Entry) -> String {
        let who = entry.who.isEmpty ? "" : entry.who
        let why = entry.why.isEmpty ? "" : entry.why
        switch (who.isEmpty, why.isEmpty) {
        case (true, true): return ""
        case (false, true): return " (accepted by \(TerminalText.oneLine(who, limit: 60)))"
        case (true, false): return " (\(TerminalText.oneLine(why, limit: 200)))"
        case (false, false): return " (\(TerminalText.oneLine(who, limit: 60)): \(TerminalText.oneLine(why, limit: 200)))"
        }
    }

    /// The baseline `--write-baseline` writes after this run: every error and warning of the checks that ran (the
    /// accepted ones too), an entry already there keeping its who, why and until; a new entry holding for
    /// `Baseline.acceptedDays`. Entries of channels and checks this run did not look at are kept as they were;
    /// those of checks that ran and no longer match are dropped.
    package static func recording(_ reports: [CheckReport], over existing: Baseline?, now: Date, workingFolder: String) -> Baseline {
        let old = Dictionary((existing?.entries ?? []).map { ($0.fingerprint, $0) }, uniquingKeysWith: { first, _ in first })
        let until = ISOTimestamp.day(now.addingTimeInterval(TimeInterval(Baseline.acceptedDays) * 86_400))
        var looked = Set<String>()
        var recorded = Set<String>()
        var entries: [Baseline.Entry] = []
        for report in reports {
            for outcome in report.checks where outcome.status != .skip || outcome.suppressed != nil {
                looked.insert("\(report.channel)\u{1F}\(outcome.name)")
                let findings = (outcome.findings + (outcome.suppressed ?? []).map(\.finding)).filter {
                    $0.severity != .info && !runCodes.contains($0.code)
                }
                for finding in findings {
                    let print = FindingFingerprint.of(finding, channel: report.channel, workingFolder: workingFolder)
                    guard !recorded.contains(print) else { continue }
                    recorded.insert(print)
                    var entry =
                        old[print]
                        ?? Baseline.Entry(
                            fingerprint: print, channel: report.channel, check: outcome.name, code: finding.code, file: nil, path: nil,
                            message: "", until: until)
                    entry.check = outcome.name
                    entry.code = finding.code
                    entry.file = finding.location.file.map { FindingFingerprint.file($0, workingFolder: workingFolder) }
                    entry.path = finding.location.path
                    entry.message = finding.message
                    entries.append(entry)
                }
            }
        }
        let untouched = (existing?.entries ?? []).filter {
            !looked.contains("\($0.channel)\u{1F}\($0.check)") && !recorded.contains($0.fingerprint)
        }
        return Baseline(entries: untouched + entries)
    }
}
