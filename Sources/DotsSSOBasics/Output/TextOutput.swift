import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where text goes: stdout or stderr of the process, or a buffer in tests. Writing never crashes and never
/// throws; the first failure is kept so the run can end with exit 74 and one line saying why.
package protocol TextOutput: AnyObject, Sendable {
    func write(_ text: String)
    /// Writes UTF-8 pieces one after another, as one text: a large document (`OutputJSONEncoder.encodeLineParts`) is
    /// not joined first. The default joins them into one `write`, for outputs that read what they pass on.
    func write(parts: [[UInt8]])
    /// Whether a person is looking (a terminal): colour and progress bars only then.
    var isTerminal: Bool { get }
    /// Why writing failed, once it has (closed stdout, full disk).
    var failure: String? { get }
}

extension TextOutput {
    package func write(parts: [[UInt8]]) {
        write(String(decoding: Array(parts.joined()), as: UTF8.self))
    }

    /// Writes `text` ending in exactly one newline.
    package func writeLine(_ text: String) {
        write(text.hasSuffix("\n") ? text : text + "\n")
    }
}

/// A file descriptor written with `write(2)`: short writes and `EINTR` are retried; any other error is recorded
/// and later writes are dropped, so a closed pipe or a full disk becomes exit 74 instead of a crash.
package final class FileDescriptorOutput: TextOutput, @unchecked Sendable {
    // @unchecked: `recorded` is guarded by `lock`; the descriptor itself is only written under it.
    private let descriptor: Int32
    private let lock = Lock()
    private var recorded: String?

    package static let standardOutput = FileDescriptorOutput(descriptor: STDOUT_FILENO)
    package static let standardError = FileDescriptorOutput(descriptor: STDERR_FILENO)

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    package var isTerminal: Bool { isatty(descriptor) == 1 }

    package var failure: String? { lock.withLock { recorded } }

    package func write(_ text: String) {
        lock.withLock {
            // A native string's UTF-8 is written where it lies: a 1,000-pass report is 1.5 MB, and a copy of it was
            // one more pass over fresh pages before the first byte went out.
            var text = text
            text.withUTF8 { writeLocked($0) }
        }
    }

    /// Each piece where it lies, in order, under the one lock: nothing another thread writes comes between them.
    package func write(parts: [[UInt8]]) {
        lock.withLock {
            for part in parts { part.withUnsafeBufferPointer { writeLocked($0) } }
        }
    }

    /// Writes all of `bytes`, retrying short writes and EINTR; the first failure is recorded and ends all writing.
    private func writeLocked(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard recorded == nil else { return }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                recorded = written < 0 ? String(cString: strerror(errno)) : "nothing could be written"
                return
            }
        }
    }
}

/// Collects everything written, for tests and for commands that render into a string first.
package final class BufferedOutput: TextOutput, @unchecked Sendable {
    // @unchecked: `buffer` is guarded by `lock`.
    private let lock = Lock()
    private var buffer = ""
    package let isTerminal: Bool

    package init(isTerminal: Bool = false) {
        self.isTerminal = isTerminal
    }

    package func write(_ text: String) {
        lock.withLock { buffer += text }
    }

    package var text: String { lock.withLock { buffer } }

    package var failure: String? { nil }
}
