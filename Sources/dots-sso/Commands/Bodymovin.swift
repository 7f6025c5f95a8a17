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
struct BodymovinValidate: DotsCommand {
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

    func run(_ ctx: CommandContext) async throws {
        let outcome = try await BodymovinValidateUseCase(files: files, profile: profile).run(ctx)
        let console = Console(ctx)
        let reporter = FindingsReporter(report, console: console)
        let (reports, unreadable) = reporter.judged(outcome, findings: \.findings)
        let findings = reports.flatMap(\.findings)
        let failed = try reporter.report(findings, suite: "bodymovin validate (\(profile.rawValue))", unreadable: unreadable)
        if global.json {
            try console.json(Output(profile: profile, files: reports, unreadable: unreadable, summary: FindingSummary(findings),
                                    passed: !failed && unreadable.isEmpty))
        } else {
            let style = console.style
            for result in reports {
                let s = result.summary
                var figures = ["v\(s.version.map(TerminalText.safe) ?? "?")"]
                if let w = s.width, let h = s.height { figures.append("\(LottieSummary.format(w))×\(LottieSummary.format(h))") }
                if let rate = s.frameRate { figures.append("\(LottieSummary.format(rate)) fps") }
                if let duration = s.durationSeconds { figures.append(String(format: "%.2f s", duration)) }
                figures.append("\(s.layers) layer\(s.layers == 1 ? "" : "s")")
                figures.append("\(s.bytes / 1024) KB")
                console.out(style.bold(TerminalText.safe(result.file)) + "  " + figures.joined(separator: ", "))
                console.out(FindingsText.render(result.findings, style: style).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            }
        }
        if let status = outcome.inputStatus { throw ExitCode(status.rawValue) }
        if failed { throw checkFailed }
    }
}
