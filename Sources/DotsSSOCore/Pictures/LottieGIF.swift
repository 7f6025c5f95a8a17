import Foundation

/// The whole animation as an animated GIF at its frame rate, bounded: at most `maxSide` px a side and `maxFrames`
/// frames (frames are skipped evenly beyond that, and wherever GIF's 1/100 s delays cannot keep up with the rate).
enum LottieGIF {
    static let maxSide = 320
    static let maxFrames = 300
    /// Browsers show delays under 2/100 s as 1/10 s, so no frame is shorter.
    static let minDelay = 2

    /// Writes the GIF and returns how many frames it holds.
    static func write(_ renderer: LottieRenderer, to path: String) throws -> Int {
        let size = renderer.fitted(in: (maxSide, maxSide))
        let rate = renderer.frameRate > 0 && renderer.frameRate.isFinite ? renderer.frameRate : 30
        let count = max(1, renderer.frameCount)
        let step = max(1, Int((Double(minDelay) * rate / 100).rounded(.up)), (count + maxFrames - 1) / maxFrames)
        var encoder = GIFEncoder(width: size.width, height: size.height)
        var shown = 0.0
        for frame in Swift.stride(from: 0, to: count, by: step) {
            let picture = try renderer.render(frame: frame, width: size.width, height: size.height)
            // Delays are rounded as they accumulate, so the whole loop keeps the animation's length.
            let end = Double(min(frame + step, count)) / rate * 100
            let delay = Int(end.rounded()) - Int(shown.rounded())
            shown = end
            picture.withPixels { pixels, stride in encoder.add(UnsafePointer(pixels), stride: stride, delay: max(minDelay, delay)) }
        }
        try PictureFile.save(Data(encoder.finished()), to: path, what: "the GIF")
        return encoder.frameCount
    }
}
