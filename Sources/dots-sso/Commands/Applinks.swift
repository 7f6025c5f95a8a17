import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso applinks`: the files that make links open the app.
struct Applinks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "applinks",
        abstract: "Check the app-link files for magic-link links.",
        subcommands: [ApplinksCheck.self]
    )
}

/// `dots-sso applinks check ORIGIN`
struct ApplinksCheck: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fetch and check an origin's apple-app-site-association and assetlinks.json; say which rule each link matches.",
        discussion: """
            Both files are fetched without following redirects (as iOS and Android do) and must be 200, JSON, at \
            most 128 KB. App ids must be TEAMID.bundle.id; fingerprints 32 colon-separated upper-case hex pairs. \
            --paths evaluates magic-link URLs against the AASA rules in order.

            Examples:
              $ dots-sso applinks check https://links.partner.example
              $ dots-sso applinks check https://links.partner.example --paths 'https://links.partner.example/mobile/verify.html?token=x'
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var report: FindingsOptions

    @Argument(help: "The origin serving /.well-known (e.g. https://links.partner.example).")
    var origin: String

    @Option(
        name: .long, parsing: .upToNextOption, help: ArgumentHelp("Magic-link URLs to evaluate against the AASA rules.", valueName: "url"))
    var paths: [String] = []

    func run(_ ctx: CommandContext) async throws {
        let reporter = FindingsReporter(report, console: Console(ctx, reportPath: report.junit))
        let result = try await reporter.reportingFailure(suite: "applinks \(origin)", input: "association files") {
            try await ApplinksCheckUseCase(origin: origin, paths: paths, http: network.settings(verbose: global.verbose)).run(ctx)
        }
        try reporter.finish(result, json: global.json)
    }
}
