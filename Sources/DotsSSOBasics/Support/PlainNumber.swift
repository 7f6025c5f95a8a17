/// A number as a person reads it in a message: whole numbers without ".0" (`30`, not `30.0`), others as Swift prints
/// them. For canvas sizes, frame rates, seconds and pass field values alike. Also the few fixed layouts messages and
/// files need (`1.5 s`, `0042`, `0x1F`), written here rather than with `String(format:)`, which needs Foundation's
/// locale support (ICU) in the binary.
package enum PlainNumber {
    package static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// `value` rounded to `places` decimals, always showing them, as printf's `%.Nf`: `fixed(2, places: 2)` is "2.00",
    /// an exact half goes to the even digit (`fixed(2.5, places: 0)` is "2"), and a negative value keeps its sign even
    /// when it rounds to zero. Values beyond ±1e15 or not finite fall back to Swift's own text.
    package static func fixed(_ value: Double, places: Int) -> String {
        let places = min(max(places, 0), 9)
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded(.toNearestOrEven)
        guard value.isFinite, scaled < 1e15 else { return String(value) }
        let units = Int64(scaled)
        let sign = value < 0 ? "-" : ""
        guard places > 0 else { return sign + String(units) }
        return sign + String(units / scale) + "." + zeroPadded(Int(units % scale), width: places)
    }

    /// `value` in decimal with leading zeros to `width` digits: `zeroPadded(7, width: 2)` is "07".
    package static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + padding + digits
    }

    /// A byte as two upper-case hexadecimal digits: "0A".
    package static func hexByte(_ byte: UInt8) -> String {
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
