import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso containers`: what the app loads for each container of a channel. `containers` alone is `containers
/// show`, its options here so help and completion offer them (`containers --channel acme`).
struct Containers: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "containers",
        abstract: "Each container's request, and whether it opens.",
        discussion: ContainersShow.configuration.discussion,
        subcommands: [ContainersShow.self, ContainersProbe.self]
    )

    @OptionGroup var show: ContainersShowOptions

    func run(_ ctx: CommandContext) async throws {
        try await show.run(ctx)
    }
}

/// `dots-sso containers show` (what `containers` alone does)
struct ContainersShow: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the exact request the app makes for each container (token redacted) and whether the member may open it.",
        discussion: """
            Examples:
              $ dots-sso containers --channel acme
              $ dots-sso containers --channel acme --profile-file member.json --json
              $ dots-sso containers --channel acme --show-secrets
            """
    )

    @OptionGroup var show: ContainersShowOptions

    func run(_ ctx: CommandContext) async throws {
        try await show.run(ctx)
    }
}

/// `dots-sso containers probe [NAME]`
struct ContainersProbe: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Make each container's request over TLS 1.2+ with the member's token and report the status.",
        discussion: """
            Examples:
              $ dots-sso containers probe --channel acme
              $ dots-sso containers probe --channel acme news --json
            """
    )

    @OptionGroup var options: MemberOptions

    @Argument(help: "Probe only this container.")
    var name: String?

    func run(_ ctx: CommandContext) async throws {
        let results = try await ContainersProbeUseCase(member: try options.settings(ctx), name: name).run(ctx)
        try Console(ctx).emit(results, json: options.global.json)
        if results.contains(where: { !$0.passed }) { throw checkFailed }
    }
}
