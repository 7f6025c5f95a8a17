import CPictures
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// An animation loaded into rlottie, for drawing frames. Only bytes that passed `LottieValidator` (our parser and its
/// limits) are handed to rlottie: it is a C++ parser nobody here wrote.
final class LottieRenderer {
    /// What rlottie is given at most: a loading animation is far below each (the corpus's largest is 1.8 MB and 120
    /// layers); rlottie's memory grows with layers, and a 50 MB export of 90,000 layers would take gigabytes.
    static let maxBytes = 8 * 1024 * 1024
    static let maxLayers = 5_000
    static let maxCanvasSide = 16_384.0

    /// Why a validated file is beyond those limits, or nil when rlottie may load it.
    static func beyondLimits(_ summary: LottieSummary) -> String? {
        if summary.bytes > maxBytes {
            return "it is \(summary.bytes / 1_048_576) MB; dots-sso renders files up to \(maxBytes / 1_048_576) MB"
        }
        if summary.layers > maxLayers { return "it has \(summary.layers) layers; dots-sso renders up to \(maxLayers)" }
        if let width = summary.width, let height = summary.height, max(width, height) > maxCanvasSide || min(width, height) < 1 {
            return
                "its canvas is \(PlainNumber.text(width))×\(PlainNumber.text(height)); dots-sso renders canvases of 1 to \(Int(maxCanvasSide)) px a side"
        }
        return nil
    }

    let api: dots_rlottie_api
    let animation: OpaquePointer
    /// The canvas (`w`, `h`) and the frames rlottie plays (`op` - `ip`), at `frameRate`.
    let width: Int
    let height: Int
    let frameCount: Int
    let frameRate: Double

    /// rlottie gets a key of its own for every load (its cache is off, see dots_rlottie_load; this is belt and braces).
    private static let loads = Counter()

    init(validated bytes: [UInt8], document: CompactJSON? = nil) throws {
        if let reason = dots_rlottie_load() { throw PictureError.libraryMissing(String(cString: reason)) }
        let api = dots_rlottie()!.pointee
        self.api = api
        let key = "dots-sso-\(Self.loads.increment())"
        let loaded: OpaquePointer? = (RlottieInput.prepared(bytes, document: document) + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { api.from_data($0, key, "") }
        }
        guard let loaded else {
            throw PictureError.refused("rlottie could not load the animation (lottie-ios may still play it); not rendered")
        }
        animation = loaded
        var w = 0, h = 0
        api.get_size(animation, &w, &h)
        width = w
        height = h
        frameCount = api.get_totalframe(animation)
        frameRate = api.get_framerate(animation)
    }

    deinit { api.destroy(animation) }

    /// The canvas scaled to fit `box` (keeping its aspect ratio), at least 1×1.
    func fitted(in box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return box }
        let scale = min(Double(box.width) / Double(width), Double(box.height) / Double(height))
        return (
            Int(clamping: Double(width) * scale, to: 1...box.width, rounding: .toNearestOrAwayFromZero),
            Int(clamping: Double(height) * scale, to: 1...box.height, rounding: .toNearestOrAwayFromZero)
        )
    }

    /// Renders frame `index` (0 = the first, `ip`) onto a new transparent canvas of the given size.
    func render(frame index: Int, width: Int, height: Int) throws -> Canvas {
        let canvas = try Canvas(width: width, height: height)
        canvas.withPixels { pixels, stride in
            api.render(animation, max(0, min(index, frameCount - 1)), pixels, width, height, stride)
        }
        return canvas
    }

    /// `count` frame indices evenly spaced from the first frame to the last.
    func sampledFrames(_ count: Int) -> [Int] {
        let last = max(0, frameCount - 1)
        guard count > 1, last > 0 else { return [0] }
        return (0..<count).map { Int((Double($0) * Double(last) / Double(count - 1)).rounded()) }.reduce(into: []) { frames, frame in
            if frames.last != frame { frames.append(frame) }
        }
    }
}
