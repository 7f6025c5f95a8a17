/// Conversions of a `Double` that came from outside (a file, a server, a C library) into an integer. Swift's
/// `Int(_: Double)` traps on NaN, infinity and values beyond `Int`'s range; these never do.
/// `NumberConversionTests` greps the sources for unchecked conversions.
extension Int {
    /// `value` rounded by `rule` when it is finite and fits in `Int`, else nil.
    package init?(checked value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) {
        let rounded = value.rounded(rule)
        guard rounded.isFinite, let exact = Int(exactly: rounded) else { return nil }
        self = exact
    }

    /// `value` rounded by `rule` and clamped into `range`; NaN becomes the lower bound.
    package init(clamping value: Double, to range: ClosedRange<Int>, rounding rule: FloatingPointRoundingRule = .towardZero) {
        guard !value.isNaN else {
            self = range.lowerBound
            return
        }
        let rounded = value.rounded(rule)
        if rounded <= Double(range.lowerBound) {
            self = range.lowerBound
        } else if rounded >= Double(range.upperBound) {
            self = range.upperBound
        } else {
            self = Int(exactly: rounded) ?? range.lowerBound
        }
    }
}
