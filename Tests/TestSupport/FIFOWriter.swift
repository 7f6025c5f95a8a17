import Foundation

/// Writes into a FIFO from a thread of its own. Opening a FIFO blocks until its reader opens it, and the reader here
/// is a command under test that holds a cooperative thread while it reads; a writer on the cooperative pool could
/// then wait for a thread that never comes free (two threads on this machine), so it must not be a task.
package final class FIFOWriter: Sendable {
    private let done: AsyncStream<Void>

    package init(_ data: Data, to path: String) {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        done = stream
        Thread {
            try? data.write(to: URL(fileURLWithPath: path))
            continuation.finish()
        }.start()
    }

    /// Returns once the data is written (or the write failed).
    package func wait() async {
        for await _ in done {}
    }
}
