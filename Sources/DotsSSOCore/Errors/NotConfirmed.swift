/// A person answered no (or nothing) to a confirmation: not a usage mistake, so exit 1 as apt and gh do.
public struct NotConfirmed: UserFacingError, Equatable {
    public let message: String

    public init(message: String) { self.message = message }

    public var exitStatus: ExitStatus { .checkFailed }
}
