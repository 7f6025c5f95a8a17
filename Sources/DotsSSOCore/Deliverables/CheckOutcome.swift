import Foundation

/// One named check of `dots-sso check` (`channel`, `tls`, `container:news`, `legal:privacy-policy`…) and how it
/// ended: passed, failed (an error finding, or a warning under `--strict`), or skipped with the reason.
public struct CheckOutcome: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case pass, fail, skip
    }

    public var name: String
    public var status: Status
    public var durationMs: Int
    public var findings: [Finding]
    /// Why a skipped check did not run; a one-line summary otherwise.
    public var detail: String?

    public init(name: String, status: Status, durationMs: Int, findings: [Finding], detail: String? = nil) {
        self.name = name
        self.status = status
        self.durationMs = durationMs
        self.findings = findings
        self.detail = detail
    }
}

/// What a check's body hands back before it is judged: its findings, and the reason when it could not run.
public struct CheckFindings: Sendable {
    public var findings: [Finding]
    public var skipped: String?
    public var detail: String?

    public init(_ findings: [Finding] = [], detail: String? = nil) {
        self.findings = findings
        self.detail = detail
    }

    /// A check that could not run; the reason is also a warning finding (an error under `--strict`), so a skip is
    /// never a silent pass.
    public static func skipped(_ name: String, because reason: String, findings: [Finding] = []) -> CheckFindings {
        var result = CheckFindings(findings + [Finding(.warning, "check.skipped", at: FindingLocation(file: name), "\(name) was not checked: \(reason)")])
        result.skipped = reason
        return result
    }

    /// The outcome under `strict`: warnings promoted, failed on any error, else skipped or passed.
    func judged(name: String, durationMs: Int, strict: Bool) -> CheckOutcome {
        let judged = findings.promotingWarnings(strict)
        let status: CheckOutcome.Status = FindingSummary(judged).failed(strict: false) ? .fail : (skipped == nil ? .pass : .skip)
        return CheckOutcome(name: name, status: status, durationMs: durationMs, findings: judged, detail: skipped ?? detail)
    }
}

/// Everything `dots-sso check` reports for one channel.
public struct CheckReport: Codable, Sendable {
    public struct Summary: Codable, Sendable, Equatable {
        public var passed: Int
        public var failed: Int
        public var skipped: Int
        public var findings: FindingSummary
    }

    public var channel: String
    public var checks: [CheckOutcome]
    public var summary: Summary
    public var passed: Bool
    public var durationMs: Int

    public init(channel: String, checks: [CheckOutcome], durationMs: Int) {
        self.channel = channel
        self.checks = checks
        self.durationMs = durationMs
        summary = Summary(passed: checks.count { $0.status == .pass }, failed: checks.count { $0.status == .fail },
                          skipped: checks.count { $0.status == .skip }, findings: FindingSummary(checks.flatMap(\.findings)))
        passed = summary.failed == 0
    }
}
