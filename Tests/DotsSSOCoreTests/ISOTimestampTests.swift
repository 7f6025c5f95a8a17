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

    /// The pass.json reading dots-sso had before: an ICU formatter per call, in the three forms Apple's Pass Builder
    /// writes, behind a check that the zone is `Z` or `±HH:MM`. The hand parser must agree with it.
    static func formatterReading(_ text: String) -> Date? {
        guard let time = text.firstIndex(of: "T"),
            let start = text[time...].firstIndex(where: { $0 == "Z" || $0 == "+" || $0 == "-" })
        else { return nil }
        let zone = Array(text[start...])
        guard zone == ["Z"] || (zone.count == 6 && zone[3] == ":" && [1, 2, 4, 5].allSatisfy { zone[$0].isASCII && zone[$0].isNumber })
        else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        for format in ["yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mmXXXXX"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    @Test(
        "pass.json dates are read as ICU's formatter read them: the forms with a zone, each field in range, nothing else",
        arguments: [
            "2026-12-01T18:00:00Z", "2026-12-01T19:00:00+01:00", "2026-10-08T19:00:00-05:30", "2026-12-01T18:00Z",
            "2026-12-01T18:00+01:00", "2026-12-01T18:00:00.123Z", "2026-12-01T18:00:00.123+01:00", "2024-02-29T12:00:00Z",
            "2025-02-29T12:00:00Z", "2026-13-01T00:00:00Z", "2026-12-32T00:00:00Z", "2026-04-31T00:00:00Z",
            "2026-12-01T24:00:00Z", "2026-12-01T23:60:00Z", "2026-12-01T23:59:60Z", "2026-12-01T18:00:00+0100",
            "2026-12-01T18:00:00+01", "2026-12-01T18:00:00", "2026-12-01", "2026-12-01T18:00:00z", "2026-12-01 18:00:00Z",
            "2026-12-01T18:00:00Z ", " 2026-12-01T18:00:00Z", "2026-12-01T18:00:00+25:00", "9999-12-31T23:59:59Z",
            "2026-1-01T18:00:00Z", "2026-01-1T8:5:7Z", "", "T", "2026-12-01T18:00:00ZZ", "2026-12-01T18:00:00.Z",
        ])
    func parseMatchesFormatter(text: String) {
        #expect(ISOTimestamp.parse(text) == Self.formatterReading(text), "\(text)")
    }

    @Test("before 1582 the parse counts proleptic Gregorian days, as ISO 8601 does (ICU switched to the Julian calendar there)")
    func prolepticGregorian() {
        #expect(ISOTimestamp.parse("0001-01-01T00:00:00Z") == Date(timeIntervalSince1970: -62_135_596_800))
        #expect(ISOTimestamp.string(ISOTimestamp.parse("1500-03-01T12:00:00Z")!) == "1500-03-01T12:00:00Z")
    }
}
