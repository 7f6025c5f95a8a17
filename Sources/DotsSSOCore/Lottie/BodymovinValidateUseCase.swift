import DotsSSOBasics
import FoundationEssentials

/// `dots-sso bodymovin validate FILE…`: will each animation load and play in lottie-ios (or is it Lottie spec 1.0)?
package struct BodymovinValidateUseCase: Sendable {
    package var files: [String]
    package var profile: LottieProfile
    /// Whether rlottie also draws sampled frames (`LottieRenderCheck`); off for parsing-only speed (`--no-render`).
    package var render: Bool

    /// Files larger than this are refused before reading: no loading animation comes close.
    package static let maxBytes = 256 * 1024 * 1024

    package init(files: [String], profile: LottieProfile = .ios, render: Bool = true) {
        self.files = files
        self.profile = profile
        self.render = render
    }

    /// A validated file, with its bytes while rlottie may still draw it.
    struct Validated: Sendable {
        var report: LottieReport
        var bytes: [UInt8]?
    }

    /// What `bodymovin validate` found: a report per animation, and the files that could not be read at all.
    package struct Result: Encodable, Sendable {
        package var profile: LottieProfile
        package var files: [LottieReport]
        package var unreadable: UnreadableInputs
        /// The status the unreadable files call for (65 over any other), whatever the findings say.
        package var inputStatus: ExitStatus?

        enum CodingKeys: String, CodingKey { case profile, files, unreadable }
    }

    package func run(_ ctx: CommandContext) async throws -> Result {
        let validator = LottieValidator(profile: profile)
        let render = render
        let validated = try await BatchCheck.run(files, parallel: Self.parallelism(for: files)) { file in
            let (location, animation) = LottieSource.split(file)
            // The content decides, not the name: a zip is a dotLottie even when it is called .json.
            let validated = try LottieSource.validate(try Self.read(location), file: file, validator: validator, animation: animation)
            // Bytes kept only for what rlottie may be asked about: files without an error.
            let drawable = render && !validated.report.findings.contains { $0.severity == .error }
            return Validated(report: validated.report, bytes: drawable ? validated.played : nil)
        }
        // What rlottie draws (nothing at all, off the canvas, too small), for the files with no error above: in
        // bounded child processes, one per core, each drawing its share one file after another.
        var reports = validated.reports.map(\.report)
        let drawable = validated.reports.indices.filter { validated.reports[$0].bytes != nil }
        let drawn = await LottieRenderCheck.isolated(
            drawable.map { (validated.reports[$0].bytes!, reports[$0]) }, drawing: ctx.isolatedDrawing(),
            parallel: Self.parallelism(for: files))
        for (index, findings) in zip(drawable, drawn) { reports[index].findings += findings }
        return Result(
            profile: profile, files: reports, unreadable: UnreadableInputs(validated), inputStatus: validated.inputStatus)
    }

    /// Files at most this large are checked one per core at once; a batch with a larger one (or a pipe, whose size
    /// is unknown) goes one at a time, so peak memory stays that of the largest file.
    package static let parallelBelowBytes = 16 * 1024 * 1024

    package static func parallelism(for files: [String]) -> Int {
        let small = files.allSatisfy { file in FileStatus(file).map { $0.isRegular && $0.size <= parallelBelowBytes } ?? true }
        return small ? ProcessorCount.available : 1
    }

    package static func read(_ file: String) throws -> [UInt8] {
        switch try InputFile.readBytes(file, limit: maxBytes) {
        case .contents(let data):
            return data
        case .tooLarge(let size?):
            throw InputError.malformed(
                source: file, reason: "it is \(size / 1_048_576) MB; no loading animation is that large (limit \(maxBytes / 1_048_576) MB)")
        case .tooLarge(nil):
            throw InputError.malformed(
                source: InputFile.displayName(file),
                reason: "it is larger than \(maxBytes / 1_048_576) MB; no loading animation is that large")
        }
    }
}
