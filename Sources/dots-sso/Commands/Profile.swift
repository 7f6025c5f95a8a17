import ArgumentParser
import DotsSSOCore
import Foundation

/// `dots-sso profile`: what The Dots app sees of one member, checked against the contract.
struct Profile: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Fetch a member's profile and check the contract.",
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

    func run(_ ctx: CommandContext) async throws {
        let console = Console(ctx, reportPath: report.junit)
        let reporter = FindingsReporter(report, console: console)
        let checked = try await reporter.reportingFailure(suite: "profile", input: "profile") {
            try await ProfileUseCase(member: try options.settings(ctx)).run(ctx)
        }
        let findings = reporter.judged(checked.findings)
        let failed = try reporter.report([(checked.source, findings)], suite: "profile \(checked.source)")
        if options.global.json {
            try console.json(
                Output(
                    source: checked.source, profile: checked.profile.redactingSecrets(), dots: checked.dots,
                    import: checked.import, findings: findings, summary: FindingSummary(findings), passed: !failed),
                exitStatus: failed ? checkFailed.rawValue : 0)
        } else {
            render(checked, findings: findings, console: console)
        }
        if failed { throw checkFailed }
    }

    func render(_ checked: ProfileReport, findings: [Finding], console: Console) {
        let style = console.style
        let safe = TerminalText.safe
        let dots = checked.dots
        console.out(style.bold("Profile") + " from \(safe(checked.source))")
        console.out(
            Table.render(
                [
                    ["id", dots.id.map(safe) ?? "(missing)"], ["e-mail", dots.email.map(safe) ?? "-"],
                    ["first name", dots.firstName.map(safe) ?? "-"], ["last name", dots.lastName.map(safe) ?? "-"],
                    ["biography", dots.biography.map { TerminalText.oneLine($0) } ?? "-"],
                ], indent: "  "))
        console.out("\n" + style.bold("Flags"))
        console.out(FlagTable.render(dots.flags, style: style))
        let preview = checked.import
        console.out("\n" + style.bold("Import preview") + " (first signup only)")
        var rows: [[String]] = []
        for (label, key, value) in [
            ("first name", "firstName", preview.firstName), ("last name", "lastName", preview.lastName), ("e-mail", "email", preview.email),
        ] {
            rows.append([label, value.map(safe) ?? preview.rejected[key].map { style.red("refused: \(safe($0))") } ?? "-"])
        }
        rows.append([
            "biography",
            preview.biography.map { TerminalText.oneLine($0) + (preview.biographyChanged ? style.yellow(" (HTML stripped)") : "") } ?? "-",
        ])
        console.out(Table.render(rows, indent: "  "))
        console.out("")
        console.out(FindingsText.render(findings, style: style))
    }
}
