import FoundationEssentials

/// A value made by the first caller that needs it while any others wait, so it is made once even when several
/// threads ask at the same moment (the first requests of a parallel download all start together).
package final class MadeOnce<Value>: @unchecked Sendable {
    // @unchecked: `made` is guarded by `lock`.
    private let lock = Lock()

    package init() {}
    private var made: [Value] = []  // empty until made: Value may itself be optional

    /// The value, made now by `make` if no call made it yet.
    package func value(_ make: () -> Value) -> Value {
        lock.withLock {
            if let value = made.first { return value }
            let value = make()
            made = [value]
            return value
        }
    }

    /// The value if it was made.
    package var existing: Value? { lock.withLock { made.first } }
}
