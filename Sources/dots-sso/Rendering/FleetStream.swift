import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `check` of many channels as it runs: one line per check the moment it ends, prefixed by its channel (channels
/// run side by side, so every line says whose it is and `grep acme` reads one partner), the errors and warnings
/// under it prefixed the same, a verdict line as each channel completes, then how many channels passed.
final class FleetStream: @unchecked Sendable {
    // @unchecked: every mutable field is guarded by `lock`; progress arrives from the channels' concurrent tasks.
    private let lock = Lock()
    private let console: Console
    private let style: Style
    private let terminal: Bool
    private let channelWidth: Int
    private var widths: [String: Int] = [:]

    init(console: Console, channels: [String]) {
        self.console = console
        style = console.style
        terminal = console.context.stdout.isTerminal
        channelWidth = min(24, channels.map(\.count).max() ?? 0)
    }

    func header(_ roster: ChannelRoster) {
        let share = roster.shard.map { " (shard \($0) of \(roster.all.count))" } ?? ""
        console.out(style.bold("dots-sso check") + " \(roster.selected.count) channel\(roster.selected.count == 1 ? "" : "s")\(share)")
    }

    func receive(_ channel: String, _ progress: CheckProgress) {
        lock.withLock {
            switch progress {
            case .started(let names):
                widths[channel] = CheckText.nameWidth(names)
            case .finished(let outcome):
                for line in CheckText.lines(outcome, width: widths[channel] ?? 0, style: style, terminal: terminal) {
                    console.out(prefix(channel) + line)
                }
            }
        }
    }

    /// A channel's verdict, or why it could not be checked.
    func finished(_ result: FleetReport.Result) {
        lock.withLock {
            if let report = result.report {
                console.out(prefix(result.channel) + CheckText.verdict(report, style: style))
            } else if let failure = result.failure {
                console.out(prefix(result.channel) + style.red("Not checked") + ": " + TerminalText.message(failure.message))
            }
        }
    }

    func finish(_ report: FleetReport) {
        lock.withLock { console.out(Self.summary(report, style: style)) }
    }

    /// "3 of 5 channels passed; 1 failed; 1 not run (no member) (1234 ms)".
    static func summary(_ report: FleetReport, style: Style) -> String {
        let count = report.results.count
        var parts = ["\(report.passed) of \(count) channel\(count == 1 ? "" : "s") passed"]
        if report.failed > 0 { parts.append("\(report.failed) failed") }
        if report.notRun > 0 { parts.append("\(report.notRun) not run (no member)") }
        let shared = report.fetches.asked > report.fetches.sent ? ", \(report.fetches.asked - report.fetches.sent) fetches shared" : ""
        let text = parts.joined(separator: "; ") + " (\(report.durationMs) ms\(shared))"
        return report.exitStatus == .success ? style.green("All channels hold") + ": " + text : style.red("Channels failed") + ": " + text
    }

    private func prefix(_ channel: String) -> String {
        style.bold(DisplayWidth.pad(TerminalText.safe(channel), to: channelWidth)) + "  "
    }
}
