import DotsSSOBasics
import Foundation

/// The result of inspecting one pass: what it is and what is wrong with it.
package struct PassInspection: Codable, Sendable {
    package var file: String
    /// "pkpass" for a signed archive, "model" for an unsigned pass folder.
    package var kind: String
    package var summary: PassSummary
    package var findings: [Finding]

    package init(file: String, kind: String, summary: PassSummary, findings: [Finding]) {
        self.file = file
        self.kind = kind
        self.summary = summary
        self.findings = findings
    }
}
