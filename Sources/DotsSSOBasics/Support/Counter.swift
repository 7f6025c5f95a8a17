import FoundationEssentials

/// A thread-safe count, for progress reported from concurrent tasks.
package final class Counter: @unchecked Sendable {
    // @unchecked: `value` is guarded by `lock`.
    private let lock = Lock()
    private var value = 0

    package init() {}

    /// Adds one and returns the new count.
    package func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
