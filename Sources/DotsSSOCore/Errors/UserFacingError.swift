/// An error whose message a person can act on. Every domain error enum conforms;
/// the exit code it maps to is decided in one place, `ExitStatus.init(for:)`.
public protocol UserFacingError: Error, CustomStringConvertible, Sendable {
    /// One line, no secrets: what went wrong and what to do about it.
    var message: String { get }
}

extension UserFacingError {
    public var description: String { message }
}

/// Bad flags or arguments that the parser cannot see (a URL with the wrong scheme, two exclusive sources).
public enum UsageError: UserFacingError, Equatable {
    case invalid(String)

    public var message: String {
        switch self {
        case .invalid(let text): text
        }
    }
}

/// A file or payload that cannot be parsed.
public enum InputError: UserFacingError, Equatable {
    case unreadable(path: String, reason: String)
    case malformed(source: String, reason: String)

    public var message: String {
        switch self {
        case let .unreadable(path, reason): "cannot read \(path): \(reason)"
        case let .malformed(source, reason): "\(source) is malformed: \(reason)"
        }
    }
}
