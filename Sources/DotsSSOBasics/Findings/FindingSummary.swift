/// Counts of a set of findings and the verdict they imply (exit 1 on errors, or on warnings under `--strict`).
package struct FindingSummary: Codable, Sendable, Equatable {
    package var errors: Int
    package var warnings: Int
    package var info: Int

    package init(_ findings: [Finding]) {
        errors = findings.count { $0.severity == .error }
        warnings = findings.count { $0.severity == .warning }
        info = findings.count { $0.severity == .info }
    }

    /// Whether the check failed: any error, or any warning when warnings are promoted.
    package func failed(strict: Bool) -> Bool {
        errors > 0 || (strict && warnings > 0)
    }
}

extension Array where Element == Finding {
    /// The findings with warnings promoted to errors, as `--strict` asks.
    package func promotingWarnings(_ strict: Bool) -> [Finding] {
        guard strict else { return self }
        return map { finding in
            var promoted = finding
            if promoted.severity == .warning { promoted.severity = .error }
            return promoted
        }
    }

    /// Most severe first, then by code, keeping the validator's order among equals.
    package func sortedBySeverity() -> [Finding] {
        enumerated().sorted { lhs, rhs in
            if lhs.element.severity != rhs.element.severity { return lhs.element.severity > rhs.element.severity }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
