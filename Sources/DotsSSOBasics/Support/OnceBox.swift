import FoundationEssentials

/// A value set at most once from any thread (first writer wins), for bridging callbacks to async code.
package final class OnceBox<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `stored` is guarded by `lock`.
    private let lock = Lock()
    private var stored: Value?

    package init() {}

    /// Sets the value if it is unset; returns whether this call set it.
    @discardableResult
    package func set(_ value: Value) -> Bool {
        lock.withLock {
            guard stored == nil else { return false }
            stored = value
            return true
        }
    }

    package var value: Value? { lock.withLock { stored } }
}
