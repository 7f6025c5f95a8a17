import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// The options of `containers show`, which `containers` alone takes too, and the run they make.
struct ContainersShowOptions: ParsableArguments {
    @OptionGroup var options: MemberOptions
    @OptionGroup var report: FindingsOptions

    @Flag(name: .long, help: "Show the partner token in the requests instead of [redacted].")
    var showSecrets = false

    func run(_ ctx: CommandContext) async throws {
        let reporter = FindingsReporter(report, console: Console(ctx, reportPath: report.junit))
        let result = try await reporter.reportingFailure(suite: "containers", input: "profile") {
            try await ContainersShowUseCase(member: try options.settings(ctx), showSecrets: showSecrets).run(ctx)
        }
        try reporter.finish(result, json: options.global.json)
    }
}
