import DotsSSOBasics

/// Where each Dots field is read from in a partner's profile: the channel's `profileMapping` JSON paths,
/// else the defaults seed 000 and OIDC suggest (`id` then `sub`, `firstName`/`given_name`, …).
package struct ProfileMapping: Sendable {
    package enum Field: String, CaseIterable, Sendable {
        case id, email, firstName, lastName, biography, features
        /// Where the pass URLs are; no default (then every `.pkpass` URL in the profile is a pass).
        case passes
    }

    package let paths: [Field: [JSONPath]]

    static let defaults: [Field: [String]] = [
        .id: ["id", "sub"],
        .email: ["email"],
        .firstName: ["firstName", "given_name"],
        .lastName: ["lastName", "family_name"],
        .biography: ["biography", "about"],
        .features: ["features"],
    ]

    /// Builds the mapping; an unknown field name or a malformed path is a configuration error.
    package init(channel: Channel) throws {
        var paths: [Field: [JSONPath]] = [:]
        for field in Field.allCases {
            paths[field] = try (Self.defaults[field] ?? []).map { try JSONPath($0) }
        }
        for (name, text) in channel.profileMapping ?? [:] {
            guard let field = Field(rawValue: name) else {
                throw ConfigError.unreadableChannel(
                    path: "profileMapping",
                    reason: "unknown field '\(name)' (use \(Field.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            do {
                paths[field] = [try JSONPath(text)]
            } catch let error as InputError {
                throw ConfigError.unreadableChannel(path: "profileMapping.\(name)", reason: error.message)
            }
        }
        self.paths = paths
    }

    /// The first path that exists in the profile, and its value.
    package func locate(_ field: Field, in profile: JSONValue) -> (path: JSONPath, value: JSONValue)? {
        for path in paths[field] ?? [] {
            if let value = path.evaluate(profile) { return (path, value) }
        }
        return nil
    }
}
