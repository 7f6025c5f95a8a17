import ArgumentParser
import DotsSSOCore
import Foundation

/// `dots-sso profile`: what The Dots app sees of one member, checked against the contract.
struct Profile: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Fetch a member's profile and check it against the channel contract.",
        discussion: """
        Fetches the profile endpoint (or the provider's userinfo) with the cached sign-in, refreshing once on \
        expiry or a 401, or checks a saved profile offline. Shows the profile, the Dots view (id, e-mail, names, \
        biography, flags), what the first signup would import, and findings: the id must be a string and never \
        an e-mail address, flags must be JSON booleans, names at most 100 bytes, e-mail valid and at most 150 \
        bytes, the biography plain text.

        Examples:
          $ dots-sso profile --channel acme
          $ dots-sso profile --channel acme --access-token-file token.txt --json
          $ dots-sso profile --channel acme --profile-file saved.json --strict
        """
    )

    @OptionGroup var options: MemberOptions
    @OptionGroup var report: FindingsOptions

    struct Output: Encodable {
        var source: String
        var profile: JSONValue
        var dots: DotsView
        var `import`: ImportPreview
        var findings: [Finding]
        var summary: FindingSummary
        var passed: Bool
    }

    func run() async throws {
        let access = try MemberAccess(options, needsToken: false)
        let checked = try await access.report(options.profile)
        let findings = checked.findings.promotingWarnings(report.strict)
        let failed = try report.emitSideReports(findings, suite: "profile \(checked.source)", console: access.console)
        if options.global.json {
            try access.console.json(Output(source: checked.source, profile: checked.profile.redactingSecrets(), dots: checked.dots,
                                           import: checked.import, findings: findings, summary: FindingSummary(findings), passed: !failed))
        } else {
            render(checked, findings: findings, console: access.console)
        }
        if failed { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }

    func render(_ checked: ProfileReport, findings: [Finding], console: Console) {
        let style = Style(enabled: console.colorOnStdout)
        let dots = checked.dots
        console.out(style.bold("Profile") + " from \(checked.source)")
        console.out(Table.render([
            ["id", dots.id.map(ProfileText.safe) ?? "(missing)"], ["e-mail", dots.email.map(ProfileText.safe) ?? "-"],
            ["first name", dots.firstName.map(ProfileText.safe) ?? "-"], ["last name", dots.lastName.map(ProfileText.safe) ?? "-"],
            ["biography", dots.biography.map { ProfileText.oneLine($0) } ?? "-"],
        ], indent: "  "))
        console.out("\n" + style.bold("Flags"))
        console.out(FlagTable.render(dots.flags, style: style))
        let preview = checked.import
        console.out("\n" + style.bold("Import preview") + " (first signup only)")
        var rows: [[String]] = []
        for (label, key, value) in [("first name", "firstName", preview.firstName), ("last name", "lastName", preview.lastName), ("e-mail", "email", preview.email)] {
            rows.append([label, value.map(ProfileText.safe) ?? preview.rejected[key].map { style.red("refused: \($0)") } ?? "-"])
        }
        rows.append(["biography", preview.biography.map { ProfileText.oneLine($0) + (preview.biographyChanged ? style.yellow(" (HTML stripped)") : "") } ?? "-"])
        console.out(Table.render(rows, indent: "  "))
        console.out("")
        console.out(FindingsText.render(findings, style: style))
    }
}

/// Small text helpers for showing partner-supplied text on a terminal.
enum ProfileText {
    static func oneLine(_ text: String, limit: Int = 80) -> String {
        let flat = safe(text.replacingOccurrences(of: "\n", with: "⏎ "))
        return flat.count > limit ? String(flat.prefix(limit)) + "…" : flat
    }

    /// Control characters (an ESC sequence could restyle or rewrite the user's terminal) become visible escapes.
    static func safe(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || (0x7F...0x9F).contains(scalar.value) {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// The flags table shared by `profile` and `flags`.
enum FlagTable {
    static func render(_ flags: [FlagReading], style: Style) -> String {
        guard !flags.isEmpty else { return "  (no flags)" }
        let rows = flags.map { flag -> [String] in
            let display = ProfileText.safe(flag.display)
            let value = flag.isOn ? style.green(display) : (flag.value == .bool(false) ? display : style.red(display))
            return [ProfileText.safe(flag.name), value, flag.purpose ?? "-", flag.gates.isEmpty ? "-" : flag.gates.joined(separator: ", ")]
        }
        return Table.render(rows, header: ["FLAG", "VALUE", "PURPOSE", "GATES"], indent: "  ")
    }
}
