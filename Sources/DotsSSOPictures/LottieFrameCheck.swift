import CPictures
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// What rlottie actually draws, fed back into `bodymovin validate`: an animation whose every sampled frame is empty,
/// content that leaves the canvas, content too small to read as a loader.
package enum LottieFrameCheck {
    /// Frames sampled, evenly from the first to the last, and the box they are drawn in (small: only coverage matters).
    static let sampledFrames = 12
    static let sampleBox = (width: 96, height: 96)
    /// Pixels at most this opaque (of 255) count as empty: anti-aliasing dust is not content.
    static let alphaThreshold: UInt32 = 8
    /// Content covering less than this share of the canvas is reported.
    static let smallShare = 0.05

    /// The box, in canvas units, of what was drawn.
    package struct Box: Sendable, Equatable {
        package var minX, minY, maxX, maxY: Double

        mutating func include(_ other: Box) {
            minX = min(minX, other.minX)
            minY = min(minY, other.minY)
            maxX = max(maxX, other.maxX)
            maxY = max(maxY, other.maxY)
        }

        var text: String {
            "x \(PlainNumber.text(minX.rounded()))…\(PlainNumber.text(maxX.rounded())), y \(PlainNumber.text(minY.rounded()))…\(PlainNumber.text(maxY.rounded()))"
        }
    }

    /// Findings for a file `LottieValidator` found no error in (rlottie never sees anything else).
    package static func findings(_ bytes: [UInt8], report: LottieReport) -> [Finding] {
        findings(bytes, report: report, document: nil)
    }

    /// As above, with the document the validator parsed (so rlottie's input is prepared without parsing again).
    static func findings(_ bytes: [UInt8], report: LottieReport, document: CompactJSON?) -> [Finding] {
        guard !report.findings.contains(where: { $0.severity == .error }) else { return [] }
        let location = FindingLocation(file: report.file, path: "$")
        if let reason = LottieRenderer.beyondLimits(report.summary) {
            return [Finding(LottieFindings.renderSkipped, at: location, "not rendered: \(reason)")]
        }
        let renderer: LottieRenderer
        do {
            renderer = try LottieRenderer(validated: bytes, document: document)
        } catch PictureError.libraryMissing(let reason) {
            return [Finding(LottieFindings.renderUnavailable, at: location, "not rendered: \(reason)")]
        } catch {
            return [
                Finding(
                    LottieFindings.renderUnloadable, at: location,
                    "rlottie could not load it, so its frames were not checked (lottie-ios may still play it)")
            ]
        }
        guard renderer.width > 0, renderer.height > 0, Double(renderer.width) <= LottieRenderer.maxCanvasSide,
            Double(renderer.height) <= LottieRenderer.maxCanvasSide, renderer.frameCount > 0
        else { return [] }
        let frames = renderer.sampledFrames(sampledFrames)
        let drawn: Box?
        do { drawn = try pixelBox(renderer, frames: frames) } catch { return [] }
        let canvasText = "\(renderer.width)×\(renderer.height)"
        guard let pixels = drawn else {
            return [
                Finding(
                    LottieFindings.renderNothing, at: location,
                    "renders nothing: rlottie draws all \(frames.count) sampled frames fully transparent (a layer that never shows, zero opacity, or a mask hiding everything)"
                )
            ]
        }
        var findings: [Finding] = []
        if let geometry = geometryBox(renderer, frames: frames) {
            let slackX = Double(renderer.width) * 0.01, slackY = Double(renderer.height) * 0.01
            if geometry.minX < -slackX || geometry.minY < -slackY || geometry.maxX > Double(renderer.width) + slackX
                || geometry.maxY > Double(renderer.height) + slackY
            {
                findings.append(
                    Finding(
                        LottieFindings.renderOutsideCanvas, at: location,
                        "content leaves the \(canvasText) canvas (drawn within \(geometry.text)); what is outside is cut off"))
            }
        }
        let share = (pixels.maxX - pixels.minX) * (pixels.maxY - pixels.minY) / (Double(renderer.width) * Double(renderer.height))
        if share < smallShare {
            findings.append(
                Finding(
                    LottieFindings.renderSmall, at: location,
                    "content fills \(Int(clamping: share * 100, to: 0...100, rounding: .up)) % of the \(canvasText) canvas (\(pixels.text)); crop the canvas so the loader reads at icon size"
                ))
        }
        return findings
    }

    /// The union of the visible pixels of `frames`, in canvas units; nil when every frame is transparent.
    static func pixelBox(_ renderer: LottieRenderer, frames: [Int]) throws -> Box? {
        let size = renderer.fitted(in: sampleBox)
        let scaleX = Double(renderer.width) / Double(size.width), scaleY = Double(renderer.height) / Double(size.height)
        var union: Box?
        for frame in frames {
            let canvas = try renderer.render(frame: frame, width: size.width, height: size.height)
            guard let box = canvas.withPixels({ visibleBox($0, stride: $1, width: size.width, height: size.height) }) else { continue }
            let scaled = Box(
                minX: Double(box.minX) * scaleX, minY: Double(box.minY) * scaleY,
                maxX: Double(box.maxX + 1) * scaleX, maxY: Double(box.maxY + 1) * scaleY)
            if union == nil { union = scaled } else { union!.include(scaled) }
        }
        return union
    }

    /// The pixel box of pixels more opaque than the threshold.
    static func visibleBox(_ pixels: UnsafeMutablePointer<UInt32>, stride: Int, width: Int, height: Int) -> (
        minX: Int, minY: Int, maxX: Int, maxY: Int
    )? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = pixels + y * (stride / 4)
            for x in 0..<width where row[x] >> 24 > alphaThreshold {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = y
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX, maxY)
    }

    /// The union of the geometry rlottie lays out for `frames`, at the canvas size, beyond the canvas included.
    static func geometryBox(_ renderer: LottieRenderer, frames: [Int]) -> Box? {
        var union: Box?
        for frame in frames {
            var box: [Float] = [0, 0, 0, 0]
            guard dots_rlottie_content_box(renderer.animation, frame, renderer.width, renderer.height, &box) != 0 else { continue }
            let found = Box(minX: Double(box[0]), minY: Double(box[1]), maxX: Double(box[2]), maxY: Double(box[3]))
            if union == nil { union = found } else { union!.include(found) }
        }
        return union
    }
}
