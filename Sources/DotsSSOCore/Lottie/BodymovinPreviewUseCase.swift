import DotsSSOBasics
import FoundationEssentials

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
                "\(CLIFlag.frames) must be between \(Self.frameRange.lowerBound) and \(Self.frameRange.upperBound), not \(frames)")
        }
        guard Self.cellRange.contains(cell.width), Self.cellRange.contains(cell.height) else {
            throw UsageError.invalid(
                "\(CLIFlag.size) must be between \(Self.cellRange.lowerBound) and \(Self.cellRange.upperBound) pixels a side, not \(cell)")
        }
        let (location, animation) = LottieSource.split(file)
        let sheetPath =
            try output ?? PicturePath.inCurrentFolder(for: location, suffix: animation.map { ".\($0).frames.png" } ?? ".frames.png")
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
        if let skipped = LottieRenderCheck.skipped(report) { throw PictureError.tooLarge("\(report.file): \(skipped.message)") }
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

    /// The animation's `ip` (its first frame number), 0 when absent.
    package static func inPoint(_ bytes: [UInt8]) -> Int {
        guard let json = try? CompactJSON(bytes: bytes), let node = json.member(json.root, "ip"), let value = json.number(node),
            value.isFinite, abs(value) < 1e9
        else { return 0 }
        return Int(clamping: value, to: -1_000_000_000...1_000_000_000, rounding: .toNearestOrAwayFromZero)
    }
}
