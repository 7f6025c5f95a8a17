import DotsSSOBasics
import FoundationEssentials

/// One named check of `dots-sso check` (`channel`, `tls`, `container:news`, `legal:privacy-policy`…) and how it
/// ended: passed, failed (an error finding, or a warning under `--strict`), or skipped with the reason.
package struct CheckOutcome: Codable, Sendable, Equatable {
    package enum Status: String, Codable, Sendable {
        case pass, fail, skip
    }

    package var name: String
    package var status: Status
    package var durationMs: Int
    package var findings: [Finding]
    /// Why a skipped check did not run; a one-line summary otherwise.
    package var detail: String?
    /// True when this live check was skipped because no member could be signed in (absent otherwise).
    package var noMember: Bool?
    /// Findings a baseline accepts (`--baseline`): still reported, no longer failing (absent without any).
    package var suppressed: [SuppressedFinding]?

    package init(name: String, status: Status, durationMs: Int, findings: [Finding], detail: String? = nil, noMember: Bool? = nil) {
        self.name = name
        self.status = status
        self.durationMs = durationMs
        self.findings = findings
        self.detail = detail
        self.noMember = noMember
    }
}

/// What a check's body hands back before it is judged: its findings, and the reason when it could not run.
package struct CheckFindings: Sendable {
    package var findings: [Finding]
    package var skipped: String?
    package var detail: String?
    /// Skipped because no member could be signed in, with the status the run then ends with (77, or 64/65 for a
    /// token file that cannot be read): not a pass.
    package var noMember: ExitStatus?

    package init(_ findings: [Finding] = [], detail: String? = nil) {
        self.findings = findings
        self.detail = detail
    }

    /// A check that could not run; the reason is also a warning finding (an error under `--strict`), so a skip is
    /// never a silent pass.
    package static func skipped(_ name: String, because reason: String, findings: [Finding] = []) -> CheckFindings {
        var result = CheckFindings(
            findings + [Finding(CheckRunFindings.skipped, at: FindingLocation(file: name), "\(name) was not checked: \(reason)")])
        result.skipped = reason
        return result
    }

    /// The outcome under `strict`: warnings promoted, failed on any error, else skipped or passed.
    func judged(name: String, durationMs: Int, strict: Bool) -> CheckOutcome {
        // A live check with no member stays a skip under --strict: the run ends 77 for it, which says more than 1.
        let judged = noMember != nil ? findings : findings.promotingWarnings(strict)
        let status: CheckOutcome.Status =
            noMember != nil ? .skip : FindingSummary(judged).failed(strict: false) ? .fail : (skipped == nil ? .pass : .skip)
        return CheckOutcome(
            name: name, status: status, durationMs: durationMs, findings: judged, detail: skipped ?? detail,
            noMember: noMember != nil && status == .skip ? true : nil)
    }
}

/// Everything `dots-sso check` reports for one channel.
package struct CheckReport: Codable, Sendable {
    package struct Summary: Codable, Sendable, Equatable {
        package var passed: Int
        package var failed: Int
        package var skipped: Int
        package var findings: FindingSummary
    }

    /// The live checks skipped because no member could be signed in, and what to do about it.
    package struct MemberMissing: Codable, Sendable, Equatable {
        package var checks: [String]
        package var message: String
        /// The status the run ends with for it: 77, or 64/65 when the token file given cannot be read or is no token.
        package var exitCode: Int32
    }

    package var channel: String
    package var checks: [CheckOutcome]
    package var summary: Summary
    /// False when a check failed, or when live checks could not run for want of a member.
    package var passed: Bool
    package var durationMs: Int
    package var memberMissing: MemberMissing?
    /// The checks this channel has that `--only`/`--skip` left out: never run, said so in the summary.
    package var leftOut: [String]?

    /// The same report with its checks judged again (a baseline applied): counts and verdict follow.
    package func replacing(checks: [CheckOutcome]) -> CheckReport {
        var report = CheckReport(
            channel: channel, checks: checks, durationMs: durationMs,
            memberStatus: memberMissing.flatMap { ExitStatus(rawValue: $0.exitCode) } ?? .notAuthorized)
        report.leftOut = leftOut
        return report
    }

    /// `memberStatus` is the status a run whose live checks had no member ends with.
    package init(channel: String, checks: [CheckOutcome], durationMs: Int, memberStatus: ExitStatus = .notAuthorized) {
        self.channel = channel
        self.checks = checks
        self.durationMs = durationMs
        summary = Summary(
            passed: checks.count { $0.status == .pass }, failed: checks.count { $0.status == .fail },
            skipped: checks.count { $0.status == .skip }, findings: FindingSummary(checks.flatMap(\.findings)))
        let unsigned = checks.filter { $0.noMember == true }
        if let reason = unsigned.first?.detail {
            let names = unsigned.map(\.name)
            memberMissing = MemberMissing(
                checks: names,
                message: "no member could be signed in (\(reason)), so \(names.joined(separator: ", ")) "
                    + "\(names.count == 1 ? "was" : "were") not checked: give one with \(CLIFlag.refreshTokenFile) FILE (from `dots-sso authorize "
                    + "\(CLIFlag.saveRefreshToken) FILE`), \(CLIFlag.accessTokenFile) FILE or \(CLIFlag.grant) password \(CLIFlag.username) NAME \(CLIFlag.passwordFile) FILE, "
                    + "or leave them out on purpose with \(CLIFlag.skip) live",
                exitCode: memberStatus.rawValue)
        }
        passed = summary.failed == 0 && memberMissing == nil
    }
}
