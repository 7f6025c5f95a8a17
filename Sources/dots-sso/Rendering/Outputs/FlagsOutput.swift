import DotsSSOBasics
import DotsSSOCore

/// `flags show`: every flag with its value and purpose, then one verdict line.
extension MemberFlags: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        [.result(FlagTable.render(flags, style: style)), .result(FlagTable.verdict(appLaunch, style: style))]
    }
}

/// `flags check`: one line per flag checked; when the profile could not be fetched, only why (on stderr).
extension FlagsCheckUseCase.Result: CommandOutput {
    /// The status the run ends with: the failure's own when nothing could be checked, else 1 or 0.
    var exitStatus: Int32 {
        problem?.exitCode ?? (passed ? ExitStatus.success.rawValue : ExitStatus.checkFailed.rawValue)
    }

    func lines(_ style: Style) -> [OutputLine] {
        if let problem { return [.note("dots-sso: \(TerminalText.message(problem.message))")] }
        return flags.map { check in
            .result(
                check.passed
                    ? "\(style.green("ok  "))  \(TerminalText.safe(check.name)) is true"
                    : "\(style.red("fail"))  \(TerminalText.safe(check.problem ?? check.name))")
        }
    }
}
