import FoundationEssentials

/// When a wait must end, on the monotonic clock. Waits and timeouts are real time passing, not dates: the
/// context's `WallClock` says what time it is (and tests move it), while a wall-clock jump (NTP, a laptop waking)
/// must neither cut a wait short nor stretch it.
package struct Deadline: Sendable {
    private let end: ContinuousClock.Instant

    package init(seconds: TimeInterval) {
        end = ContinuousClock.now + .milliseconds(Int(clamping: seconds * 1000, to: 0...(86_400_000 * 365)))
    }

    package var hasPassed: Bool { ContinuousClock.now >= end }

    /// Seconds left, never below zero.
    package var remaining: TimeInterval {
        max(0, ContinuousClock.now.duration(to: end).seconds)
    }
}

/// How long something took, on the monotonic clock, for the durations we report (a request, a check, a run).
package struct Stopwatch: Sendable {
    private let start = ContinuousClock.now

    package init() {}

    package var seconds: TimeInterval {
        start.duration(to: .now).seconds
    }

    /// Whole milliseconds, clamped to what an `Int32` holds (JSON consumers read it as a 32-bit number).
    package var milliseconds: Int { Int(clamping: seconds * 1000, to: 0...Int(Int32.max)) }
}

extension Duration {
    /// The duration in seconds, as `TimeInterval` does.
    fileprivate var seconds: TimeInterval { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
