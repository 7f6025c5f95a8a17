import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import DotsSSOSandbox
import FoundationEssentials

/// `dots-sso demo`: the whole onboarding against the embedded sandbox partner.
struct Demo: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the whole onboarding against the sandbox.",
        discussion: """
            Starts the sandbox partner in this process on a free loopback port and runs every step of connecting a \
            partner through the same code the commands use: discover → authorize (auto-approved as jane) → \
            profile and its findings → flags and the app-launch rule → containers → passes fetch and pkpass \
            inspect → bodymovin validate → magic-link request and redeem → applinks → openweb register → echo \
            verify (and a look-alike provider refused) → members log-out → revoke. One line per step; \
            exits 0 when every step holds, 1 when one does not. Works in a temporary folder: your cache and \
            channels are not touched.

            --keep leaves the sandbox running afterwards (Ctrl-C to stop) and prints commands to try against it.

            --interactive shows the sandbox's real login page in your browser instead of signing jane in at once: sign \
            in as jane with the password demo (a wrong password shows an error; Cancel ends the authorize step). The \
            browser opens as `authorize` opens it (--browser-command CMD, else $BROWSER, else xdg-open/open); the URL is \
            printed too, and the demo waits up to 300 s for the sign-in.

            Examples:
              $ dots-sso demo
              $ dots-sso demo --json | jq '.stages[] | select(.passed | not)'
              $ dots-sso demo --keep
              $ dots-sso demo --interactive
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Keep the sandbox running afterwards, with commands to try against it.")
    var keep = false

    @Flag(name: .long, help: "Sign in on the sandbox's login page in your browser instead of auto-approval.")
    var interactive = false

    @Flag(
        name: .long,
        help: "Run against the sandbox playing a FAPI 2.0 provider, the channel held to the profile (PAR, DPoP, private_key_jwt, ES256).")
    var fapi2 = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --interactive: open the login page with this command (the URL is its last argument).",
            valueName: "command"))
    var browserCommand: String?

    func validate() throws {
        if browserCommand != nil && !interactive {
            throw ValidationError("--browser-command needs --interactive (the demo signs in by itself otherwise)")
        }
    }

    func run(_ context: CommandContext) async throws {
        let ctx = context.usingBrowserCommand(browserCommand)
        let console = Console(ctx)
        let json = global.json
        let style = console.style
        let terminal = ctx.stdout.isTerminal
        if !json { console.out(style.bold("dots-sso demo") + ": the whole onboarding against the embedded sandbox partner") }
        let result = try await DemoUseCase(keep: keep, interactive: interactive, fapi2: fapi2).run(
            ctx,
            onStage: { stage in
                guard !json else { return }
                console.out(Self.line(stage, style: style, terminal: terminal))
            },
            onFinished: { result in
                if json {
                    try console.json(result)
                    return
                }
                let failed = result.stages.filter { !$0.passed }.count
                console.out(
                    failed == 0
                        ? style.green("All \(result.stages.count) steps hold") + " (\(result.milliseconds) ms)."
                        : style.red("\(failed) of \(result.stages.count) steps failed") + " (\(result.milliseconds) ms).")
                if keep { console.out(Self.nextSteps(result)) }
            })
        if !result.passed { throw checkFailed }
    }

    static func line(_ stage: DemoStage, style: Style, terminal: Bool) -> String {
        let mark = stage.passed ? style.green(terminal ? "✓" : "ok  ") : style.red(terminal ? "✗" : "FAIL")
        let name = stage.name.rawValue.padded(to: 11)
        return "\(mark) \(name) \(TerminalText.safe(stage.detail)) \(style.dim("\(stage.milliseconds) ms"))"
    }

    static func nextSteps(_ result: DemoUseCase.Result) -> String {
        let channel = result.channelFile, cache = result.cacheDirectory
        // The binary as it was started (Scripts/run starts .build/release/dots-sso), so the lines paste as they are.
        let program = ProcessArguments.all.first.flatMap { $0.hasSuffix("/dots-sso") ? $0 : nil } ?? "dots-sso"
        return """

            The sandbox is still running at \(result.issuer) (\(result.loginPage
            ? "it shows its login page: users sign in with the password demo" : "it signs jane in at once")). Try, in another terminal:
              \(program) authorize --channel \(channel) --cache-dir \(cache)
              \(program) profile --channel \(channel) --cache-dir \(cache)
              \(program) flags check --channel \(channel) --cache-dir \(cache)
              \(program) containers probe --channel \(channel) --cache-dir \(cache)
              \(program) passes fetch --channel \(channel) --cache-dir \(cache) --output passes/
              \(program) check --channel \(channel) --cache-dir \(cache)
            Press Ctrl-C to stop.
            """
    }
}
