import DotsSSOBasics
import DotsSSOCore

/// `discover`: the provider's endpoints and what the lint found in its metadata.
extension DiscoverUseCase.Result: FindingsBody {
    var suite: String { "discover \(issuer)" }
    var cases: [(input: String, findings: [Finding])] { [(issuer, findings)] }
    mutating func judge(_ judge: ([Finding]) -> [Finding]) { findings = judge(findings) }

    func text(_ style: Style) -> String {
        let safe = TerminalText.safe
        var rows = [["issuer", metadata.issuer.map(safe) ?? "(missing)"], ["metadata", metadata.source]]
        if let consulted = metadata.consulted, !metadata.supplied.isEmpty { rows.append(["also read", consulted]) }
        rows += metadata.endpoints.map {
            [$0.key, safe($0.url) + (metadata.supplied[$0.key] != nil ? "  (from the RFC 8414 document)" : "")]
        }
        // Every capability a sign-in may use (PAR required, DPoP and assertion algorithms…), as the provider states it.
        rows += metadata.capabilities.map { [$0.label, safe($0.value)] }
        return [Table.render(rows), "", FindingsText.render(findings, style: style)].joined(separator: "\n")
    }
}
