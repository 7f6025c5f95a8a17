import DotsSSOBasics
import FoundationEssentials

/// One e-mail the sandbox sent: a sign-in link, kept in memory and written to the outbox as a `.eml` file.
package struct SandboxEmail: Sendable, Equatable {
    package let to: String
    package let subject: String
    package let link: String
    package let sentAt: Date

    /// The message as an RFC 5322 file a mail client opens.
    func rendered(from sender: String) -> String {
        return """
            From: \(sender)\r
            To: \(to)\r
            Date: \(ISOTimestamp.mailDate(sentAt))\r
            Subject: \(subject)\r
            Content-Type: text/plain; charset=utf-8\r
            \r
            Tap this link on your phone to sign in to The Dots (it works once, for one minute):\r
            \r
            \(link)\r

            """
    }
}
