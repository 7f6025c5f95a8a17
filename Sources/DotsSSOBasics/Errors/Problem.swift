/// Why a command could not give its result, as `--json` carries it: typed so a script can tell an operator's
/// mistake (`configuration`, `usage`), an outage (`network`, `temporary`), a refused token (`not-authorized`) or a
/// partner bug (`malformed`, `protocol`) from a verdict on the input.
package struct Problem: Codable, Sendable, Equatable {
    /// The failure's exit status as a word (`ExitStatus.kind`).
    package var kind: String
    /// The status the command ends with for it.
    package var exitCode: Int32
    /// The one line also printed on stderr.
    package var message: String

    package init(_ error: any UserFacingError, prefix: String = "") {
        kind = error.exitStatus.kind
        exitCode = error.exitStatus.rawValue
        message = prefix + error.message
    }
}

/// The `--json` document of a command that failed before it had a result of its own (docs/schemas/failure.schema.json):
/// stdout is never left empty, so `jq` in a script reads why instead of failing on no input.
package struct FailureDocument: Codable, Sendable, Equatable {
    package var exitStatus: Int32
    package var problem: Problem

    package init(_ error: any UserFacingError) {
        problem = Problem(error)
        exitStatus = problem.exitCode
    }
}
