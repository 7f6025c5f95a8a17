import DotsSSOBasics

/// `flags --json`: a member's flags as the app reads them, each with the purpose the channel gives it.
package struct MemberFlags: Encodable, Sendable {
    /// Where the profile came from.
    package var source: String
    package var id: String?
    package var flags: [FlagReading]
}

extension ProfileReport {
    /// The flags part of the report.
    package var memberFlags: MemberFlags {
        MemberFlags(source: source, id: dots.id, flags: dots.flags)
    }
}
