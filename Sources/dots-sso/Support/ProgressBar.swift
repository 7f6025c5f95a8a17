import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// A one-line progress bar on stderr, drawn only on a terminal (never in logs or pipes).
final class ProgressBar: @unchecked Sendable {
    // @unchecked: drawing is serialised by `lock`; the other fields are immutable.
    private let output: any TextOutput
    private let enabled: Bool
    private let label: String
    private let lock = Lock()

    init(output: any TextOutput, label: String, enabled: Bool = true) {
        self.output = output
        self.enabled = enabled && output.isTerminal
        self.label = label
    }

    func update(_ finished: Int, of total: Int) {
        guard enabled, total > 0 else { return }
        let width = 24
        let filled = finished * width / total
        let line =
            "\r\(label) [\(String(repeating: "#", count: filled))\(String(repeating: "-", count: width - filled))] \(finished)/\(total)"
        lock.withLock { output.write(line) }
    }

    /// Clears the bar so the results start on a clean line.
    func finish() {
        guard enabled else { return }
        lock.withLock { output.write("\r\u{1B}[2K") }
    }
}
