import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

@Suite("ISO timestamps")
struct ISOTimestampTests {
    @Test(
        "the same text as Foundation's ISO 8601 formatter, for dates from 1960 to 2100",
        arguments: [
            -315_619_200.0, 0, 1_590_969_600.5, 1_675_814_399, 1_795_000_000, 4_102_444_800,
        ])
    func matchesFoundation(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(ISOTimestamp.string(date) == ISO8601DateFormatter().string(from: date))
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        #expect(ISOTimestamp.day(date) == day.string(from: date))
    }

    @Test(
        "total: a date from outside (exp 1e300, -1e300, NaN) is shown at the nearest end of years 1 to 9999, never a trap",
        arguments: [
            (1e300, "9999-12-31T23:59:59Z"), (-1e300, "0001-01-01T00:00:00Z"), (Double.nan, "0001-01-01T00:00:00Z"),
            (Double.infinity, "9999-12-31T23:59:59Z"),
        ])
    func total(seconds: Double, shown: String) {
        #expect(ISOTimestamp.string(Date(timeIntervalSince1970: seconds)) == shown)
    }
}
