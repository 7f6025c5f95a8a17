import DotsSSOBasics
import DotsSSOCore

/// One picture of an animation's frames side by side: each fitted in its cell over a checkerboard (so transparency
/// shows), its frame number under it, and under them all the caveat when rlottie under-draws the animation (so a
/// person does not judge the loader by frames that leave something out: the app's player is lottie-ios).
enum LottieContactSheet {
    static let gap = 8.0
    static let labelHeight = 18.0
    static let background = PictureColor(red: 0.93, green: 0.93, blue: 0.94)
    /// The caveat: up to three wrapped lines of 11 px text, in a dark amber that reads as a warning on the grey.
    static let caveatLines = 3
    static let caveatSize = 11.0
    static let caveatColor = PictureColor(red: 0.55, green: 0.33, blue: 0.0)

    /// Columns: six at most, fewer for fewer frames, so a 12-frame sheet is two rows.
    static func columns(for count: Int) -> Int { min(count, 6) }

    static func draw(
        _ renderer: LottieRenderer, frames: [Int], cell: PictureSize, caveat: String? = nil, label: (Int) -> String
    ) throws -> Canvas {
        let columns = columns(for: frames.count)
        let rows = (frames.count + columns - 1) / columns
        let cellWidth = Double(cell.width), cellHeight = Double(cell.height)
        let width = Int(clamping: gap + Double(columns) * (cellWidth + gap), to: 1...100_000)
        let caveatHeight = caveat == nil ? 0 : caveatSize * 1.25 * Double(caveatLines) + gap
        let framesHeight = gap + Double(rows) * (cellHeight + labelHeight + gap)
        let height = Int(clamping: framesHeight + caveatHeight, to: 1...100_000)
        let sheet = try Canvas(width: width, height: height)
        sheet.fill(x: 0, y: 0, width: Double(width), height: Double(height), background)
        let fitted = renderer.fitted(in: (cell.width, cell.height))
        for (index, frame) in frames.enumerated() {
            let left = gap + Double(index % columns) * (cellWidth + gap)
            let top = gap + Double(index / columns) * (cellHeight + labelHeight + gap)
            let x = left + (cellWidth - Double(fitted.width)) / 2, y = top + (cellHeight - Double(fitted.height)) / 2
            sheet.checkerboard(x: x, y: y, width: Double(fitted.width), height: Double(fitted.height))
            let picture = try renderer.render(frame: frame, width: fitted.width, height: fitted.height)
            sheet.draw(picture, x: x, y: y, width: Double(fitted.width), height: Double(fitted.height))
            sheet.text(
                label(frame), x: left, y: top + cellHeight + 2, width: cellWidth, size: 11,
                color: PictureColor(red: 0.25, green: 0.25, blue: 0.28), alignment: .center)
        }
        if let caveat {
            sheet.text(
                caveat, x: gap, y: framesHeight, width: Double(width) - 2 * gap, size: caveatSize, color: caveatColor,
                lines: caveatLines)
        }
        return sheet
    }
}
