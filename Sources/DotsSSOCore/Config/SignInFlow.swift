import DotsSSOBasics

/// How `authorize` gets the member's consent: a browser on this machine redirecting to our loopback listener, the
/// device authorization grant (RFC 8628: a code typed on any other device), or a pasted redirect URL (a remote
/// shell whose browser runs elsewhere).
package enum SignInFlow: String, Codable, Sendable, CaseIterable {
    case loopback, device, paste

    /// The flow to use and the sentence that says why, for the first line of output.
    package struct Choice: Sendable, Equatable {
        package var flow: SignInFlow
        package var reason: String
    }

    /// `--flow`, else the channel's `flow`, else: loopback when a browser can be opened here; with no display, the
    /// device flow when the provider offers it, else paste.
    package static func choose(requested: SignInFlow?, channel: SignInFlow?, noDisplay: String?, deviceEndpoint: String?) -> Choice {
        if let requested { return Choice(flow: requested, reason: "\(CLIFlag.flow) \(requested.rawValue)") }
        if let channel { return Choice(flow: channel, reason: "the channel's flow setting") }
        guard let noDisplay else { return Choice(flow: .loopback, reason: "a browser can be opened here") }
        if deviceEndpoint != nil {
            return Choice(flow: .device, reason: "\(noDisplay), and the provider offers the device authorization grant")
        }
        return Choice(flow: .paste, reason: "\(noDisplay), and the provider offers no device authorization grant")
    }
}
