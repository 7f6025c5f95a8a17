import DotsSSOBasics
import DotsSSOCore

/// `containers show`: each container's request and whether the member may open it.
extension ContainersShowUseCase.Result: FindingsBody {
    var suite: String { "containers" }
    /// One member's containers, whose findings end in one summary already.
    var endsWithTotal: Bool { false }

    /// One case per container (its findings are located at `$.containers[i]`), then one for the rest, about the list.
    var cases: [(input: String, findings: [Finding])] {
        let perContainer = containers.enumerated().map { index, request in
            (input: request.name, findings: findings.filter { $0.location.path?.hasPrefix("$.containers[\(index)]") == true })
        }
        let general = findings.filter { finding in !perContainer.contains { $0.findings.contains(finding) } }
        return perContainer + (general.isEmpty && !perContainer.isEmpty ? [] : [("containers", general)])
    }

    mutating func judge(_ judge: ([Finding]) -> [Finding]) { findings = judge(findings) }

    func text(_ style: Style) -> String {
        let safe = TerminalText.safe
        var lines: [String] = []
        for request in containers {
            let verdict =
                request.allowed.map { $0 ? style.green("may open") : style.red("blocked by \(safe(request.flag ?? "its flag"))") }
                ?? "unknown (no profile)"
            lines.append(style.bold(safe(request.name)) + "  " + verdict)
            var rows = [["request", "\(request.method) \(safe(request.url))"]]
            if request.urlChoices > 1 {
                let chosen =
                    request.variant.map { "the \(safe($0)) variant" }
                    ?? (request.allowed == nil ? "the plain URL (no member known)" : "the plain URL (no variant flag on)")
                rows.append(["url", "\(chosen), of \(request.urlChoices) URLs"])
            }
            rows += request.headers.sorted { $0.key < $1.key }.map { ["header", safe("\($0.key): \($0.value)")] }
            rows.append(["token", request.tokenIn.map(safe) ?? "not passed"])
            rows.append(["user id", request.userIdIn.map(safe) ?? "not passed"])
            rows.append(["flag", request.flag.map(safe) ?? "none (always shown)"])
            lines.append(Table.render(rows, indent: "  "))
            lines.append("")
        }
        lines.append(FindingsText.render(findings, style: style))
        return lines.joined(separator: "\n")
    }
}

/// `containers probe`: one row per container request made.
extension [ContainersProbeUseCase.Probe]: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        let table = Table.render(
            map { result in
                [
                    result.passed ? style.green("ok") : style.red("fail"), TerminalText.safe(result.name),
                    result.status.map(String.init) ?? "-",
                    result.milliseconds.map { "\($0) ms" } ?? "-", TerminalText.safe(result.problem ?? (result.contentType ?? "")),
                ]
            }, header: ["", "CONTAINER", "STATUS", "TIME", "DETAIL"])
        return [.result(table)]
    }
}
