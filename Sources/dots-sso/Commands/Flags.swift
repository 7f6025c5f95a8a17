import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso flags`: one member's feature flags, and the checks the app makes with them. `flags` alone is `flags
/// show`, with its options here (not behind a default subcommand), so `flags --help` and completion offer what the
/// README shows: `flags --channel acme --access-token-file t`.
struct Flags: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "flags",
        abstract: "A member's feature flags and the app-launch rule.",
        discussion: FlagsShow.configuration.discussion,
        subcommands: [FlagsShow.self, FlagsCheck.self]
    )

    @OptionGroup var options: MemberOptions

    func run(_ ctx: CommandContext) async throws {
        try await FlagsShow.show(options, ctx)
    }
}

/// `dots-sso flags show` (the default)
struct FlagsShow: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show every flag: its value, the purpose the channel gives it, and which containers it gates.",
        discussion: """
            Examples:
              $ dots-sso flags --channel acme
              $ dots-sso flags --channel acme --json | jq '.flags[] | select(.value != true)'
            """
    )

    @OptionGroup var options: MemberOptions

    func run(_ ctx: CommandContext) async throws {
        try await Self.show(options, ctx)
    }

    static func show(_ options: MemberOptions, _ ctx: CommandContext) async throws {
        let checked = try await ProfileUseCase(member: try options.settings(ctx)).run(ctx)
        try Console(ctx).emit(checked.memberFlags, json: options.global.json, exitStatus: 0)
    }
}

/// `dots-sso flags check [NAME…]`
struct FlagsCheck: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Exit 0 when every named flag is exactly true; with no names, apply the app-launch rule (canAccessApp).",
        discussion: """
            A flag passes only when it is the JSON boolean true: false, missing, "true" as a string or any other \
            value fails, one line each. With no names the check is what the app does at launch: the profile must \
            be retrievable and canAccessApp true, otherwise the app logs the member out (exit 1). When the profile \
            cannot be fetched (a missing token file, an unset secret, an outage, a refused token) nothing was \
            checked: the command says so and ends with that failure's own status (78, 69, 77…), never 1.

            Examples:
              $ dots-sso flags check --channel acme                       # would the app keep this member signed in?
              $ dots-sso flags check --channel acme canAccessContainer1 canAccessContainer2
            """
    )

    @OptionGroup var options: MemberOptions

    @Argument(help: "Flags that must be true (default: the app-launch rule, canAccessApp).")
    var names: [String] = []

    func run(_ ctx: CommandContext) async throws {
        let result = try await FlagsCheckUseCase(member: try options.settings(ctx), names: names).run(ctx)
        try Console(ctx).emit(result, json: options.global.json, exitStatus: result.exitStatus)
        if let problem = result.problem { throw ExitCode(problem.exitCode) }
        if !result.passed { throw checkFailed }
    }
}
