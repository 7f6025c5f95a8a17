import FoundationEssentials

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

    /// `Tue, 01 Dec 2026 19:30:00 +0000`: an RFC 5322 mail date, in UTC and English as the RFC spells it.
    package static func mailDate(_ date: Date) -> String {
        let parts = fields(date)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let year = PlainNumber.zeroPadded(Int(parts.tm_year) + 1900, width: 4)
        return "\(weekdays[Int(parts.tm_wday) % 7]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon) % 12]) \(year) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) +0000"
    }

    /// The instants shown: years 0001 to 9999. A date outside (from a file or a server: `exp: 1e300`) is shown at
    /// the nearest end, and a non-number as the start, instead of trapping in the conversion to `time_t`.
    static let shown: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    package static func fields(_ date: Date) -> tm {
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

    package static func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Reads a W3C date-time with a zone: `yyyy-MM-ddTHH:mm`, optional `:ss` and `.fraction`, then `Z` or `±HH:MM`,
    /// each field in its calendar range (proleptic Gregorian, as ISO 8601 counts). Parsed by hand (with `timegm`)
    /// instead of by an ICU `DateFormatter` built per call, which cost more than the rest of a pass.json check; as
    /// leniently as that formatter read pass.json (and Apple's Pass Builder, an ICU formatter too, reads it): leading
    /// spaces, and one digit for a month, day, hour, minute or second. Nil for anything else.
    package static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count, bytes[index] == 32 { index += 1 }
        /// `digits` digits exactly, or from `fewest` up to `digits`.
        func number(_ digits: Int, fewest: Int? = nil) -> Int? {
            var value = 0
            var read = 0
            while read < digits, index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57 {
                value = value * 10 + Int(bytes[index] - 48)
                index += 1
                read += 1
            }
            return read >= (fewest ?? digits) ? value : nil
        }
        func expect(_ character: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == character else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2, fewest: 1), expect(45), let day = number(2, fewest: 1),
            expect(84), let hour = number(2, fewest: 1), expect(58), let minute = number(2, fewest: 1)
        else { return nil }
        var second = 0
        var fraction = 0.0
        if expect(58) {
            guard let value = number(2, fewest: 1) else { return nil }
            second = value
            if expect(46) {
                var scale = 0.1
                let start = index
                while index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57 {
                    fraction += Double(bytes[index] - 48) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        var offset = 0
        if expect(90) {
            // Z
        } else if index < bytes.count, bytes[index] == 43 || bytes[index] == 45 {
            let sign = bytes[index] == 45 ? -1 : 1
            index += 1
            guard let hours = number(2), expect(58), let minutes = number(2), hours <= 23, minutes <= 59 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour <= 23,
            minute <= 59, second <= 59
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Date(timeIntervalSince1970: Double(timegm(&parts) - offset) + fraction)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
