import DotsSSOBasics

/// `flags check`: is each named flag exactly `true`? With no names, the app-launch rule (`canAccessApp`).
package enum FlagCheck {
    package struct Result: Codable, Sendable, Equatable {
        package var name: String
        /// The value as received, with its JSON type (as `flags` shows it); absent when the flag is missing.
        package var value: JSONValue?
        /// The value as a person reads it ("true", "\"yes\" (a string)", "missing").
        package var display: String
        package var passed: Bool
        /// Why it fails, in the app's terms.
        package var problem: String?
    }

    package static func evaluate(names: [String], flags: [FlagReading]) -> [Result] {
        let byName = Dictionary(flags.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let wanted = names.isEmpty ? [ProfileChecker.launchFlag] : names
        return wanted.map { name in
            let reading = byName[name]
            let value = reading?.display ?? "missing"
            guard let reading, let raw = reading.value else {
                return Result(
                    name: name, value: nil, display: value, passed: false,
                    problem: names.isEmpty
                        ? "\(name) is missing: the app would log this member out"
                        : "\(name) is missing from the profile")
            }
            switch raw {
            case .bool(true):
                return Result(name: name, value: raw, display: value, passed: true, problem: nil)
            case .bool(false):
                return Result(
                    name: name, value: raw, display: value, passed: false,
                    problem: names.isEmpty
                        ? "\(name) is false: the app would log this member out"
                        : "\(name) is false\(reading.gates.isEmpty ? "" : ": \(reading.gates.joined(separator: ", ")) would show an error")"
                )
            default:
                return Result(
                    name: name, value: raw, display: value, passed: false,
                    problem: "\(name) is \(value), not the JSON boolean true; the app treats it as off")
            }
        }
    }
}
