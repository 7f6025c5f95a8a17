/// An error whose message a person can act on. Every domain error conforms and states, beside each message,
/// the exit status it ends the process with; only errors that are not `UserFacingError` become 70.
package protocol UserFacingError: Error, CustomStringConvertible, Sendable {
    /// One line, no secrets: what went wrong and what to do about it.
    var message: String { get }
    /// The process exit status of DESIGN.md's table this error ends a command with.
    var exitStatus: ExitStatus { get }
}

extension UserFacingError {
    package var description: String { message }
}

/// Bad flags or arguments that the parser cannot see (a URL with the wrong scheme, two exclusive sources).
package enum UsageError: UserFacingError, Equatable {
    case invalid(String)

    package var message: String {
        switch self {
        case .invalid(let text): text
        }
    }

    package var exitStatus: ExitStatus { .usage }
}

/// A file or payload that cannot be parsed.
package enum InputError: UserFacingError, Equatable {
    case unreadable(path: String, reason: String)
    case malformed(source: String, reason: String)

    package var message: String {
        switch self {
        case let .unreadable(path, reason): "cannot read \(path): \(reason)"
        case let .malformed(source, reason): "\(source) is malformed: \(reason)"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .unreadable: .usage
        case .malformed: .malformedInput
        }
    }
}
