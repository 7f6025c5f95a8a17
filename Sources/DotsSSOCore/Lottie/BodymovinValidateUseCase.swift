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

    /// A validated file, with its bytes while rlottie may still draw it.
    struct Validated: Sendable {
        var report: LottieReport
        var bytes: [UInt8]?
    }

    public func run(_ ctx: CommandContext) async throws -> BatchOutcome<LottieReport> {
        let validator = LottieValidator(profile: profile)
        let render = render
        let validated = try await BatchCheck.run(files, parallel: Self.parallelism(for: files)) { file in
            let bytes = try Self.read(file)
            // The content decides, not the name: a zip is a dotLottie even when it is called .json.
            if DotLottieArchive.isArchive(bytes) { return try Self.dotLottie(bytes, file: file, validator: validator, render: render) }
            var report = try validator.validate(bytes, file: file)
            if file.lowercased().hasSuffix(".lottie") {
                report.findings.insert(Finding(.warning, "lottie.file.json-named-lottie", at: FindingLocation(file: file),
                    "\(file) is bodymovin JSON, not a dotLottie archive, though it is named .lottie; players that go by the name will refuse it: name it .json"), at: 0)
            }
            // Bytes kept only for what rlottie may be asked about: files without an error.
            return Validated(report: report, bytes: render && !report.findings.contains { $0.severity == .error } ? bytes : nil)
        }
        // What rlottie draws (nothing at all, off the canvas, too small), for the files with no error above: in
        // bounded child processes, one per core, each drawing its share one file after another.
        var reports = validated.reports.map(\.report)
        let drawable = validated.reports.indices.filter { validated.reports[$0].bytes != nil }
        let drawn = await LottieRenderCheck.isolated(drawable.map { (validated.reports[$0].bytes!, reports[$0]) }, drawing: ctx.isolatedDrawing(),
                                                     parallel: Self.parallelism(for: files))
        for (index, findings) in zip(drawable, drawn) { reports[index].findings += findings }
        return BatchOutcome(reports: reports, unreadable: validated.unreadable)
    }

    /// A .lottie: the archive and its manifest, then every animation in it validated as a Lottie file with its
    /// images resolved from the archive. The report's summary, and what rlottie draws, is the animation The Dots
    /// app plays (the manifest's initial one, else the first); each animation's findings name it as `FILE#id`.
    static func dotLottie(_ bytes: [UInt8], file: String, validator: LottieValidator, render: Bool) throws -> Validated {
        var findings: [Finding] = []
        if file.lowercased().hasSuffix(".json") {
            findings.append(Finding(.warning, "lottie.file.zip-named-json", at: FindingLocation(file: file),
                "\(file) is a dotLottie (zip) archive, though it is named .json; name it .lottie so players and tools open it as one"))
        }
        let archive = DotLottieArchive.open(Data(bytes), file: file)
        findings += archive.findings
        var validator = validator
        validator.archiveImages = archive.images
        var played: (report: LottieReport, bytes: Data)?
        for animation in archive.animations {
            let label = "\(file)#\(animation.id)"
            do {
                let report = try validator.validate(animation.bytes, file: label)
                findings += report.findings
                if animation.id == archive.played { played = (report, animation.bytes) }
            } catch let error as UserFacingError {
                findings.append(Finding(.error, "lottie.dotlottie.animation-invalid", at: FindingLocation(file: label, path: animation.path), error.message))
            }
        }
        if archive.animations.count > 1, let id = archive.played {
            findings.append(Finding(.info, "lottie.dotlottie.played", at: FindingLocation(file: file, path: "manifest.json"),
                "The Dots app plays \"\(id)\" (the manifest's initial animation, else the first); the other \(archive.animations.count - 1) are checked too"))
        }
        let summary = played?.report.summary ?? LottieSummary(layers: 0, assets: 0, bytes: bytes.count, embeddedImageBytes: 0)
        let report = LottieReport(file: file, profile: validator.profile, summary: summary, findings: findings)
        let drawable = render && !findings.contains { $0.severity == .error }
        return Validated(report: report, bytes: drawable ? played.map { [UInt8]($0.bytes) } : nil)
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
