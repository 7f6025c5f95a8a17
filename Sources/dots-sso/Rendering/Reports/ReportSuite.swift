import DotsSSOBasics
import DotsSSOCore

/// What every CI report (JUnit, SARIF, GitLab Code Quality) is made from: one suite per run or channel, one case per
/// input — a file, a pass, a profile — or per `check` check, each with its findings. A clean input is a passing case,
/// so a report's test count does not change as info findings come and go; an input that could not be read at all is
/// an erroring case, so a missing partner is never a silently shorter report.
struct ReportSuite {
    var name: String
    var cases: [ReportCase]
    var durationMs: Int?
    /// The file findings that name no local file point at in SARIF, Code Quality and annotations (check: the
    /// channel file).
    var source: String?
}

/// What one run's CI reports hold: its suites (one per channel in a run of many), and whether they are channels of
/// one `check` run, whose SARIF is then one run with the channel on each result (GitHub takes one run per category
/// in an upload) and whose fingerprints carry the channel.
struct ReportSet {
    var suites: [ReportSuite]
    var fleet = false

    init(_ suites: [ReportSuite], fleet: Bool = false) {
        self.suites = suites
        self.fleet = fleet
    }

    init(_ suite: ReportSuite) { self.init([suite]) }
}

struct ReportCase {
    enum Outcome: Equatable {
        case passed
        case failed
        /// It could not be checked at all (unreadable, unreachable, no member to check as).
        case error(kind: String, message: String)
        case skipped(String)
    }

    var name: String
    var findings: [Finding]
    var outcome: Outcome
    var durationMs: Int?
    /// Findings a baseline accepts: reported as suppressed, failing nothing.
    var suppressed: [SuppressedFinding] = []
}

extension ReportSuite {
    /// One case per input, with the findings about it; `unreadable` inputs are erroring cases. No inputs at all
    /// (nothing was given) is one passing case named after the suite, so the report is never empty.
    static func inputs(
        _ groups: [(input: String, findings: [Finding])], suite: String, unreadable: [(input: String, reason: String)],
        strict: Bool
    ) -> ReportSuite {
        var cases = groups.map { group in
            ReportCase(
                name: group.input, findings: group.findings,
                outcome: FindingSummary(group.findings).failed(strict: strict) ? .failed : .passed)
        }
        cases += unreadable.map { ReportCase(name: $0.input, findings: [], outcome: .error(kind: "unreadable", message: $0.reason)) }
        if cases.isEmpty { cases = [ReportCase(name: suite, findings: [], outcome: .passed)] }
        return ReportSuite(name: suite, cases: cases)
    }

    /// `check`: one case per check, in the fixed order.
    static func check(_ report: CheckReport, source: String? = nil) -> ReportSuite {
        let cases = report.checks.map { check -> ReportCase in
            var outcome: ReportCase.Outcome
            switch check.status {
            case .pass: outcome = .passed
            case .fail: outcome = .failed
            case .skip where check.noMember == true:
                // A live check no member could run is an error of the run, not a skip: CI must not read it as fine.
                outcome = .error(
                    kind: "no-member", message: report.memberMissing?.message ?? check.detail ?? "no member could be signed in")
            case .skip: outcome = .skipped(check.detail ?? "skipped")
            }
            let suppressed = check.suppressed ?? []
            // A check that passes only because the baseline accepts its failures is skipped with the reasons, as CI
            // readers show an accepted failure; its findings are still listed.
            if outcome == .passed, suppressed.contains(where: { $0.finding.severity == .error }) {
                outcome = .skipped(Self.acceptance(suppressed))
            }
            return ReportCase(
                name: check.name, findings: check.findings, outcome: outcome, durationMs: check.durationMs, suppressed: suppressed)
        }
        return ReportSuite(name: report.channel, cases: cases, durationMs: report.durationMs, source: source)
    }

    /// "accepted in the baseline: CODE (who: why, until DAY); …" for a skipped case's message.
    static func acceptance(_ suppressed: [SuppressedFinding]) -> String {
        let reasons = suppressed.filter { $0.finding.severity == .error }.map { entry in
            var words = [entry.who, entry.why].filter { !$0.isEmpty }.joined(separator: ": ")
            if !entry.until.isEmpty { words += words.isEmpty ? "until \(entry.until)" : ", until \(entry.until)" }
            return entry.finding.code + (words.isEmpty ? "" : " (\(words))")
        }
        return "accepted in the baseline: " + reasons.joined(separator: "; ")
    }

    /// A run that ended before it had anything to report on `input` (a channel file that cannot be read, the
    /// network): one erroring case saying why.
    static func failure(suite: String, input: String, message: String) -> ReportSuite {
        ReportSuite(name: suite, cases: [ReportCase(name: input, findings: [], outcome: .error(kind: "error", message: message))])
    }

    var allFindings: [Finding] { cases.flatMap(\.findings) }
}
