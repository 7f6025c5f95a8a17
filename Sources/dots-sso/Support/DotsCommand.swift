import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// A dots-sso command: parsed by ArgumentParser, run with the one `CommandContext` the root builds (the real
/// one in the binary, fakes in tests). Its body parses nothing more: it calls one core use case and renders.
protocol DotsCommand: AsyncParsableCommand {
    func run(_ ctx: CommandContext) async throws
}

extension DotsCommand {
    func run() async throws {
        try await run(.binary())
    }
}

/// The status a command ends with when its checks found problems.
let checkFailed = ExitCode(ExitStatus.checkFailed.rawValue)
