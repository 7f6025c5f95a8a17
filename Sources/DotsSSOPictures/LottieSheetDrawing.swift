import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `bodymovin preview`'s picture: the contact sheet of evenly spaced frames rlottie draws.
package enum LottieSheetDrawing {
    /// Draws the contact sheet of a validated animation to `path`; returns rlottie's animation and the frame numbers
    /// drawn. Refuses a file beyond rlottie's limits or one it cannot load.
    static func draw(
        _ bytes: [UInt8], report: LottieReport, frames: Int = 12, cell: PictureSize = BodymovinPreviewUseCase.defaultCell,
        to path: String
    ) throws -> (LottieRenderer, [Int]) {
        if let reason = LottieRenderer.beyondLimits(report.summary) {
            throw PictureError.tooLarge("\(report.file) is not rendered: \(reason)")
        }
        let renderer = try LottieRenderer(validated: bytes)
        guard renderer.width > 0, renderer.height > 0, renderer.frameCount > 0 else {
            throw PictureError.refused("rlottie finds no canvas or no frames in \(report.file); not rendered")
        }
        let firstFrame = BodymovinPreviewUseCase.inPoint(bytes)
        let sampled = renderer.sampledFrames(frames)
        // What rlottie leaves out is said on the picture itself: a sheet is often looked at alone.
        let caveat = report.findings.first { $0.code == LottieFindings.rlottieUnderDraws.code }?.message
        let sheet = try LottieContactSheet.draw(
            renderer, frames: sampled, cell: cell, caveat: caveat, label: { "frame \(firstFrame + $0)" })
        try PictureFile.save(try sheet.pngData(), to: path, what: "the contact sheet")
        return (renderer, sampled.map { firstFrame + $0 })
    }
}
