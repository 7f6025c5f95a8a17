import Foundation

/// A thread-safe count, for progress reported from concurrent tasks.
public final class Counter: @unchecked Sendable {
    // @unchecked: `value` is guarded by `lock`.
    private let lock = NSLock()
    private var value = 0

    public init() {}

    /// Adds one and returns the new count.
    public func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
