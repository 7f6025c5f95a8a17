/// A report or output file that cannot be written (full disk, unwritable path): exit 74.
public enum OutputError: UserFacingError, Equatable {
    case cannotWrite(path: String, what: String, reason: String)

    public var message: String {
        switch self {
        case let .cannotWrite(path, what, reason): "cannot write \(what) to \(path): \(reason)"
        }
    }

    public var exitStatus: ExitStatus { .cannotWrite }
}
