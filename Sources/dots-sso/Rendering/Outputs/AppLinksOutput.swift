import DotsSSOBasics
import DotsSSOCore

/// `applinks check`: whether each association file is usable, which links open the app, and the findings.
extension AppLinksChecker.Report: FindingsBody {
    var suite: String { "applinks \(origin)" }
    var cases: [(input: String, findings: [Finding])] { [(origin, findings)] }
    mutating func judge(_ judge: ([Finding]) -> [Finding]) { findings = judge(findings) }

    func text(_ style: Style) -> String {
        var lines = [
            "apple-app-site-association  \(appleAppSiteAssociation == nil ? style.red("unusable") : "found")",
            "assetlinks.json             \(assetLinks == nil ? style.red("unusable") : "found")",
        ]
        for verdict in paths {
            lines.append(
                "\(verdict.opensApp ? style.green("app    ") : style.red("browser")) \(TerminalText.safe(verdict.url))  \(TerminalText.safe(verdict.explanation))"
            )
        }
        return (lines + ["", FindingsText.render(findings, style: style)]).joined(separator: "\n")
    }
}
