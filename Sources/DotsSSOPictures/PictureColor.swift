import DotsSSOBasics
import DotsSSOCore

/// A colour with components from 0 to 1.
package struct PictureColor: Sendable, Equatable {
    package var red, green, blue, alpha: Double

    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    package static let white = PictureColor(red: 1, green: 1, blue: 1)
    package static let black = PictureColor(red: 0, green: 0, blue: 0)

    /// A pass.json colour: `rgb(r, g, b)` with 0-255 components (what Wallet reads), or `#rrggbb` (which it does not,
    /// but partners write); nil for anything else.
    package init?(passColor text: String) {
        let trimmed = text.filter { !$0.isWhitespace }.lowercased()
        if trimmed.hasPrefix("rgb("), trimmed.hasSuffix(")") {
            let parts = trimmed.dropFirst(4).dropLast().split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 3 else { return nil }
            let values = parts.compactMap { Int($0) }.filter { (0...255).contains($0) }
            guard values.count == 3 else { return nil }
            self.init(red: Double(values[0]) / 255, green: Double(values[1]) / 255, blue: Double(values[2]) / 255)
        } else if trimmed.hasPrefix("#"), trimmed.count == 7, let value = Int(trimmed.dropFirst(), radix: 16) {
            self.init(red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255, blue: Double(value & 0xFF) / 255)
        } else {
            return nil
        }
    }

    /// Relative luminance, to pick a readable default text colour on a background.
    package var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

    package func with(alpha: Double) -> PictureColor { PictureColor(red: red, green: green, blue: blue, alpha: alpha) }
}
