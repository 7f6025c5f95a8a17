import ArgumentParser
import DotsSSOCore
import Foundation

extension LottieProfile: ExpressibleByArgument {}

/// `dots-sso bodymovin`: the partner's loading animation.
struct Bodymovin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bodymovin",
        abstract: "Check a bodymovin (Lottie) loading animation.",
        subcommands: [BodymovinValidate.self]
    )
}

/// `dots-sso bodymovin validate FILE…`
struct BodymovinValidate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Will this animation load and play in lottie-ios? (or: is it Lottie spec 1.0?)",
        discussion: """
        --profile ios (default) checks what lottie-ios loads and renders: structure, references, and the features \
        it does not support (expressions, merge paths, luma mattes, effects other than drop shadow, glyphs, \
        auto-orient, …) as warnings. --profile spec checks Lottie spec 1.0 structure. Also reports fitness as a \
        loading icon (size, canvas, duration, frame rate, embedded images). Not JSON, truncated or a .lottie zip \
        exits 65 with the position of the problem.

        Examples:
          $ dots-sso bodymovin validate loader.json
          $ dots-sso bodymovin validate animations/*.json --profile spec --json
          $ dots-sso bodymovin validate loader.json --strict --junit lottie.xml
        """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var report: FindingsOptions

    @Option(name: .long, help: "ios (what lottie-ios plays, default) or spec (Lottie spec 1.0).")
    var profile: LottieProfile = .ios

    @Argument(help: "bodymovin JSON files ('-' reads stdin).")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one bodymovin JSON file") }
    }

    struct Output: Encodable {
        var profile: LottieProfile
        var files: [LottieReport]
        var unreadable: [String: String]
        var summary: FindingSummary
        var passed: Bool
    }

    /// Files larger than this are refused before reading: no loading animation comes close.
    static let maxBytes = 256 * 1024 * 1024

    func run() async throws {
        let console = Console()
        let validator = LottieValidator(profile: profile)
        var reports: [LottieReport] = []
        var unreadable: [String: String] = [:]
        var worst: ExitStatus?
        for file in files {
            do {
                let data = try Self.read(file)
                var result = try validator.validate(data, file: file)
                result.findings = result.findings.promotingWarnings(report.strict)
                reports.append(result)
            } catch let error as UserFacingError {
                unreadable[file] = error.message
                console.err("dots-sso: \(error.message)")
                let status = ExitStatus(for: error)
                if worst == nil || status == .malformedInput { worst = status }
            }
        }
        let findings = reports.flatMap(\.findings)
        let failed = try report.emitSideReports(findings, suite: "bodymovin validate (\(profile.rawValue))", console: console)
        if global.json {
            try console.json(Output(profile: profile, files: reports, unreadable: unreadable, summary: FindingSummary(findings),
                                    passed: !failed && unreadable.isEmpty))
        } else {
            let style = Style(enabled: console.colorOnStdout)
            for result in reports {
                let s = result.summary
                var figures = ["v\(s.version ?? "?")"]
                if let w = s.width, let h = s.height { figures.append("\(LottieSummary.format(w))×\(LottieSummary.format(h))") }
                if let rate = s.frameRate { figures.append("\(LottieSummary.format(rate)) fps") }
                if let duration = s.durationSeconds { figures.append(String(format: "%.2f s", duration)) }
                figures.append("\(s.layers) layer\(s.layers == 1 ? "" : "s")")
                figures.append("\(s.bytes / 1024) KB")
                console.out(style.bold(ProfileText.safe(result.file)) + "  " + figures.joined(separator: ", "))
                console.out(FindingsText.render(result.findings, style: style).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            }
        }
        if let worst { throw ExitCode(worst.rawValue) }
        if failed { throw ExitCode(ExitStatus.checkFailed.rawValue) }
    }

    static func read(_ file: String) throws -> Data {
        switch try InputFile.read(file, limit: maxBytes) {
        case .contents(let data):
            return data
        case .tooLarge(let size?):
            throw InputError.malformed(source: file, reason: "it is \(size / 1_048_576) MB; no loading animation is that large (limit \(maxBytes / 1_048_576) MB)")
        case .tooLarge(nil):
            throw InputError.malformed(source: InputFile.displayName(file), reason: "it is larger than \(maxBytes / 1_048_576) MB; no loading animation is that large")
        }
    }
}
