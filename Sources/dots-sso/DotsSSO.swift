import ArgumentParser
import CDotsRuntime
import DotsSSOBasics
import DotsSSOCore
import DotsSSOPictures
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The binary's entry point, called by Sources/dots-sso-main/main.swift. On the main actor, as an `@main` type's
/// entry is: a nonisolated async call would hop to the global executor and start a Dispatch worker before parsing,
/// whose workqueue monitor reads /proc/<tid>/stat and aborts the process where /proc is not mounted (a chroot).
package enum Binary {
    @MainActor package static func main() async { await DotsSSO.main() }
}

/// The `dots-sso` root command: the command tree, and the one place a run becomes an exit status and stderr lines.
struct DotsSSO: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dots-sso",
        abstract: "Connect a partner's single sign-on to The Dots app, fast and safely.",
        discussion: """
            Examples:
              $ dots-sso authorize --channel acme
              $ dots-sso check --channel acme --junit report.xml

            Channels in $XDG_CONFIG_HOME/dots-sso, tokens in $XDG_CACHE_HOME/dots-sso.
            No secret printed unless asked. See dots-sso help exit-codes, help environment.
            """,
        groupedSubcommands: [
            CommandGroup(
                name: "Sign in",
                subcommands: [
                    Discover.self, Authorize.self, Exchange.self, Refresh.self, TokenCommand.self, Revoke.self, Logout.self,
                    MagicLink.self, CacheCommand.self, Status.self,
                ]),
            CommandGroup(name: "One member (support)", subcommands: [Profile.self, Flags.self, Containers.self, Passes.self]),
            CommandGroup(name: "Deliverables", subcommands: [PKPass.self, Bodymovin.self, Applinks.self]),
            CommandGroup(name: "CI", subcommands: [Check.self, ReportCommand.self, Explain.self]),
            CommandGroup(name: "Partner backends", subcommands: [OpenWeb.self, Echo.self, Members.self]),
            CommandGroup(name: "Sandbox", subcommands: [Sandbox.self, Demo.self]),
            CommandGroup(name: "Setup", subcommands: [ChannelCommand.self, Keys.self, VersionCommand.self]),
        ]
    )

    // `--version` is the root's alone: given as ArgumentParser's `version:`, it is listed under every subcommand,
    // where it does nothing a user wants. It is answered in `parse`; this flag only lists it in the root's help.
    @Flag(name: .long, help: "Show the version (with --verbose, also the libraries found).")
    var version = false

    /// `dots-sso help exit-codes`: the table every command's status comes from, one aligned line a code.
    static var exitCodeTable: String {
        ExitStatus.allCases.map { "\(DisplayWidth.pad(String($0.rawValue), to: 3)) \($0.meaning)" }.joined(separator: "\n")
    }

    @MainActor static func main() async {
        ProcessStart.begin(ProcessArguments.all, drawer: { PictureDrawer() })
        let context = CommandContext.binary()
        // Parsing, `--help` and `--version` stay synchronous: awaiting anything would start an executor thread,
        // which costs more than the rest of `dots-sso --version` (scripts call it, and `token print`, in loops).
        let status: Int32
        switch parse(Array(ProcessArguments.all.dropFirst()), context: context) {
        case .finished(let code): status = code
        case .command(let command): status = await execute(command, context: context)
        }
        end(status)
    }

    /// Ends the process once everything written is out (`dots_end_process`: stdout and stderr flushed, then
    /// `_exit`), so no atexit handler or static destructor of the statically linked runtime runs while its worker
    /// threads may still use what it frees. CI saw a release binary end by SIGABRT once, after it had printed its
    /// whole answer; nothing an exit-time handler does is needed by a command.
    static func end(_ status: Int32) -> Never {
        dots_end_process(status)
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
        if arguments == ["help", "exit-codes"] || arguments == ["help", "environment"] {
            context.stdout.writeLine(arguments[1] == "environment" ? EnvironmentTopic.text : exitCodeTable)
            return .finished(ExitStatus.success.rawValue)
        }
        // `help TOPIC` for a topic that is no command would print the top-level help as if it were the answer.
        if arguments.count > 1, arguments[0] == "help", !arguments[1].hasPrefix("-") {
            let names = configuration.groupedSubcommands.flatMap(\.subcommands).map { $0._commandName } + ["exit-codes", "environment"]
            if !names.contains(arguments[1]) {
                Console(context).err(
                    "dots-sso: no command or help topic named '\(TerminalText.oneLine(arguments[1], limit: 40))'; "
                        + "`dots-sso --help` lists the commands, `dots-sso help exit-codes` the exit codes, "
                        + "`dots-sso help environment` the variables read")
                return .finished(ExitStatus.usage.rawValue)
            }
        }
        // `--version` is the one-line answer; with --verbose or --json it is `version`, the libraries found too.
        if arguments.contains("--version"), arguments.allSatisfy({ ["--version", "--verbose", "-v", "--json"].contains($0) }) {
            guard arguments.contains(where: { $0 != "--version" }) else {
                context.stdout.writeLine(DotsSSOVersion.line)
                if let failure = context.stdout.failure {
                    Console(context).err("dots-sso: cannot write the output: \(failure)")
                    return .finished(ExitStatus.cannotWrite.rawValue)
                }
                return .finished(ExitStatus.success.rawValue)
            }
            return parse(["version"] + arguments.filter { $0 == "--json" || $0 == "--verbose" || $0 == "-v" }, context: context)
        }
        do {
            return .command(try TrailingValuesParse.parse(arguments) { try parseAsRoot($0) })
        } catch {
            // Every parse error is ArgumentParser's to render, with the subcommand a typo most likely meant.
            return .finished(
                finish(argumentParserError: error, console: Console(context), suggestion: suggestion(for: error, in: arguments)))
        }
    }

    static func execute(_ command: ParsableCommand, context: CommandContext) async -> Int32 {
        let options = GlobalOptions.of(command)
        var context = options?.applied(to: context) ?? context
        // Under --json stdout is watched, so a run that fails before its document still prints one.
        let watched = options?.json == true ? WatchedOutput(context.stdout) : nil
        if let watched { context.stdout = watched }
        // On a terminal, a request that takes over a second says what it waits for (check has its own spinner).
        if context.stderr.isTerminal, !context.quiet, !(command is Check) {
            let line = WaitingLine(context.stderr)
            let make = context.makeHTTPClient
            context.stderr = line
            if context.stdout.isTerminal { context.stdout = line.erasing(before: context.stdout) }
            context.makeHTTPClient = { WaitingHTTPClient(inner: make($0), line: line) }
        }
        let console = Console(context)
        let status: Int32
        do {
            if let command = command as? DotsCommand {
                // `-` reads the context's stdin, in the binary and in-process alike.
                try await InputFile.$standardInput.withValue(context.stdin) { try await command.run(context) }
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
            if let watched, !watched.written { try? console.json(FailureDocument(error)) }
        } catch let error as ExitCode {
            status = error.rawValue
        } catch  where DotsSSO.exitCode(for: error) != .failure {
            // ArgumentParser's own: help (0) and usage errors (64). Ours are UserFacingError or ExitCode, caught
            // above; anything else ArgumentParser reports as a plain failure (1), which is an internal error here.
            status = finish(argumentParserError: error, console: console)
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
    /// A line ArgumentParser's error lacks: "did you mean" for an unknown subcommand (`pkpas`, `flags chek`; it suggests
    /// options, not commands), or why a negative number given to an option reads as a missing value.
    static func suggestion(for error: any Error, in arguments: [String]) -> String? {
        let firstLine = fullMessage(for: error).prefix { $0 != "\n" }
        // `--timeout -1`: ArgumentParser reads "-1" as a flag and says the value is missing; say what is wrong with it.
        if firstLine.hasPrefix("Error: Missing value for '"),
            let option = firstLine.split(separator: "'").dropFirst().first?.split(separator: " ").first,
            let index = arguments.firstIndex(of: String(option)), index + 1 < arguments.count, Double(arguments[index + 1]) != nil
        {
            return "\(option) \(arguments[index + 1]): a negative number is not a valid value"
        }
        // `--token -Xy…`: a value that starts with a dash (base64url tokens can) reads as a flag. The value may be a
        // secret, so it is not repeated.
        if firstLine.hasPrefix("Error: Missing value for '"),
            let option = firstLine.split(separator: "'").dropFirst().first?.split(separator: " ").first,
            let index = arguments.firstIndex(of: String(option)), index + 1 < arguments.count, arguments[index + 1].hasPrefix("-")
        {
            return "\(option): the value after it starts with '-', so it reads as a flag; write it as \(option)=VALUE"
        }
        // "Unexpected argument 'pkpas'" or "2 unexpected arguments: 'inspekt', 'x'": the first one is the command word.
        guard firstLine.lowercased().contains("unexpected argument"), let open = firstLine.firstIndex(of: "'"),
            let close = firstLine[firstLine.index(after: open)...].firstIndex(of: "'")
        else { return nil }
        let typed = String(firstLine[firstLine.index(after: open)..<close])
        var command: ParsableCommand.Type = Self.self
        var path = ["dots-sso"]
        for argument in arguments {
            let subcommands = command.configuration.subcommands
            if argument == typed {
                let names = subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
                return NearestName.to(typed, among: names).map { "Did you mean '\((path + [$0]).joined(separator: " "))'?" }
            }
            guard let next = subcommands.first(where: { $0._commandName == argument || $0.configuration.aliases.contains(argument) }) else {
                return nil
            }
            command = next
            path.append(next._commandName)
        }
        return nil
    }

    private static func finish(argumentParserError error: any Error, console: Console, suggestion: String? = nil) -> Int32 {
        let code = exitCode(for: error)
        var message = fullMessage(for: error)
        if let suggestion, let firstLineEnd = message.firstIndex(of: "\n") {
            message.insert(contentsOf: "\n" + suggestion, at: firstLineEnd)
        }
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
