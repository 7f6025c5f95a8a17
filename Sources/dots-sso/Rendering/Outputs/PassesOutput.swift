import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// `pkpass inspect`: each pass's summary and findings.
extension PKPassInspectUseCase.Result: FindingsBody {
    var suite: String { "pkpass inspect" }
    var cases: [(input: String, findings: [Finding])] { passes.map { ($0.file, $0.findings) } }
    var ending: (any Error)? { inputStatus.map { ExitCode($0.rawValue) } }

    mutating func judge(_ judge: ([Finding]) -> [Finding]) {
        for index in passes.indices { passes[index].findings = judge(passes[index].findings) }
    }

    func text(_ style: Style) -> String {
        passes.map { PassText.render($0, style: style, now: checkedAt) }.joined(separator: "\n\n")
    }
}

/// `passes fetch`: each downloaded pass with its verdict, then the findings about the list and the run's summary.
extension PassesFetchUseCase.Result: FindingsBody {
    /// Its text ends with the run's summary already.
    var endsWithTotal: Bool { false }

    var suite: String { "passes fetch" }
    var cases: [(input: String, findings: [Finding])] { [(source, findings)] + passes.map { ($0.file ?? $0.url, $0.findings) } }
    var ending: (any Error)? { saveFailure }

    mutating func judge(_ judge: ([Finding]) -> [Finding]) {
        for index in passes.indices { passes[index].findings = judge(passes[index].findings) }
        findings = judge(findings)
    }

    func text(_ style: Style) -> String {
        var lines = [style.dim("\(passes.count) pass\(passes.count == 1 ? "" : "es") from \(TerminalText.safe(source))")]
        for pass in passes {
            let title =
                "\(pass.position)\(pass.primary ? " (primary)" : "") \(pass.url)" + (pass.file.map { " → \($0)" } ?? "")
                + (pass.preview.map { " (picture: \($0))" } ?? "")
            let inspection = PassInspection(
                file: pass.file ?? pass.url, kind: .pkpass, summary: pass.summary ?? PassSummary(), findings: pass.findings)
            lines.append("\n" + PassText.render(inspection, title: title, style: style, now: checkedAt))
        }
        if !findings.isEmpty { lines.append("\n" + FindingsText.render(findings, style: style)) }
        lines.append("\n" + FindingsText.summary(FindingSummary(cases.flatMap(\.findings)), style: style))
        return lines.joined(separator: "\n")
    }
}
