import Foundation

/// A one-line progress bar on stderr, drawn only on a terminal (never in logs or pipes).
final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private let label: String
    private let lock = NSLock()

    init(enabled: Bool, label: String) {
        self.enabled = enabled
        self.label = label
    }

    func update(_ finished: Int, of total: Int) {
        guard enabled, total > 0 else { return }
        let width = 24
        let filled = finished * width / total
        let line = "\r\(label) [\(String(repeating: "#", count: filled))\(String(repeating: "-", count: width - filled))] \(finished)/\(total)"
        lock.withLock { FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// Clears the bar so the results start on a clean line.
    func finish() {
        guard enabled else { return }
        lock.withLock { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}
