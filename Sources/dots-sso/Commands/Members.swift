import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// `dots-sso members`: The Dots Channels API calls a partner makes when it revokes a member (seed 000).
struct Members: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "members",
        abstract: "Log out or remove members (Channels API).",
        subcommands: [MembersLogOut.self, MembersRemove.self]
    )
}

/// Runs either action and renders its outcomes: one line per id, a summary for many, the exit code of the failures.
enum MembersRunner {
    static func run(
        _ action: MemberRevocationUseCase.Action, _ options: MembersOptions, global: GlobalOptions, network: NetworkOptions,
        yes: Bool, _ ctx: CommandContext
    ) async throws {
        let useCase = MemberRevocationUseCase(
            action: action, ssoIDs: options.ssoId, api: try options.settings(ctx),
            http: network.settings(verbose: global.verbose), parallel: options.concurrency, confirmed: yes)
        let result = try await useCase.run(ctx)
        try Console(ctx).emit(result, json: global.json)
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }
}

/// `dots-sso members log-out`
struct MembersLogOut: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "log-out",
        abstract: "Log a member out of the channel (POST /channels/members.log-out-by-sso-id).",
        discussion: """
            The call a partner makes when it revokes a member on its side: The Dots does not sync with partners, so \
            this is how the member's app session ends. Sends Authorization: Channel <api key> and X-Channel: \
            <channel id> with {"ssoId": ID}. The key comes from --api-key-file, --api-key-env or the channel's \
            channelsApi.apiKeyEnv; never from a flag value.

            Each id gets one line: the API's status and request id, or why it failed. Exit codes: 0 every call \
            succeeded; 1 no member has the id (404); 65 the API found the request invalid (400, its errors shown); \
            77 the key was refused (401) or the member is an admin (403); 75 rate limited (429). For many ids, the \
            code the failures share, else 1.

            Examples:
              $ dots-sso members log-out --channel acme --sso-id 3d6479fe-6f41-41e1-bd2b-d5139e21de58
              $ cut -d, -f1 revoked.csv | dots-sso members log-out --channel acme --sso-id - --json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var members: MembersOptions

    func run(_ ctx: CommandContext) async throws {
        try await MembersRunner.run(.logOut, members, global: global, network: network, yes: true, ctx)
    }
}

/// `dots-sso members remove`
struct MembersRemove: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a member from the channel (POST /channels/members.remove-by-sso-id).",
        discussion: """
            Like log-out, but the member loses the channel: they cannot sign in to it again. At a terminal it asks \
            first; --yes skips the question, and without a terminal (a pipe, CI, --sso-id -) --yes is required.

            Examples:
              $ dots-sso members remove --channel acme --sso-id 3d6479fe-6f41-41e1-bd2b-d5139e21de58
              $ dots-sso members remove --channel acme --sso-id - --yes < removed-ids.txt
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var members: MembersOptions

    @Flag(name: .long, help: "Remove without asking (required when stdin is not a terminal).")
    var yes = false

    func run(_ ctx: CommandContext) async throws {
        try await MembersRunner.run(.remove, members, global: global, network: network, yes: yes, ctx)
    }
}
