/// A report or output file that cannot be written (full disk, unwritable path): exit 74.
package enum OutputError: UserFacingError, Equatable {
    case cannotWrite(path: String, what: String, reason: String)

    package var message: String {
        switch self {
        case let .cannotWrite(path, what, reason): "cannot write \(what) to \(path): \(reason)"
        }
    }

    package var exitStatus: ExitStatus { .cannotWrite }
}
