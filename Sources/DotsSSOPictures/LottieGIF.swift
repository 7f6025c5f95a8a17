import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

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
        // The validator refuses rates beyond 0.01...1000; rlottie reads its own copy, so it is clamped here too.
        let rate = renderer.frameRate.isFinite && renderer.frameRate > 0 ? min(max(renderer.frameRate, 1), 1000) : 30
        let count = max(1, renderer.frameCount)
        let step = max(1, Int(clamping: Double(minDelay) * rate / 100, to: 1...1000, rounding: .up), (count + maxFrames - 1) / maxFrames)
        var encoder = GIFEncoder(width: size.width, height: size.height)
        var shown = 0.0
        for frame in Swift.stride(from: 0, to: count, by: step) {
            let picture = try renderer.render(frame: frame, width: size.width, height: size.height)
            // Delays are rounded as they accumulate, so the whole loop keeps the animation's length.
            let end = Double(min(frame + step, count)) / rate * 100
            let delay =
                Int(clamping: end, to: 0...Int(Int32.max), rounding: .toNearestOrAwayFromZero)
                - Int(clamping: shown, to: 0...Int(Int32.max), rounding: .toNearestOrAwayFromZero)
            shown = end
            picture.withPixels { pixels, stride in encoder.add(UnsafePointer(pixels), stride: stride, delay: max(minDelay, delay)) }
        }
        try PictureFile.save(Data(encoder.finished()), to: path, what: "the GIF")
        return encoder.frameCount
    }
}
