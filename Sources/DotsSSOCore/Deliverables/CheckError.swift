import DotsSSOBasics

/// Why `check` itself cannot run (the per-deliverable problems are findings instead).
package enum CheckError: UserFacingError, Equatable {
    /// `--only`/`--skip` named a check this channel does not have.
    case unknownCheck(name: String, available: [String])
    /// `--only` and `--skip` left nothing to check.
    case nothingToCheck
    /// Something went wrong inside dots-sso (a bug).
    case internalFailure(String)
    /// Live checks were skipped because no member could be signed in: not a pass.
    case memberMissing(String, status: ExitStatus)
    /// A run of many channels where some could not be checked at all (each said on its own line already).
    case channelsNotChecked([String], status: ExitStatus)

    package var message: String {
        switch self {
        case let .unknownCheck(name, available):
            "this channel has no check named '\(name)'; its checks are \(available.joined(separator: ", "))"
        case .nothingToCheck:
            "\(CLIFlag.only) and \(CLIFlag.skip) leave no check to run"
        case let .internalFailure(detail):
            "internal error: \(detail)"
        case let .memberMissing(message, _):
            message
        case let .channelsNotChecked(names, _):
            "\(names.count) channel\(names.count == 1 ? "" : "s") could not be checked (\(names.joined(separator: ", ")))"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .unknownCheck, .nothingToCheck: .usage
        case .internalFailure: .internalError
        case .memberMissing(_, let status), .channelsNotChecked(_, let status): status
        }
    }
}
