import DotsSSOBasics
import FoundationEssentials

/// The result of inspecting one pass: what it is and what is wrong with it.
package struct PassInspection: Codable, Sendable {
    package var file: String
    /// What was inspected.
    package enum Kind: String, Codable, Sendable {
        /// A signed `.pkpass` archive.
        case pkpass
        /// An unsigned pass folder (`*.pass`), checked for everything but the signature.
        case model
    }

    package var kind: Kind
    package var summary: PassSummary
    package var findings: [Finding]

    package init(file: String, kind: Kind, summary: PassSummary, findings: [Finding]) {
        self.file = file
        self.kind = kind
        self.summary = summary
        self.findings = findings
    }
}
