import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// UTC timestamps as ISO 8601 text, formatted with `gmtime_r`: the same text as Foundation's `.iso8601`
/// strategy and `ISO8601DateFormatter`, without building an ICU formatter each time (which cost more than
/// inspecting a pass when a batch printed hundreds of dates).
package enum ISOTimestamp {
    /// `2026-11-22T04:33:00Z` (whole seconds).
    package static func string(_ date: Date) -> String {
        let parts = fields(date)
        return "\(day(parts))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    /// `2026-11-22`.
    package static func day(_ date: Date) -> String { day(fields(date)) }

    /// The instants shown: years 0001 to 9999. A date outside (from a file or a server: `exp: 1e300`) is shown at
    /// the nearest end, and a non-number as the start, instead of trapping in the conversion to `time_t`.
    static let shown: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    static func fields(_ date: Date) -> tm {
        let interval = date.timeIntervalSince1970
        let clamped = interval.isNaN ? shown.lowerBound : min(max(interval.rounded(.down), shown.lowerBound), shown.upperBound)
        var seconds = time_t(clamped)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return parts
    }

    static func day(_ parts: tm) -> String {
        let year = Int(parts.tm_year) + 1900
        let padded = year >= 0 && year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return "\(padded)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
    }

    static func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
