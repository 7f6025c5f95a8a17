import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso demo`: the whole onboarding of a partner, run against the sandbox partner started in this process,
/// through the same use cases the commands use. Each stage is reported as it ends; the run passes when every
/// stage holds. Nothing touches the user's own cache or channels: the demo works in a temporary folder,
/// removed when it ends (with `keep`, when the sandbox stops).
package struct DemoUseCase: Sendable {
    /// Keep the sandbox running after the stages, for the "what to try next" commands.
    package var keep: Bool
    /// Show the sandbox's real login page in the context's browser instead of signing jane in at once.
    package var interactive: Bool
    /// Run against the sandbox playing a FAPI 2.0 provider, the channel held to the profile (`demo --fapi2`).
    package var fapi2: Bool

    package init(keep: Bool = false, interactive: Bool = false, fapi2: Bool = false) {
        self.keep = keep
        self.interactive = interactive
        self.fapi2 = fapi2
    }

    /// What the run found: every stage, and where the sandbox is.
    package struct Result: Encodable, Sendable {
        package var issuer: String
        package var stages: [DemoStage]
        package var passed: Bool
        package var milliseconds: Int
        /// The channel file the next commands can use (while the sandbox runs, with `keep`).
        package var channelFile: String
        package var cacheDirectory: String
        package var trustRoot: String
        /// Whether the sandbox shows its login page (else it signs jane in at once).
        package var loginPage: Bool
    }

    /// Runs every stage, calling `onStage` as each ends, then `onFinished` (with the sandbox still up when
    /// `keep`); with `keep`, serves until SIGINT or SIGTERM before returning.
    package func run(
        _ ctx: CommandContext, onStage: @Sendable (DemoStage) -> Void,
        onFinished: @Sendable (Result) throws -> Void = { _ in }
    ) async throws -> Result {
        let started = Stopwatch()
        let workspace = try DemoWorkspace()
        defer { workspace.remove() }
        var settings = SandboxPartner.Settings()
        settings.autoApprove = interactive ? nil : "jane"
        settings.outbox = workspace.url("outbox")
        settings.fapi2 = fapi2
        let partner = try await SandboxPartner.start(settings: settings)
        var stopped = false
        defer { if !stopped { partner.stop() } }

        let channelFile = workspace.path("sandbox.channel.json")
        let trustFile = try partner.writeChannel(to: channelFile)
        // The stages use the channel as a user's commands would read it: from the file, its pass root beside it.
        let channel = try ChannelStore(directory: workspace.url("channels")).load(channelFile)
        let run = DemoRun(partner: partner, channel: channel, workspace: workspace, context: ctx, interactive: interactive)
        var stages: [DemoStage] = []
        for stage in DemoStage.Name.allCases {
            let outcome = await run.stage(stage)
            stages.append(outcome)
            onStage(outcome)
        }
        let result = Result(
            issuer: partner.issuer, stages: stages, passed: stages.allSatisfy(\.passed),
            milliseconds: started.milliseconds, channelFile: channelFile,
            cacheDirectory: workspace.path("cache"), trustRoot: trustFile, loginPage: interactive
        )
        try onFinished(result)
        if keep {
            _ = await TerminationSignal.wait()
            ctx.note("demo: shutting the sandbox down")
        }
        await partner.shutdown()
        stopped = true
        return result
    }
}

/// The temporary folder a demo works in: its cache, channel file, downloads and the sandbox's outbox.
final class DemoWorkspace: Sendable {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dots-sso-demo-\(UUID().uuidString.prefix(8))", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw OutputError.cannotWrite(
                path: root.path, what: "the demo's working folder", reason: FileSystemReason.of(error, otherwise: "cannot create it"))
        }
    }

    func url(_ name: String) -> URL { root.appendingPathComponent(name) }
    func path(_ name: String) -> String { url(name).path }
    func remove() { try? FileManager.default.removeItem(at: root) }
}
