import DotsSSOBasics
import DotsSSOCore

/// `profile`: the member as the app sees them, the import preview and the contract's findings.
extension ProfileReport: FindingsBody {
    var suite: String { "profile \(source)" }
    var cases: [(input: String, findings: [Finding])] { [(source, findings)] }
    mutating func judge(_ judge: ([Finding]) -> [Finding]) { findings = judge(findings) }

    func text(_ style: Style) -> String {
        let safe = TerminalText.safe
        var lines = [style.bold("Profile") + " from \(safe(source))"]
        lines.append(
            Table.render(
                [
                    ["id", dots.id.map(safe) ?? "(missing)"], ["e-mail", dots.email.map(safe) ?? "-"],
                    ["first name", dots.firstName.map(safe) ?? "-"], ["last name", dots.lastName.map(safe) ?? "-"],
                    ["biography", dots.biography.map { TerminalText.oneLine($0) } ?? "-"],
                ], indent: "  "))
        lines.append("\n" + style.bold("Flags"))
        lines.append(FlagTable.render(dots.flags, style: style))
        let preview = self.import
        lines.append("\n" + style.bold("Import preview") + " (first signup only)")
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
        lines.append(Table.render(rows, indent: "  "))
        lines.append("")
        lines.append(FindingsText.render(findings, style: style))
        return lines.joined(separator: "\n")
    }
}
