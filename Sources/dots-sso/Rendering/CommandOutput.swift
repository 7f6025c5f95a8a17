import ArgumentParser
import DotsSSOCore

/// A command's result as both of its readers get it: scripts the `Encodable` document (`--json`), people the text
/// (swiftly's OutputData is the model). A command body is: parse, run one use case, `emit` what it returned, so
/// no command decides on its own how `--json` and text differ.
protocol CommandOutput: Encodable {
    /// What a person reads on stdout; an empty string prints nothing.
    func text(_ style: Style) -> String
    /// Guidance for a person, on stderr after the text; left out under `--json` and `--quiet`.
    var hints: [String] { get }
}

extension CommandOutput {
    var hints: [String] { [] }
}

extension Console {
    /// Writes `output` as the run asked: the JSON document (with the run's `exitStatus` beside its keys when the
    /// command has a verdict), or the text and then its hints.
    func emit(_ output: some CommandOutput, json: Bool, exitStatus: Int32? = nil) throws {
        if json {
            if let exitStatus { try self.json(output, exitStatus: exitStatus) } else { try self.json(output) }
            return
        }
        let text = output.text(style)
        if !text.isEmpty { out(text) }
        output.hints.forEach(hint)
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
