import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// What `-` reads: the process's stdin in the binary, bytes a test gives in-process. The context holds it, and the
/// root of a run binds it for `InputFile` (`InputFile.$standardInput`), so no use case reads the process's stdin on
/// its own and an in-process test can pipe a pass or an animation into a command.
package protocol StandardInput: Sendable {
    /// Up to `count` bytes; nil or empty at end of input.
    func read(upToCount count: Int) throws -> Data?

    /// A secret a person types or pastes at a terminal: nil when this input is no terminal (read it as bytes then);
    /// else one line, asked for with `prompt` on stderr and not echoed (`TerminalSecret`).
    func secretLine(prompt: String, limit: Int) -> Data??
}

extension StandardInput {
    package func secretLine(prompt: String, limit: Int) -> Data?? { nil }
}

/// The process's own standard input.
package struct ProcessStandardInput: StandardInput {
    package init() {}

    package func read(upToCount count: Int) throws -> Data? {
        try FileDescriptorIO.read(STDIN_FILENO, upToCount: count)
    }

    package func secretLine(prompt: String, limit: Int) -> Data?? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        return .some(TerminalSecret.readLine(fd: STDIN_FILENO, prompt: prompt, limit: limit))
    }
}

/// Bytes given up front (tests): read once, then end of input.
package final class BufferedInput: StandardInput, @unchecked Sendable {
    // @unchecked: `data` and `offset` are guarded by `lock`.
    private let lock = Lock()
    private var data: Data
    private var offset = 0

    package init(_ data: Data = Data()) {
        self.data = data
    }

    /// Replaces what is left to read.
    package func provide(_ bytes: Data) {
        lock.withLock {
            data = bytes
            offset = 0
        }
    }

    package func read(upToCount count: Int) throws -> Data? {
        lock.withLock {
            let end = min(data.count, offset + max(0, count))
            defer { offset = end }
            return data.subdata(in: offset..<end)
        }
    }
}
