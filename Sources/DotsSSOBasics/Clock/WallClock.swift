import FoundationEssentials

/// The time as use cases see it: the system clock in the binary, a clock set by hand in tests (so a token can
/// expire without anyone waiting for it). Waiting goes through the clock too, so a device sign-in's polling can be
/// timed in tests without anyone waiting for it.
package struct WallClock: Sendable {
    package var now: @Sendable () -> Date
    /// Waits this many seconds (the real clock sleeps; a simulated one moves its time on at once).
    package var sleep: @Sendable (TimeInterval) async throws -> Void

    package init(now: @escaping @Sendable () -> Date, sleep: (@Sendable (TimeInterval) async throws -> Void)? = nil) {
        self.now = now
        self.sleep =
            sleep ?? { seconds in
                try await Task.sleep(nanoseconds: UInt64(Int(clamping: seconds * 1_000_000_000, to: 0...86_400_000_000_000)))
            }
    }

    package static let system = WallClock { Date() }

    /// A clock that always says `date`.
    package static func fixed(_ date: Date) -> WallClock {
        WallClock { date }
    }

    /// A clock that starts at `start` and moves on only when someone sleeps, by exactly what they asked; every sleep
    /// is recorded, so a test can read the waits a polling loop made.
    package static func simulated(start: Date, log: SleepLog = SleepLog()) -> WallClock {
        WallClock(now: { start.addingTimeInterval(log.total) }, sleep: { seconds in log.record(seconds) })
    }

    /// The sleeps a simulated clock was asked for, in order.
    package final class SleepLog: @unchecked Sendable {
        // @unchecked: `sleeps` is guarded by `lock`.
        private let lock = Lock()
        private var sleeps: [TimeInterval] = []

        package init() {}

        package var all: [TimeInterval] { lock.withLock { sleeps } }
        package var total: TimeInterval { lock.withLock { sleeps.reduce(0, +) } }

        func record(_ seconds: TimeInterval) { lock.withLock { sleeps.append(seconds) } }
    }
}
