import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Where a command's output goes: results to stdout, diagnostics, progress and traces to stderr (the context's
/// streams). Colour as `--color` says, else by the environment and whether a terminal looks (`CommandContext`).
struct Console: Sendable {
    let context: CommandContext
    /// Where a report goes when the user named this process's stdout for it (`--junit -` or `/dev/stdout`): the
    /// real stdout, while the command's own output (`out`) moves to stderr so the two never mix.
    let reportOutput: (any TextOutput)?

    init(_ context: CommandContext, reportPath: String? = nil) {
        if let reportPath, Self.isStandardOutput(reportPath) {
            var shown = context
            shown.stdout = context.stderr
            self.context = shown
            reportOutput = context.stdout
        } else {
            self.context = context
            reportOutput = nil
        }
    }

    /// Whether `path` names this process's standard output: `-`, `/dev/stdout`, its descriptor, or the very file
    /// descriptor 1 is open on.
    static func isStandardOutput(_ path: String) -> Bool {
        if ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"].contains(path) { return true }
        var target = stat(), standard = stat()
        guard stat(path, &target) == 0, fstat(1, &standard) == 0 else { return false }
        return target.st_dev == standard.st_dev && target.st_ino == standard.st_ino
    }

    var environment: Environment { context.environment }
    var style: Style { Style(enabled: context.colorOnStdout) }

    /// Writes a line (or lines) of result to stdout.
    func out(_ text: String) {
        context.stdout.writeLine(text)
    }

    /// Writes a workflow command of ours (a GitHub annotation) to stderr: the one kind of line that may start with `::`.
    func annotation(_ line: String) {
        if let guarded = context.stderr as? WorkflowCommandGuard {
            guarded.writeCommand(line)
        } else {
            context.stderr.writeLine(line)
        }
    }

    /// Writes guidance to stderr (what to do next, what a value means), unless `--quiet` asked for results only.
    func hint(_ text: String) {
        if !context.quiet { context.stderr.writeLine(text) }
    }

    /// Writes a diagnostic line to stderr.
    func err(_ text: String) {
        context.stderr.writeLine(text)
    }

    /// A one-line warning on stderr (`dots-sso: warning: …`).
    func warn(_ text: String) {
        context.warn(text)
    }

    /// Prints one JSON document (sorted keys, ISO 8601 dates) on stdout.
    func json(_ value: some Encodable) throws {
        guard let program = context.jsonFilter else { return context.stdout.write(parts: try Self.jsonEncoder.encodeLineParts(value)) }
        // --jq: what the expression selects, each result a line (none: nothing is printed).
        let selected = try JQFilter.apply(program, to: try Self.jsonEncoder.encode(value))
        if !selected.isEmpty { context.stdout.write(selected) }
    }

    /// Prints a result object with the exit status the run ends with beside its fields (`"exitStatus": 1`), so a
    /// script that keeps the JSON keeps the verdict too.
    func json(_ value: some Encodable, exitStatus: Int32) throws {
        try json(WithExitStatus(value: value, exitStatus: exitStatus))
    }

    /// Foundation's pretty, sorted layout with ISO 8601 dates, written by our own encoder (see OutputJSONEncoder).
    static let jsonEncoder = OutputJSONEncoder()
}

/// ANSI styling that collapses to plain text when colour is off.
struct Style: Sendable {
    let enabled: Bool

    func red(_ text: String) -> String { wrap(text, "31") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func bold(_ text: String) -> String { wrap(text, "1") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// A result object and its run's exit status, encoded as one object: the value's own keys, then `exitStatus`.
struct WithExitStatus<Value: Encodable>: Encodable {
    let value: Value
    let exitStatus: Int32

    enum Key: String, CodingKey { case exitStatus }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(exitStatus, forKey: .exitStatus)
    }
}
