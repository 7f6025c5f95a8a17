import FoundationEssentials

/// Passes text through to another output and remembers whether any was written: so a `--json` run that fails
/// before printing its document can print the failure document instead of leaving stdout empty.
package final class WatchedOutput: TextOutput, @unchecked Sendable {
    // @unchecked: `wrote` is guarded by `lock`; `inner` is itself Sendable.
    private let inner: any TextOutput
    private let lock = Lock()
    private var wrote = false

    package init(_ inner: any TextOutput) {
        self.inner = inner
    }

    package func write(_ text: String) {
        lock.withLock { wrote = wrote || !text.isEmpty }
        inner.write(text)
    }

    package func write(parts: [[UInt8]]) {
        lock.withLock { wrote = wrote || parts.contains { !$0.isEmpty } }
        inner.write(parts: parts)
    }

    package var isTerminal: Bool { inner.isTerminal }
    package var failure: String? { inner.failure }
    /// Whether anything has been written.
    package var written: Bool { lock.withLock { wrote } }
}
