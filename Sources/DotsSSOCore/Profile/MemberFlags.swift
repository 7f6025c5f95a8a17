import DotsSSOBasics

/// `flags --json`: a member's flags as the app reads them, each with the purpose the channel gives it, and the
/// verdict the text prints: the app-launch rule's outcome (`flags show` still ends 0; `flags check` ends with it).
package struct MemberFlags: Encodable, Sendable {
    /// Where the profile came from.
    package var source: String
    package var id: String?
    package var flags: [FlagReading]
    /// Each flag's value by name, as the partner sent it (`--jq '.values.canAccessApp'` prints `true`); a flag the
    /// profile lacks is absent.
    package var values: [String: JSONValue]
    /// The app-launch rule (canAccessApp exactly true) applied to these flags.
    package var appLaunch: FlagCheck.Result
    /// Whether the app keeps this member signed in: `appLaunch.passed`.
    package var passed: Bool

    package init(source: String, id: String?, flags: [FlagReading]) {
        self.source = source
        self.id = id
        self.flags = flags
        values = Dictionary(flags.compactMap { flag in flag.value.map { (flag.name, $0) } }, uniquingKeysWith: { first, _ in first })
        appLaunch = FlagCheck.evaluate(names: [], flags: flags)[0]
        passed = appLaunch.passed
    }
}

extension ProfileReport {
    /// The flags part of the report.
    package var memberFlags: MemberFlags {
        MemberFlags(source: source, id: dots.id, flags: dots.flags)
    }
}
