import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `keys generate`: the public JWK to register, alone on stdout; where the private key went, on stderr.
extension ClientKeyGeneration.Result: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        let jwk = (try? Console.jsonEncoder.encode(publicJWK)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return [
            .result(jwk),
            .hint(
                "Saved the private key to \(TerminalText.safe(file)) (0600). Register the JWK above with the provider; "
                    + "sign in with --client-key-file \(TerminalText.safe(file))."),
        ]
    }
}

/// `echo verify`: who the provider says the member is.
extension EchoVerifyUseCase.Result: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        let safe = TerminalText.safe
        return [
            .result(
                Table.render([
                    ["verified", "yes, by \(safe(provider))"], ["id", safe(id)], ["phone", phoneNumber.map(safe) ?? "-"],
                ])),
            .hint("The id is the only attribute that never changes: key the account on it, not on the phone number."),
        ]
    }
}

/// `echo sign`: the header alone, for `$(…)`.
extension EchoSignUseCase.Result: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] { [.result(authorization)] }
}

/// `openweb register`: code B alone, for `$(…)`.
extension OpenWebRegisterUseCase.Result: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] { [.result(codeB)] }
}

/// `members log-out` and `members remove`: one line per id, the reason for each failure, a count for many.
extension MemberRevocationUseCase.Result: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        if outcomes.count == 1, let only = outcomes.first, !only.succeeded {
            return [.note("dots-sso: \(TerminalText.safe(only.error ?? "failed"))")]
        }
        var lines: [OutputLine] = []
        for outcome in outcomes {
            let id = TerminalText.safe(outcome.ssoId)
            if outcome.succeeded {
                lines.append(.result("\(outcome.status ?? "done")\t\(id)\trequest \(outcome.requestId ?? "-")"))
            } else {
                lines.append(.result("failed\t\(id)\texit \(outcome.exitCode)"))
                lines.append(.note("dots-sso: \(id): \(TerminalText.safe(outcome.error ?? "failed"))"))
            }
        }
        if outcomes.count > 1 {
            lines.append(.note("\(succeeded) of \(outcomes.count) \(action == .logOut ? "logged out" : "removed"), \(failed) failed"))
        }
        return lines
    }
}
