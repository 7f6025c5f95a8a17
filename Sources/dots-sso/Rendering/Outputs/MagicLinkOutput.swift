import DotsSSOBasics
import DotsSSOCore

/// `magic-link request`: the server took the address (a refusal ends the command with its error instead).
extension MagicLinkClient.RequestOutcome: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        self == .accepted ? [.result("If the address belongs to an account, a sign-in link is on its way.")] : []
    }
}
