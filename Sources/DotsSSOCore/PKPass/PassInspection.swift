import Foundation

/// The result of inspecting one pass: what it is and what is wrong with it.
public struct PassInspection: Codable, Sendable {
    public var file: String
    /// "pkpass" for a signed archive, "model" for an unsigned pass folder.
    public var kind: String
    public var summary: PassSummary
    public var findings: [Finding]

    public init(file: String, kind: String, summary: PassSummary, findings: [Finding]) {
        self.file = file
        self.kind = kind
        self.summary = summary
        self.findings = findings
    }
}
