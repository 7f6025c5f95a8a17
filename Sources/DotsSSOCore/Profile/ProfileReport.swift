import Foundation

/// One feature flag as the app would read it.
public struct FlagReading: Codable, Sendable, Equatable {
    public var name: String
    /// The value exactly as received (a JSON boolean when the partner follows the contract).
    public var value: JSONValue?
    /// What the channel says the flag controls.
    public var purpose: String?
    /// Containers that need this flag.
    public var gates: [String]

    public init(name: String, value: JSONValue?, purpose: String?, gates: [String]) {
        self.name = name
        self.value = value
        self.purpose = purpose
        self.gates = gates
    }

    /// The app treats only the JSON boolean `true` as on.
    public var isOn: Bool { value == .bool(true) }

    public var display: String {
        switch value {
        case nil: "missing"
        case .bool(let flag)?: flag ? "true" : "false"
        case .string(let text)?: "\"\(text)\" (a string)"
        case let other?: "\(other.typeDescription) (not a boolean)"
        }
    }
}

/// The normalized Dots view of a profile.
public struct DotsView: Codable, Sendable, Equatable {
    public var id: String?
    public var email: String?
    public var firstName: String?
    public var lastName: String?
    public var biography: String?
    public var flags: [FlagReading]
}

/// What the first signup would import (seed 000 "Profile Data"), after the limits are applied.
public struct ImportPreview: Codable, Sendable, Equatable {
    public var firstName: String?
    public var lastName: String?
    public var email: String?
    /// The biography as plain text (HTML stripped, newlines kept).
    public var biography: String?
    public var biographyChanged: Bool
    /// Fields the app would refuse to pre-fill, with the reason.
    public var rejected: [String: String]
}

/// Everything `profile` reports: the document as received, the Dots view, the import preview, the findings.
public struct ProfileReport: Codable, Sendable {
    public var source: String
    public var profile: JSONValue
    public var dots: DotsView
    public var `import`: ImportPreview
    public var findings: [Finding]
}
