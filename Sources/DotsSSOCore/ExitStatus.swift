/// The process exit codes of DESIGN.md, and the one place errors are mapped to them.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    case checkFailed = 1
    case usage = 64
    case malformedInput = 65
    case network = 69
    case internalError = 70
    case cannotWrite = 74
    case temporary = 75
    case protocolError = 76
    case notAuthorized = 77
    case configuration = 78

    /// What the code means, for `--help`, the README and the man page.
    public var meaning: String {
        switch self {
        case .success: "success; every check passed"
        case .checkFailed: "a check failed: validation errors found, a flag is false or missing, access denied"
        case .usage: "usage error (bad flags or arguments)"
        case .malformedInput: "malformed input (a file or server response that cannot be parsed, or one too large)"
        case .network: "network unavailable: DNS, connect, TLS handshake/version refused, timeout"
        case .internalError: "internal error in dots-sso (please report it)"
        case .cannotWrite: "cannot write the output or a report (full disk, closed stdout, unwritable path)"
        case .temporary: "temporary: rate limited, 502/503/504, or locked by another process; retry later"
        case .protocolError: "protocol error: the server answered outside the spec"
        case .notAuthorized: "not authorized: no cached token, invalid_grant, 401/403 after one refresh"
        case .configuration: "configuration error: unknown channel, missing endpoint or client id, unsafe cache"
        }
    }

    /// The status of any error: a `UserFacingError` states its own; anything else is a bug in dots-sso (70).
    public init(for error: any Error) {
        self = (error as? UserFacingError)?.exitStatus ?? .internalError
    }
}
