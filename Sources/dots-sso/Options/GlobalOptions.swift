import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

extension ColorChoice: ExpressibleByArgument {}

/// Flags every command takes.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .customLong("json"), help: "Print one JSON document on stdout instead of human output.")
    var jsonFlag = false

    @Option(
        name: .long,
        help: ArgumentHelp("Print only what this jq expression selects from the --json document (implies --json).", valueName: "expr"))
    var jq: String?

    /// `--json`, or `--jq` (which filters the JSON document).
    var json: Bool { jsonFlag || jq != nil }

    @Flag(name: [.short, .long], help: "Trace HTTP requests and responses to stderr, with every secret redacted.")
    var verbose = false

    @Flag(
        name: [.short, .long],
        help:
            "Results, warnings and errors only: no progress lines and no hints (what you must act on, a sign-in's URL, code or prompt, still shows)."
    )
    var quiet = false

    @Option(
        name: .long,
        help: ArgumentHelp("Colour: auto (a terminal; NO_COLOR and FORCE_COLOR are honoured), always or never.", valueName: "when"))
    var color: ColorChoice = .auto

    @Flag(name: .customLong("no-color"), help: "No colour: the same as --color never, as most command-line tools spell it.")
    var noColor = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose ask for opposite things; give one") }
        if noColor && color == .always { throw ValidationError("--no-color and --color always ask for opposite things; give one") }
        if let jq, jq.trimmingWhitespace().isEmpty {
            throw ValidationError("--jq needs an expression, e.g. --jq '.summary'")
        }
    }

    /// The command's context with these choices applied.
    func applied(to context: CommandContext) -> CommandContext {
        var context = context
        context.colorChoice = noColor ? .never : color
        context.quiet = quiet
        context.jsonFilter = jq
        return context
    }

    /// The global options a parsed command holds: every `DotsCommand` has them in an option group, directly or
    /// inside another group (`MemberOptions`), so they are found by looking through the parsed values.
    static func of(_ command: ParsableCommand) -> GlobalOptions? {
        find(in: command, depth: 6)
    }

    private static func find(in value: Any, depth: Int) -> GlobalOptions? {
        if let options = value as? GlobalOptions { return options }
        if let group = value as? OptionGroup<GlobalOptions> { return group.wrappedValue }
        guard depth > 0 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let found = find(in: child.value, depth: depth - 1) { return found }
        }
        return nil
    }
}
