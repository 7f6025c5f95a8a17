import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `check` as it runs: each check's lines the moment it and every check before it have finished (the report's fixed
/// order, later lines held until earlier ones end), and on a terminal a line on stderr saying which checks are
/// still running, redrawn in place and cleared before anything else is written.
final class CheckStream: @unchecked Sendable {
    // @unchecked: every mutable field is guarded by `lock`; progress arrives from the checks' concurrent tasks.
    private let lock = Lock()
    private let console: Console
    private let style: Style
    private let terminal: Bool
    private let spinning: Bool
    private var names: [String] = []
    private var width = 0
    private var finished: [String: CheckOutcome] = [:]
    private var printed = 0
    private var frame = 0
    private var spinnerShown = false
    private var ticker: Task<Void, Never>?
    private let channel: String

    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    init(console: Console, channel: String) {
        self.console = console
        style = console.style
        terminal = console.context.stdout.isTerminal
        spinning = console.context.stderr.isTerminal && !console.context.quiet
        self.channel = channel
    }

    func receive(_ progress: CheckProgress) {
        lock.withLock {
            switch progress {
            case .started(let names):
                console.out(CheckText.header(channel, style: style))
                self.names = names
                width = CheckText.nameWidth(names)
                if spinning { startTicker() }
            case .finished(let outcome):
                finished[outcome.name] = outcome
                flushLocked()
            }
        }
    }

    /// The checks not printed yet (those the run's timeout ended), then the verdict.
    func finish(_ report: CheckReport) {
        lock.withLock {
            ticker?.cancel()
            clearSpinnerLocked()
            for check in report.checks.dropFirst(printed) {
                CheckText.lines(check, width: width, style: style, terminal: terminal).forEach(console.out)
            }
            printed = report.checks.count
            console.out(CheckText.verdict(report, style: style))
        }
    }

    private func flushLocked() {
        var wrote = false
        while printed < names.count, let outcome = finished[names[printed]] {
            if !wrote { clearSpinnerLocked() }
            wrote = true
            CheckText.lines(outcome, width: width, style: style, terminal: terminal).forEach(console.out)
            printed += 1
        }
        if wrote && spinning { drawSpinnerLocked() }
    }

    private func startTicker() {
        ticker = Task { [weak self] in
            while !Task.isCancelled {
                self?.lock.withLock { self?.drawSpinnerLocked() }
                try? await Task.sleep(nanoseconds: 120_000_000)
            }
        }
    }

    private func drawSpinnerLocked() {
        let running = names.filter { finished[$0] == nil }
        guard !running.isEmpty else { return clearSpinnerLocked() }
        frame = (frame + 1) % Self.frames.count
        let list = TerminalText.oneLine(running.joined(separator: ", "), limit: 70)
        console.context.stderr.write("\r\u{1B}[K\(Self.frames[frame]) running: \(list)")
        spinnerShown = true
    }

    private func clearSpinnerLocked() {
        guard spinnerShown else { return }
        console.context.stderr.write("\r\u{1B}[K")
        spinnerShown = false
    }
}
