import ArgumentParser
import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `dots-sso cache`: see and remove cached sign-ins (never their tokens).
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "List or clear cached sign-ins.",
        subcommands: [CacheList.self, CacheClear.self]
    )
}

/// `dots-sso cache list`
struct CacheList: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List cached sign-ins: provider, client, account, subject and expiry, never a token.",
        discussion: """
            Examples:
              $ dots-sso cache list
              $ dots-sso cache list --json | jq '.entries[] | select(.needsSignIn)'
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var cacheOptions: CacheOptions

    func run(_ ctx: CommandContext) async throws {
        let result = try CacheListUseCase(cacheDirectory: cacheOptions.cacheDir).run(ctx)
        try Console(ctx).emit(result, json: global.json)
    }
}

/// `dots-sso cache clear`
struct CacheClear: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Remove the channel's cached sign-in, or every one with --all.",
        discussion: """
            --all with --channel (or --issuer and --client-id) removes every account's sign-in of that channel only; \
            --all alone removes every cached sign-in.

            Examples:
              $ dots-sso cache clear --channel acme
              $ dots-sso cache clear --channel acme --all
              $ dots-sso cache clear --all
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var channel: ChannelOptions
    @OptionGroup var cacheOptions: CacheOptions

    @Flag(name: .long, help: "Remove every cached sign-in (of the channel, when one is named).")
    var all = false

    func run(_ ctx: CommandContext) async throws {
        // Only a channel named on the command line narrows --all; DOTS_SSO_CHANNEL in the environment does not.
        let named = try channel.channel != nil || channel.overrides != Channel()
        let useCase = CacheClearUseCase(
            channel: all && !named ? Channel() : try channel.resolve(ctx), cacheDirectory: cacheOptions.cacheDir,
            account: cacheOptions.account, all: all)
        let result = try await useCase.run(ctx)
        try Console(ctx).emit(result, json: global.json)
    }
}
