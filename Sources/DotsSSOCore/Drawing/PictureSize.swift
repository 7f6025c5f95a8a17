import DotsSSOBasics

/// A width and height in pixels, as `--size WxH` writes it.
package struct PictureSize: Sendable, Equatable, Codable, CustomStringConvertible {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `160x160` or `160×160`; nil for anything else.
    package init?(parsing text: String) {
        let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" }).map(String.init)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else { return nil }
        self.init(width: width, height: height)
    }

    package var description: String { "\(width)x\(height)" }
}
