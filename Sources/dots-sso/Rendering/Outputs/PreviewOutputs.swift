import DotsSSOBasics
import DotsSSOCore

/// `pkpass preview`: the pictures written, and what could not be drawn.
extension PassPreviewUseCase.Preview: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        var lines: [OutputLine] = [.result("\(TerminalText.safe(front))  front of the \(self.style) pass (\(layout.rawValue) layout)")]
        if let back { lines.append(.result("\(TerminalText.safe(back))  back")) }
        if !findings.isEmpty { lines.append(.result(FindingsText.render(findings, style: style))) }
        return lines
    }
}

/// `bodymovin preview`: the contact sheet (and GIF) written, and what rendering showed.
extension BodymovinPreviewUseCase.Preview: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        var lines: [OutputLine] = [
            .result(
                "\(TerminalText.safe(sheet))  \(frames.count) frames (\(frames.map(String.init).joined(separator: ", "))), \(cell) cells")
        ]
        if let gif, let gifFrames { lines.append(.result("\(TerminalText.safe(gif))  \(gifFrames) frames")) }
        if !findings.isEmpty { lines.append(.result(FindingsText.render(findings, style: style))) }
        return lines
    }
}
