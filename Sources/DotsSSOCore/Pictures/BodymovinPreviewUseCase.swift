import DotsSSOBasics
import Foundation

/// `dots-sso bodymovin preview FILE`: a contact sheet of evenly spaced frames drawn by rlottie (and optionally an
/// animated GIF), so a person can see the loader without a phone.
package struct BodymovinPreviewUseCase: Sendable {
    package var file: String
    /// Where the sheet goes; nil: `<name>.frames.png` beside FILE (required for stdin).
    package var output: String?
    package var frames: Int
    /// The box each frame is fitted in.
    package var cell: PictureSize
    package var gif: String?

    package static let frameRange = 1...100
    package static let cellRange = 16...1024
    package static let defaultCell = PictureSize(width: 160, height: 160)

    package init(file: String, output: String? = nil, frames: Int = 12, cell: PictureSize = defaultCell, gif: String? = nil) {
        self.file = file
        self.output = output
        self.frames = frames
        self.cell = cell
        self.gif = gif
    }

    package struct Preview: Codable, Sendable {
        package var file: String
        package var sheet: String
        /// The frame numbers drawn (as the animation counts them, from `ip`).
        package var frames: [Int]
        package var cell: PictureSize
        package var gif: String?
        package var gifFrames: Int?
        /// What rendering found (nothing drawn, content off the canvas, content too small).
        package var findings: [Finding]
    }

    package func run(_ ctx: CommandContext) async throws -> Preview {
        guard Self.frameRange.contains(frames) else {
            throw UsageError.invalid(
                "--frames must be between \(Self.frameRange.lowerBound) and \(Self.frameRange.upperBound), not \(frames)")
        }
        guard Self.cellRange.contains(cell.width), Self.cellRange.contains(cell.height) else {
            throw UsageError.invalid(
                "--size must be between \(Self.cellRange.lowerBound) and \(Self.cellRange.upperBound) pixels a side, not \(cell)")
        }
        let (location, animation) = LottieSource.split(file)
        let sheetPath = try output ?? Self.besideFile(location, suffix: animation.map { ".\($0).frames.png" } ?? ".frames.png")
        let validated = try LottieSource.validate(
            try BodymovinValidateUseCase.read(location), file: InputFile.displayName(file),
            validator: LottieValidator(profile: .ios), animation: animation)
        let report = validated.report
        let errors = report.findings.filter { $0.severity == .error }
        guard errors.isEmpty else {
            throw PictureError.refused(
                "\(report.file) has \(errors.count) error\(errors.count == 1 ? "" : "s") (first: \(errors[0].message)); `dots-sso bodymovin validate` lists them; not rendered"
            )
        }
        // Drawn in a bounded child process: a file that costs too much ends 65 naming the limit it hit.
        let (frames, cell, gif) = (self.frames, self.cell, self.gif)
        guard let bytes = validated.played else { throw PictureError.refused("\(report.file) holds no animation to draw") }
        let drawn = try await ctx.isolatedDrawing().run(input: Data(bytes)) {
            .lottieSheet(input: $0, name: report.file, frames: frames, cell: cell, sheet: sheetPath, gif: gif, withFindings: true)
        }
        // What rlottie leaves out is said beside the picture, so nobody judges the animation by an under-drawn sheet.
        let caveats = report.findings.filter { $0.code == LottieFindings.rlottieUnderDraws.code }
        var preview = Preview(
            file: report.file, sheet: sheetPath, frames: drawn.frames ?? [], cell: cell, findings: caveats + drawn.findings)
        if let gif {
            preview.gifFrames = drawn.gifFrames
            preview.gif = gif
        }
        return preview
    }

    /// Draws the contact sheet of a validated animation to `path`; returns rlottie's animation and the frame numbers
    /// drawn. Refuses a file beyond rlottie's limits or one it cannot load.
    static func drawSheet(
        _ bytes: [UInt8], report: LottieReport, frames: Int = 12, cell: PictureSize = defaultCell,
        to path: String
    ) throws -> (LottieRenderer, [Int]) {
        if let reason = LottieRenderer.beyondLimits(report.summary) {
            throw PictureError.tooLarge("\(report.file) is not rendered: \(reason)")
        }
        let renderer = try LottieRenderer(validated: bytes)
        guard renderer.width > 0, renderer.height > 0, renderer.frameCount > 0 else {
            throw PictureError.refused("rlottie finds no canvas or no frames in \(report.file); not rendered")
        }
        let firstFrame = inPoint(bytes)
        let sampled = renderer.sampledFrames(frames)
        let sheet = try LottieContactSheet.draw(renderer, frames: sampled, cell: cell, label: { "frame \(firstFrame + $0)" })
        try PictureFile.save(try sheet.pngData(), to: path, what: "the contact sheet")
        return (renderer, sampled.map { firstFrame + $0 })
    }

    /// `loader.json` → `loader<suffix>` in the same folder; stdin has no folder, so `--out` is needed.
    static func besideFile(_ file: String, suffix: String) throws -> String {
        guard file != "-" else { throw UsageError.invalid("reading stdin, name the picture with --out") }
        let url = URL(fileURLWithPath: file)
        return url.deletingPathExtension().path + suffix
    }

    /// The animation's `ip` (its first frame number), 0 when absent.
    static func inPoint(_ bytes: [UInt8]) -> Int {
        guard let json = try? CompactJSON(bytes: bytes), let node = json.member(json.root, "ip"), let value = json.number(node),
            value.isFinite, abs(value) < 1e9
        else { return 0 }
        return Int(clamping: value, to: -1_000_000_000...1_000_000_000, rounding: .toNearestOrAwayFromZero)
    }
}
