/// A person answered no (or nothing) to a confirmation: not a usage mistake, so exit 1 as apt and gh do.
package struct NotConfirmed: UserFacingError, Equatable {
    package let message: String

    package init(message: String) { self.message = message }

    package var exitStatus: ExitStatus { .checkFailed }
}
