/// A peer a whole suite shares (a scripted provider takes seconds to start): started by the first case that asks, and
/// every case asking meanwhile waits for that same start instead of starting another.
package actor SharedPeer<Value: Sendable> {
    private var starting: Task<Value, any Error>?

    package init() {}

    /// The running peer, started with `start` if no case has started it yet.
    package func value(_ start: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let task = starting ?? Task { try await start() }
        starting = task
        return try await task.value
    }
}
