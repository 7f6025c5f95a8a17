import Foundation

/// `dots-sso bodymovin validate FILE…`: will each animation load and play in lottie-ios (or is it Lottie spec 1.0)?
public struct BodymovinValidateUseCase: Sendable {
    public var files: [String]
    public var profile: LottieProfile
    /// Whether rlottie also draws sampled frames (`LottieRenderCheck`); off for parsing-only speed (`--no-render`).
    public var render: Bool

    /// Files larger than this are refused before reading: no loading animation comes close.
    public static let maxBytes = 256 * 1024 * 1024

    public init(files: [String], profile: LottieProfile = .ios, render: Bool = true) {
        self.files = files
        self.profile = profile
        self.render = render
    }

    public func run(_ ctx: CommandContext) async throws -> BatchOutcome<LottieReport> {
        let validator = LottieValidator(profile: profile)
        let render = render
        let drawing = ctx.isolatedDrawing()
        return try await BatchCheck.run(files, parallel: Self.parallelism(for: files)) { file in
            let bytes = try Self.read(file)
            var report = try validator.validate(bytes, file: file)
            // What rlottie draws (nothing at all, off the canvas, too small); only for files with no error above, and
            // in a bounded child process (a hostile file must not take the command down).
            if render { report.findings += await LottieRenderCheck.isolated(bytes, report: report, drawing: drawing) }
            return report
        }
    }

    /// Files at most this large are checked one per core at once; a batch with a larger one (or a pipe, whose size
    /// is unknown) goes one at a time, so peak memory stays that of the largest file.
    public static let parallelBelowBytes = 16 * 1024 * 1024

    public static func parallelism(for files: [String]) -> Int {
        let small = files.allSatisfy { file in FileStatus(file).map { $0.isRegular && $0.size <= parallelBelowBytes } ?? true }
        return small ? ProcessInfo.processInfo.activeProcessorCount : 1
    }

    static func read(_ file: String) throws -> [UInt8] {
        switch try InputFile.readBytes(file, limit: maxBytes) {
        case .contents(let data):
            return data
        case .tooLarge(let size?):
            throw InputError.malformed(source: file, reason: "it is \(size / 1_048_576) MB; no loading animation is that large (limit \(maxBytes / 1_048_576) MB)")
        case .tooLarge(nil):
            throw InputError.malformed(source: InputFile.displayName(file), reason: "it is larger than \(maxBytes / 1_048_576) MB; no loading animation is that large")
        }
    }
}
