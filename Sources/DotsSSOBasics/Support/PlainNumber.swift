/// A number as a person reads it in a message: whole numbers without ".0" (`30`, not `30.0`), others as Swift prints
/// them. For canvas sizes, frame rates, seconds and pass field values alike.
package enum PlainNumber {
    package static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
