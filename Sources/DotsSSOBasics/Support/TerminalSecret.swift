import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A secret typed or pasted at a terminal (`--access-token-file -` with stdin a terminal): a prompt on stderr, the
/// input not echoed (so the member's token never lands in the scrollback), and one line, ended by Enter rather than
/// two Ctrl-Ds. The terminal's settings are put back when the read ends (and by the shell, should a signal end it).
/// Only `ProcessStandardInput` calls it: stdin is read through the context.
enum TerminalSecret {
    /// One line from the terminal `fd`, at most `limit` bytes kept (more is read and dropped); nil at end of input.
    static func readLine(fd: Int32, prompt: String, limit: Int) -> Data? {
        // Echo goes off before the prompt shows, and nothing typed is discarded (TCSANOW, not TCSAFLUSH): a person
        // (or a paste) that answers the instant the prompt appears is neither echoed nor lost.
        var saved = termios()
        let quiet = tcgetattr(fd, &saved) == 0
        if quiet {
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            silent.c_lflag |= tcflag_t(ECHONL)
            _ = tcsetattr(fd, TCSANOW, &silent)
        }
        defer { if quiet { _ = tcsetattr(fd, TCSANOW, &saved) } }
        FileDescriptorOutput.standardError.write(prompt + " ")
        var line = Data()
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return line }
            // Past the limit the rest is read and dropped, so the caller refuses it as too long without holding it.
            if line.count <= limit { line.append(byte) }
        }
        return line.isEmpty ? nil : line
    }
}
