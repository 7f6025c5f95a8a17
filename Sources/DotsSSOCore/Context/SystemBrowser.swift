import DotsSSOBasics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Opens a URL in a browser for a person to sign in. Failing is never fatal: the URL is always printed too.
package protocol BrowserOpener: Sendable {
    /// Returns false when no browser could be started.
    func open(_ url: URL) -> Bool
    /// What happened, with the reason when nothing opened.
    func launch(_ url: URL) -> BrowserLaunch
    /// Why no browser can be shown here (no display), before trying; nil when one may open. `authorize` chooses its
    /// flow by it.
    var headlessReason: String? { get }
}

/// How an attempt to open the browser went.
package enum BrowserLaunch: Sendable, Equatable {
    case opened
    /// Not attempted, e.g. no display to show a browser on.
    case notTried(reason: String)
    case failed(reason: String)
}

extension BrowserOpener {
    package func launch(_ url: URL) -> BrowserLaunch {
        open(url) ? .opened : .failed(reason: "no browser could be started")
    }

    package var headlessReason: String? { nil }
}

/// The user's browser: `--browser-command CMD`, else `$BROWSER`, else `xdg-open` (Linux) or `open` (macOS). The URL
/// is the command's last argument, passed as an argument (never through the shell's parsing). With no display
/// (no `DISPLAY` or `WAYLAND_DISPLAY` on Linux, or an SSH session) it does not try, and says why.
package struct SystemBrowser: BrowserOpener {
    /// `--browser-command`: always tried, display or not (the user chose it).
    package var command: String?
    package var environment: Environment

    package init(command: String? = nil, environment: Environment = Environment()) {
        self.command = command
        self.environment = environment
    }

    package func open(_ url: URL) -> Bool { launch(url) == .opened }

    /// `--browser-command` is always tried; otherwise no display means no browser.
    package var headlessReason: String? { command == nil ? noDisplay() : nil }

    package func launch(_ url: URL) -> BrowserLaunch {
        let chosen = command ?? environment["BROWSER"].flatMap { $0.split(separator: ":").first.map(String.init) }
        if command == nil, let reason = noDisplay() {
            return .notTried(reason: reason)
        }
        let shellCommand: String
        if let chosen {
            shellCommand = "\(chosen) \"$1\""
        } else {
            #if os(macOS)
                let candidates = ["/usr/bin/open"]
            #else
                let candidates = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open"]
            #endif
            guard let opener = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
                return .failed(reason: "no xdg-open or open to start one (set $BROWSER or pass \(CLIFlag.browserCommand))")
            }
            shellCommand = "\(opener) \"$1\""
        }
        return run(shellCommand, url: url, shown: chosen ?? "the system opener")
    }

    /// Starts the command and gives it a second: one that fails at once is a failure; one still running (a browser,
    /// or a helper driving one) has opened.
    private func run(_ shellCommand: String, url: URL, shown: String) -> BrowserLaunch {
        let child: QuietChild
        do {
            child = try QuietChild(executable: "/bin/sh", arguments: ["-c", shellCommand, "sh", url.absoluteString])
        } catch {
            return .failed(reason: "\(shown) could not be started")
        }
        let deadline = Deadline(seconds: 1)
        while child.isRunning && !deadline.hasPassed { usleep(20_000) }
        switch child.ending {
        case .exited(let status) where status != 0:
            return .failed(reason: "\(TerminalText.oneLine(shown, limit: 60)) exited with status \(status)")
        case .signaled(let signal):
            return .failed(reason: "\(TerminalText.oneLine(shown, limit: 60)) exited with status \(signal)")
        default:
            return .opened
        }
    }

    /// Why no graphical browser can be shown here, if that is so.
    private func noDisplay() -> String? {
        #if os(macOS)
            return environment["SSH_CONNECTION"] != nil || environment["SSH_TTY"] != nil ? "this is an SSH session" : nil
        #else
            let hasDisplay = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
            if !hasDisplay { return "there is no display (DISPLAY and WAYLAND_DISPLAY are unset)" }
            return nil
        #endif
    }
}

extension CommandContext {
    /// This context with `--browser-command CMD` as its browser, when one was given.
    package func usingBrowserCommand(_ command: String?) -> CommandContext {
        guard let command else { return self }
        var ctx = self
        ctx.browser = SystemBrowser(command: command, environment: environment)
        return ctx
    }

    /// Opens `url` for a person in the context's browser. When nothing opens, one line on stderr says why and points
    /// at `printed`, the copy of the URL the user already has. Returns whether it opened.
    @discardableResult
    package func openForPerson(_ url: URL, printed: String) -> Bool {
        switch browser.launch(url) {
        case .opened:
            return true
        case .notTried(let reason):
            note("dots-sso: not opening a browser: \(reason); open \(printed) by hand")
            return false
        case .failed(let reason):
            warn("could not open a browser (\(reason)); open \(printed) by hand")
            return false
        }
    }
}

/// No browser at all (tests, and contexts where nobody is there to look). `headless` makes it say there is no
/// display, as a remote shell would.
package struct NoBrowser: BrowserOpener {
    package var headless: String?

    package init(headless: String? = nil) {
        self.headless = headless
    }

    package func open(_ url: URL) -> Bool { false }

    package var headlessReason: String? { headless }
}
