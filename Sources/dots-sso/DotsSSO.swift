import ArgumentParser
import DotsSSOCore
import Foundation

/// The `dots-sso` root command: the command tree, and the one place a run becomes an exit status and stderr lines.
@main
struct DotsSSO: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dots-sso",
        abstract: "Connect a partner's single sign-on to The Dots app, fast and safely.",
        discussion: """
        For integration engineers onboarding a partner, CI jobs validating a partner's deliverables, \
        and support staff working out why one member's feature flags lock them out.

        Examples:
          $ dots-sso discover --issuer https://sso.partner.example
          $ dots-sso channel init acme --issuer https://sso.acme.example
          $ dots-sso authorize --channel acme
          $ dots-sso flags check --channel acme canAccessApp
          $ dots-sso pkpass inspect guest.pkpass --json
          $ dots-sso check --channel acme --junit report.xml

        Exit codes:
        \(ExitStatus.allCases.map { "  \(String($0.rawValue).padding(toLength: 3, withPad: " ", startingAt: 0)) \($0.meaning)" }.joined(separator: "\n"))

        Configuration lives in $XDG_CONFIG_HOME/dots-sso/channels, tokens in $XDG_CACHE_HOME/dots-sso \
        (0700 directory, 0600 files). Secrets are never printed unless you ask (`dots-sso token print`).
        """,
        version: DotsSSOVersion.current,
        subcommands: [
            Discover.self, Authorize.self, Exchange.self, Refresh.self, TokenCommand.self, Revoke.self, Logout.self,
            Profile.self, Flags.self, Containers.self, Passes.self, PKPass.self, Bodymovin.self,
            MagicLink.self, Applinks.self, Check.self, Sandbox.self, Demo.self,
            OpenWeb.self, Echo.self, Members.self, CacheCommand.self, ChannelCommand.self,
        ]
    )

    static func main() async {
        let context = CommandContext.live()
        // Parsing, `--help` and `--version` stay synchronous: awaiting anything would start an executor thread,
        // which costs more than the rest of `dots-sso --version` (scripts call it, and `token print`, in loops).
        let status: Int32
        switch parse(Array(CommandLine.arguments.dropFirst()), context: context) {
        case .finished(let code): status = code
        case .command(let command): status = await execute(command, context: context)
        }
        Foundation.exit(status)
    }

    /// Parses `arguments`, runs the command with `context`, and returns the exit status; every message goes to the
    /// context's streams. The binary and the in-process tests both run commands through here.
    static func run(arguments: [String], context: CommandContext) async -> Int32 {
        switch parse(arguments, context: context) {
        case .finished(let code): code
        case .command(let command): await execute(command, context: context)
        }
    }

    enum Parsed {
        case command(ParsableCommand)
        /// Help, version or a usage error, already rendered.
        case finished(Int32)
    }

    static func parse(_ arguments: [String], context: CommandContext) -> Parsed {
        do {
            return .command(try parseAsRoot(arguments))
        } catch {
            // Every parse error is ArgumentParser's to render.
            return .finished(finish(argumentParserError: error, console: Console(context)))
        }
    }

    static func execute(_ command: ParsableCommand, context: CommandContext) async -> Int32 {
        let console = Console(context)
        let status: Int32
        do {
            if let command = command as? DotsCommand {
                try await command.run(context)
            } else if var command = command as? AsyncParsableCommand {
                try await command.run()  // ArgumentParser's own help command
            } else {
                var command = command
                try command.run()
            }
            status = ExitStatus.success.rawValue
        } catch let error as UserFacingError {
            console.err("dots-sso: \(TerminalText.message(error.message))")
            status = error.exitStatus.rawValue
        } catch let error as ExitCode {
            status = error.rawValue
        } catch where String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") {
            status = finish(argumentParserError: error, console: console)  // `help` and validation errors
        } catch {
            console.err("dots-sso: internal error: \(TerminalText.message(String(describing: error))) (please report it)")
            status = ExitStatus.internalError.rawValue
        }
        if let failure = context.stdout.failure {
            console.err("dots-sso: cannot write the output: \(failure)")
            return ExitStatus.cannotWrite.rawValue
        }
        return status
    }

    /// Renders an ArgumentParser error as ArgumentParser does: help and version on stdout, errors on stderr.
    private static func finish(argumentParserError error: any Error, console: Console) -> Int32 {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if !message.isEmpty {
            if code == .success { console.out(message) } else { console.err(message) }
        }
        if code == .success, let failure = console.context.stdout.failure {
            console.err("dots-sso: cannot write the output: \(failure)")
            return ExitStatus.cannotWrite.rawValue
        }
        return code.rawValue
    }
}
