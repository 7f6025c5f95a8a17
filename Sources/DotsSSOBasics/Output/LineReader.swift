import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Reads lines from a file descriptor (the process's stdin) holding at most `limit` bytes of any one line: the rest
/// of a longer line is read and dropped, and the line comes back cut, longer than any answer a prompt expects (a
/// pasted address is a few KB). `Swift.readLine` holds a line of any length — hundreds of MB from a hostile paste.
package final class LineReader: @unchecked Sendable {
    // @unchecked: the buffer is touched only under `lock`; one reader thread at a time in practice.
    private let lock = Lock()
    private let descriptor: Int32
    private let limit: Int
    private var buffer: [UInt8] = []
    private var ended = false

    /// The longest line kept: far above a redirect address, a header value or an id.
    package static let standardLimit = 64 * 1024

    package init(descriptor: Int32 = 0, limit: Int = LineReader.standardLimit) {
        self.descriptor = descriptor
        self.limit = max(1, limit)
    }

    /// The next line without its line ending (at most `limit` bytes, then cut); nil at end of input.
    package func next() -> String? {
        lock.withLock {
            var line: [UInt8] = []
            while true {
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    append(buffer[..<newline], to: &line)
                    buffer.removeSubrange(...newline)
                    return Self.text(line)
                }
                append(buffer[...], to: &line)
                buffer.removeAll(keepingCapacity: true)
                guard !ended, fill() else {
                    ended = true
                    // A last line without a line ending still counts (the limit is never 0, so it is not empty).
                    return line.isEmpty ? nil : Self.text(line)
                }
            }
        }
    }

    /// Keeps what fits under the limit; the rest of the line is dropped as it is read.
    private func append(_ bytes: ArraySlice<UInt8>, to line: inout [UInt8]) {
        let room = limit - line.count
        if room > 0 { line.append(contentsOf: bytes.prefix(room)) }
    }

    /// Reads more into the buffer; false at end of input or on an error.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[..<count])
            return true
        }
    }

    private static func text(_ bytes: [UInt8]) -> String {
        var line = bytes
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }
}
