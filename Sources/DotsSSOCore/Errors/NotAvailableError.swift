/// A command whose capability has not been built yet. It never pretends to work.
public struct NotAvailableError: UserFacingError, Equatable {
    public let command: String

    public init(command: String) { self.command = command }

    public var message: String { "\(command): not available yet" }

    public var exitStatus: ExitStatus { .checkFailed }
}
