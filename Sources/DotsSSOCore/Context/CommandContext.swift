import DotsSSOBasics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Everything a use case touches outside its own inputs, built once at the root of a run: the environment, the
/// output streams, the network, the clock, the token cache's home and the browser. The binary builds the real
/// one (`CommandContext.live()`); tests build one with captured output, a fake HTTP client and a fixed clock,
/// and run any command in-process with it. Use cases write only diagnostics (`warn`, `note`) to stderr; results
/// go back to the command, which renders them.
package struct CommandContext: Sendable {
    package var environment: Environment
    package var stdout: any TextOutput
    package var stderr: any TextOutput
    /// Reads one line the user types (the pasted redirect URL); nil at end of input.
    package var readLine: @Sendable () -> String?
    /// Makes the HTTP client for one command's settings (`--timeout`, `--cacert`, `-v`).
    package var makeHTTPClient: @Sendable (HTTPClientOptions) -> any HTTPClient
    package var clock: WallClock
    /// The token cache directory when `--cache-dir` is not given (`DOTS_SSO_CACHE_DIR`, else XDG).
    package var cacheDirectory: URL
    package var browser: any BrowserOpener
    /// Whether a person can answer a prompt on stdin (a confirmation); false for pipes, files and CI.
    package var stdinIsTerminal: Bool
    /// What a `-` input reads (a pass, an animation, a secret); bound for `InputFile` by the run's root.
    package var stdin: any StandardInput = ProcessStandardInput()
    /// Where picture work runs: a child process of the binary (bounded), or here (in-process tests).
    package var drawing: DrawingPlace = .inProcess
    /// What draws in this process: DotsSSOPictures's drawer, which the executable supplies (like the HTTP client);
    /// nil where nothing draws (most tests, and a run whose child process is the only place pictures are made).
    package var drawer: (any Drawer)?
    /// What listens for the browser's redirect to a loopback address (a sign-in, a logout's return): DotsSSOLoopback's,
    /// which the executable supplies; without it such a wait ends at once with a listener error.
    package var listening: any LoopbackListening = NoLoopbackListening()
    /// The OS keyring for `--token-store keyring`: the Secret Service, which the executable supplies; nil where there
    /// is none (tests that do not keep tokens there).
    package var keyring: (any SecretKeyring)?
    /// `--color`: whether output is coloured (auto: a terminal, unless the environment says otherwise).
    package var colorChoice: ColorChoice = .auto
    /// `--quiet`: results, warnings and errors only; progress and guidance (`note`) stay unsaid.
    package var quiet = false
    /// `--jq EXPR`: every JSON document this run prints goes through it.
    package var jsonFilter: String?
    /// The folder CI reports give paths relative to (the repository a job runs in): the process's own.
    package var workingDirectory = FileManager.default.currentDirectoryPath

    /// Picture work as this command runs it, its wall clock at `timeout` when the command has one.
    package func isolatedDrawing(timeout: Double? = nil) -> IsolatedDrawing {
        IsolatedDrawing(place: drawing, limits: .from(environment, timeout: timeout), drawer: drawer)
    }

    package init(
        environment: Environment, stdout: any TextOutput, stderr: any TextOutput,
        readLine: @escaping @Sendable () -> String? = { nil },
        makeHTTPClient: @escaping @Sendable (HTTPClientOptions) -> any HTTPClient,
        clock: WallClock = .system, cacheDirectory: URL? = nil, browser: any BrowserOpener = NoBrowser(), stdinIsTerminal: Bool = false
    ) {
        self.environment = environment
        self.stdout = stdout
        self.stderr = stderr
        self.readLine = readLine
        self.makeHTTPClient = makeHTTPClient
        self.clock = clock
        self.cacheDirectory = cacheDirectory ?? environment.cacheDirectory
        self.browser = browser
        self.stdinIsTerminal = stdinIsTerminal
    }

    /// The process's own streams, environment, libcurl, clock and browser.
    package static func live() -> CommandContext {
        let environment = Environment()
        // Under GitHub Actions, partner text must not become workflow commands (see WorkflowCommandGuard).
        let guarded = environment.isGitHubActions
        let stdout: any TextOutput =
            guarded ? WorkflowCommandGuard(FileDescriptorOutput.standardOutput) : FileDescriptorOutput.standardOutput
        let stderr: any TextOutput = guarded ? WorkflowCommandGuard(FileDescriptorOutput.standardError) : FileDescriptorOutput.standardError
        var context = CommandContext(
            environment: environment, stdout: stdout, stderr: stderr,
            readLine: { [lines = LineReader()] in lines.next() },
            makeHTTPClient: { CurlHTTPClient(options: $0) }, clock: .system, browser: SystemBrowser(), stdinIsTerminal: isatty(0) == 1
        )
        context.drawing = .ownBinary(environment: environment)
        return context
    }

    /// Colour on stdout: `--color`, else the environment (`NO_COLOR`, `FORCE_COLOR`), else whether a terminal is looking.
    package var colorOnStdout: Bool { colorChoice.allows(environment: environment, terminal: stdout.isTerminal) }

    /// Colour on stderr (the `-v` trace, warnings), decided as for stdout.
    package var colorOnStderr: Bool { colorChoice.allows(environment: environment, terminal: stderr.isTerminal) }

    /// A one-line warning on stderr (`dots-sso: warning: …`).
    package func warn(_ text: String) {
        stderr.writeLine("dots-sso: warning: \(TerminalText.message(text))")
    }

    /// A line of progress or guidance on stderr, never mixed into results.
    package func note(_ text: String) {
        if !quiet { stderr.writeLine(text) }
    }

    /// What a person must act on (an address to open, a code to enter, a prompt to answer) on stderr, even under
    /// `--quiet`: quiet leaves out progress and hints, never the one thing that lets the command go on.
    package func prompt(_ text: String) {
        stderr.writeLine(text)
    }
}
