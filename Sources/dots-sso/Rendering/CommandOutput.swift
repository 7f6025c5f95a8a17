import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// A command's result as both of its readers get it: scripts the `Encodable` document (`--json`), people the lines
/// (swiftly's OutputData is the model). A command body is: parse, run one use case, `emit` what it returned, so
/// no command decides on its own how `--json` and text differ.
protocol CommandOutput: Encodable {
    /// What a person is shown, in order: results on stdout, what happened and what to do next on stderr.
    func lines(_ style: Style) -> [OutputLine]
}

/// One line (or block) of a command's text output, and where it goes.
enum OutputLine {
    /// The result itself, on stdout: what a script would capture.
    case result(String)
    /// What happened, on stderr (`removed 2 cached sign-ins`).
    case note(String)
    /// What to do next, on stderr; left out under `--quiet`.
    case hint(String)
}

extension Console {
    /// Writes `output` as the run asked: the JSON document (with the run's `exitStatus` beside its keys when the
    /// command has a verdict), or its lines, each to its stream.
    func emit(_ output: some CommandOutput, json: Bool, exitStatus: Int32? = nil) throws {
        if json {
            if let exitStatus { try self.json(output, exitStatus: exitStatus) } else { try self.json(output) }
            return
        }
        for line in output.lines(style) {
            switch line {
            case .result(let text): out(text)
            case .note(let text): err(text)
            case .hint(let text): hint(text)
            }
        }
    }
}

/// The exit status a run ends with when it throws `error`: an `ExitCode`'s own, a user-facing error's documented one.
func exitStatus(of error: (any Error)?) -> Int32 {
    switch error {
    case nil: 0
    case let code as ExitCode: code.rawValue
    case let failure as UserFacingError: failure.exitStatus.rawValue
    default: ExitStatus.internalError.rawValue
    }
}
