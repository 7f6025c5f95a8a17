import Foundation

/// A clock the test moves, shared with the sandbox.
package final class MovableClock: @unchecked Sendable {
    // @unchecked: `offset` is guarded by `lock`.
    private let lock = NSLock()
    private var offset: TimeInterval = 0
    /// Stands still until advanced: a test that moves it 59 s must not also get the seconds a loaded machine takes
    /// between two commands (the wall clock is read once, so tokens stamped with it still look current).
    private let start = Date()

    package init() {}
    package func now() -> Date { lock.withLock { start.addingTimeInterval(offset) } }
    package func advance(_ seconds: TimeInterval) { lock.withLock { offset += seconds } }
}
