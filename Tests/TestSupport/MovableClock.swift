import Foundation

/// A clock the test moves, shared with the sandbox.
public final class MovableClock: @unchecked Sendable {
    // @unchecked: `offset` is guarded by `lock`.
    private let lock = NSLock()
    private var offset: TimeInterval = 0

    public init() {}
    public func now() -> Date { lock.withLock { Date().addingTimeInterval(offset) } }
    public func advance(_ seconds: TimeInterval) { lock.withLock { offset += seconds } }
}
