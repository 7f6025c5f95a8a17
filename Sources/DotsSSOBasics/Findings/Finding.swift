/// How much a finding matters: errors fail a check, warnings fail only under `--strict`.
package enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
    case error
    case warning
    case info

    private var rank: Int {
        switch self {
        case .error: 2
        case .warning: 1
        case .info: 0
        }
    }

    package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// Where a finding was observed: a file (or URL) and a path inside it (JSON path or archive entry).
package struct FindingLocation: Codable, Sendable, Hashable {
    package var file: String?
    package var path: String?

    package init(file: String? = nil, path: String? = nil) {
        self.file = file
        self.path = path
    }

    /// `file:path`, `file`, `path` or nil, for one-line rendering.
    package var display: String? {
        switch (file, path) {
        case let (file?, path?): "\(file) \(path)"
        case let (file?, nil): file
        case let (nil, path?): path
        case (nil, nil): nil
        }
    }
}

/// One observation of any validator (profile, flags, pkpass, bodymovin, discovery, applinks…).
///
/// `code` is a stable dotted identifier scripts can match on (`discover.pkce.s256-missing`);
/// `message` is written for a person: what was found and how to fix it.
package struct Finding: Codable, Sendable, Hashable {
    package var severity: Severity
    package var code: String
    package var location: FindingLocation
    package var message: String

    package init(_ severity: Severity, _ code: String, at location: FindingLocation = .init(), _ message: String) {
        self.severity = severity
        self.code = code
        self.location = location
        self.message = message
    }
}
