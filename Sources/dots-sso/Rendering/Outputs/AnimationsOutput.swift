import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// `bodymovin validate`: each animation's figures and findings.
extension BodymovinValidateUseCase.Result: FindingsBody {
    var suite: String { "bodymovin validate (\(profile.rawValue))" }
    var cases: [(input: String, findings: [Finding])] { files.map { ($0.file, $0.findings) } }
    var ending: (any Error)? { inputStatus.map { ExitCode($0.rawValue) } }

    mutating func judge(_ judge: ([Finding]) -> [Finding]) {
        for index in files.indices { files[index].findings = judge(files[index].findings) }
    }

    func text(_ style: Style) -> String {
        files.map { result in
            let s = result.summary
            var figures = ["v\(s.version.map(TerminalText.safe) ?? "?")"]
            if let w = s.width, let h = s.height { figures.append("\(PlainNumber.text(w))×\(PlainNumber.text(h))") }
            if let rate = s.frameRate { figures.append("\(PlainNumber.text(rate)) fps") }
            if let duration = s.durationSeconds { figures.append(PlainNumber.fixed(duration, places: 2) + " s") }
            figures.append("\(s.layers) layer\(s.layers == 1 ? "" : "s")")
            figures.append("\(s.bytes / 1024) KB")
            let findings = FindingsText.render(result.findings, style: style).split(separator: "\n").map { "  " + $0 }
            return ([style.bold(TerminalText.safe(result.file)) + "  " + figures.joined(separator: ", ")] + findings).joined(
                separator: "\n")
        }.joined(separator: "\n")
    }
}
