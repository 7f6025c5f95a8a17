import Foundation

/// A clock the test moves, shared with the sandbox.
package final class MovableClock: @unchecked Sendable {
    // @unchecked: `offset` is guarded by `lock`.
    private let lock = NSLock()
    private var offset: TimeInterval = 0

    package init() {}
    package func now() -> Date { lock.withLock { Date().addingTimeInterval(offset) } }
    package func advance(_ seconds: TimeInterval) { lock.withLock { offset += seconds } }
}
