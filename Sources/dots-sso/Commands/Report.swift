import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso report`: what a CI pipeline does with dots-sso's reports after the checks ran.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Merge the CI reports of a matrix's shards into one.",
        subcommands: [ReportMergeCommand.self]
    )
}

/// `dots-sso report merge`: the final job of a CI matrix.
struct ReportMergeCommand: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the reports of a CI matrix's shards into one report of each kind.",
        discussion: """
            Reads dots-sso's own reports, all of one kind, which it tells from their contents: JUnit (the suites \
            side by side, totals recounted), SARIF (one run of every result, one category for GitHub code \
            scanning, which takes one run per category in an upload), GitLab Code Quality (one list, each \
            fingerprint once) or `check --json` (one document of every channel, the counts recounted and the exit \
            status the worst channel's). A report of another tool, or of another kind among them, is refused (65).

            The merge itself ends 0: the shards' jobs have failed already where their partners failed.

            Examples:
              $ dots-sso report merge --output reports/check.xml shards/*/check.xml
              $ dots-sso report merge -o check.sarif shard-1.sarif shard-2.sarif shard-3.sarif
              $ dots-sso report merge shard-*.json | jq '.summary'
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(
        name: [.short, .long], help: ArgumentHelp("Write the merged report here (default: stdout).", valueName: "file"),
        completion: .file())
    var output: String?

    @Argument(help: ArgumentHelp("The reports to merge, all of one kind.", valueName: "report"), completion: .file())
    var reports: [String] = []

    func validate() throws {
        if reports.isEmpty { throw ValidationError("name the reports to merge (e.g. shards/*/check.xml)") }
    }

    func run(_ ctx: CommandContext) async throws {
        let console = Console(ctx)
        let merged = try ReportMerge.merge(reports)
        merged.notes.forEach { console.warn($0) }
        guard let output, output != "-" else {
            ctx.stdout.write(String(decoding: merged.data, as: UTF8.self) + (merged.data.last == 0x0A ? "" : "\n"))
            return
        }
        try AtomicFile.saveOutput(merged.data, to: output, what: "the merged \(merged.kind.rawValue) report", creatingFolder: true)
        console.hint("merged \(reports.count) \(merged.kind.rawValue) report\(reports.count == 1 ? "" : "s") into \(output)")
    }
}

extension ReportMergeCommand: TrailingValues {
    var trailingValues: [String] {
        get { reports }
        set { reports = newValue }
    }
}
