import DotsSSOBasics
import FoundationEssentials

/// One feature flag as the app would read it.
package struct FlagReading: Codable, Sendable, Equatable {
    package var name: String
    /// The value exactly as received (a JSON boolean when the partner follows the contract).
    package var value: JSONValue?
    /// What the channel says the flag controls.
    package var purpose: String?
    /// Containers that need this flag.
    package var gates: [String]

    package init(name: String, value: JSONValue?, purpose: String?, gates: [String]) {
        self.name = name
        self.value = value
        self.purpose = purpose
        self.gates = gates
    }

    /// The app treats only the JSON boolean `true` as on.
    package var isOn: Bool { value == .bool(true) }

    package var display: String {
        switch value {
        case nil: "missing"
        case .bool(let flag)?: flag ? "true" : "false"
        case .string(let text)?: "\"\(text)\" (a string)"
        case let other?: "\(other.typeDescription) (not a boolean)"
        }
    }
}

/// The normalized Dots view of a profile.
package struct DotsView: Codable, Sendable, Equatable {
    package var id: String?
    package var email: String?
    package var firstName: String?
    package var lastName: String?
    package var biography: String?
    package var flags: [FlagReading]
}

/// What the first signup would import (seed 000 "Profile Data"), after the limits are applied.
package struct ImportPreview: Codable, Sendable, Equatable {
    package var firstName: String?
    package var lastName: String?
    package var email: String?
    /// The biography as plain text (HTML stripped, newlines kept).
    package var biography: String?
    package var biographyChanged: Bool
    /// Fields the app would refuse to pre-fill, with the reason.
    package var rejected: [String: String]
}

/// Everything `profile` reports: the document as received, the Dots view, the import preview, the findings. Its
/// JSON is `profile --json`, where the document's secret-looking values are redacted.
package struct ProfileReport: Encodable, Sendable {
    package var source: String
    package var profile: JSONValue
    package var dots: DotsView
    package var `import`: ImportPreview
    package var findings: [Finding]

    enum CodingKeys: String, CodingKey { case source, profile, dots, `import`, findings }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(profile.redactingSecrets(), forKey: .profile)
        try container.encode(dots, forKey: .dots)
        try container.encode(`import`, forKey: .import)
        try container.encode(findings, forKey: .findings)
    }
}
