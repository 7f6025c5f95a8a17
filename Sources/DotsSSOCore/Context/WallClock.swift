import Foundation

/// The time as use cases see it: the system clock in the binary, a clock set by hand in tests (so a token can
/// expire without anyone waiting for it).
public struct WallClock: Sendable {
    public var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    public static let system = WallClock { Date() }

    /// A clock that always says `date`.
    public static func fixed(_ date: Date) -> WallClock {
        WallClock { date }
    }
}
