import DotsSSOBasics

/// Every finding code, by domain. It sits on the top floor because it gathers the domains' registries (each
/// domain's `…Findings`); from it come `dots-sso explain`, `docs/findings.md` and SARIF's rule metadata. A new
/// domain lists its `…Findings.all` here; a test refuses a code written inline anywhere else.
package enum FindingCatalog {
    package static let domains: [(name: String, codes: [FindingCode])] = [
        ("discover", DiscoveryFindings.all + FAPI2Findings.all),
        ("profile", ProfileFindings.all + CheckRunFindings.profile),
        ("channel", ChannelFindings.all),
        ("legal", LegalFindings.all),
        ("containers", ContainerFindings.all),
        ("passes", PassesFindings.all),
        ("tls", TLSFindings.all),
        ("authorization", AuthorizationFindings.all),
        ("discovery", CheckRunFindings.discovery),
        ("flags", CheckRunFindings.flags),
        ("container", CheckRunFindings.container),
        ("check", CheckRunFindings.check),
        ("loading-animation", CheckRunFindings.loadingAnimation),
        ("magic-link", CheckRunFindings.magicLink),
        ("applinks", AppLinksFindings.all),
        ("lottie", LottieFindings.all),
        ("pkpass", PassFindings.all),
        ("echo", EchoFindings.all),
    ]

    package static var all: [FindingCode] { domains.flatMap(\.codes) }

    /// Where the catalogue is read on the web (the step summary links each failing finding to its entry).
    package static let documentationURL = "https://github.com/thedots/dots-sso/blob/main/docs/findings.md"

    /// The link to a code's entry: GitHub's anchor for its heading "`CODE` (severity)".
    package static func documentationLink(_ code: String) -> String {
        let severity = Self.code(code)?.severity.rawValue
        let heading = "\(code) \(severity.map { "(\($0))" } ?? "")".lowercased()
        let anchor = String(heading.compactMap { $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : nil })
        return "\(documentationURL)#\(anchor.hasSuffix("-") ? String(anchor.dropLast()) : anchor)"
    }

    package static func code(_ name: String) -> FindingCode? {
        all.first { $0.code == name }
    }

    /// What a name that is not a registered code most likely meant: the code a typo is closest to, else the codes
    /// that share its first two parts (`discover.pkce` → both PKCE codes), at most five.
    package static func nearest(to name: String) -> [String] {
        let codes = all.map(\.code)
        if let typo = NearestName.to(name, among: codes) { return [typo] }
        let parts = name.split(separator: ".")
        guard parts.count >= 2 else { return [] }
        let prefix = parts.prefix(2).joined(separator: ".") + "."
        return Array(codes.filter { $0.hasPrefix(prefix) }.prefix(5))
    }

    /// The catalogue as Markdown (`docs/findings.md`): a section per domain, a paragraph per code.
    package static var markdown: String {
        var lines = [
            "# Finding codes", "",
            "What each finding dots-sso reports means, how severe it is, and where the rule comes from. Generated from the",
            "registry (`dots-sso explain \(CLIFlag.markdown)`); `dots-sso explain CODE` prints one entry.", "",
        ]
        for (name, codes) in domains {
            lines += ["## \(name)", ""]
            for code in codes {
                lines += ["### `\(code.code)` (\(code.severity.rawValue))", "", code.explanation, ""]
                lines += code.fix.map { ["Fix: \($0)", ""] } ?? []
                lines += ["Source: \(code.source)", ""]
            }
        }
        return lines.joined(separator: "\n")
    }
}
