import DotsSSOBasics
import FoundationEssentials

/// Under GitHub Actions the runner obeys any output line that starts with `::` (`::error …`, `::set-output …`,
/// `::stop-commands::…`) and `##[error]` anywhere in a line. Partner text we print (a feature's name, a finding
/// quoting a document) could so forge annotations, set step outputs or silence ours. This stream wraps every
/// such line in `::stop-commands::<random token>` … `::<token>::` (GitHub's documented way to print text as text)
/// and breaks `##[` with a zero-width space; only `writeCommand` writes a workflow command of our own.
package final class WorkflowCommandGuard: TextOutput, @unchecked Sendable {
    // @unchecked: `atLineStart` is guarded by `lock`; `inner` is itself safe to share.
    private let inner: any TextOutput
    private let token: String
    private let lock = Lock()
    private var atLineStart = true

    package init(_ inner: any TextOutput) {
        self.inner = inner
        token = (try? SecureRandom.base64URLString(byteCount: 16)).map { "dots-sso-\($0)" } ?? "dots-sso-\(UUID().uuidString)"
    }

    /// `##[` with a zero-width space inside: reads the same, and the runner no longer sees a command.
    static let brokenLegacyCommand = "#\u{200B}#["

    package var isTerminal: Bool { inner.isTerminal }
    package var failure: String? { inner.failure }

    package func write(_ text: String) {
        let guarded: String = lock.withLock {
            var result = ""
            var rest = Substring(text)
            while !rest.isEmpty {
                let end = rest.firstIndex(of: "\n").map { rest.index(after: $0) } ?? rest.endIndex
                let line = rest[..<end].replacing("##[", with: Self.brokenLegacyCommand)
                if atLineStart && line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("::") {
                    result += "::stop-commands::\(token)\n\(line)\(line.hasSuffix("\n") ? "" : "\n")::\(token)::\n"
                    atLineStart = true
                } else {
                    result += line
                    atLineStart = line.hasSuffix("\n")
                }
                rest = rest[end...]
            }
            return result
        }
        inner.write(guarded)
    }

    /// One workflow command of ours (an annotation), on a line of its own; partner text quoted in it still has its
    /// `##[` broken.
    package func writeCommand(_ line: String) {
        lock.withLock {
            inner.write((atLineStart ? "" : "\n") + line.replacing("##[", with: Self.brokenLegacyCommand) + "\n")
            atLineStart = true
        }
    }
}
