import ArgumentParser

/// A command whose last positional argument takes any number of values: the files a shell glob names.
///
/// ArgumentParser 1.8.2 parses such a list in quadratic time (each value copies the array and the set of input
/// positions parsed so far): 1,000 passes cost 35 ms before the first is read, 4,000 half a second. So the line's
/// longest run of plain values is parsed as its first few values and a stand-in, and the rest put in its place.
protocol TrailingValues: ParsableCommand {
    var trailingValues: [String] { get set }
}

enum TrailingValuesParse {
    /// Below this many values in a run the ordinary parse is cheap, and is used.
    static let shortcutFrom = 64
    /// Stands for the rest of the run in the shortened line: no shell word holds a NUL, so no real value equals it.
    static let standIn = "\u{0}dots-sso: the rest of the run\u{0}"
    /// How many of the run's values are parsed as they are: a command path (`report merge`) and a list's first values.
    static let keptValues = 4

    /// Parses `arguments` with `parse`, taking the longest run of plain values (no leading "-"), when it is long, the
    /// fast way: the line is parsed with the run's first few values and a stand-in for the rest, and when the command is a
    /// `TrailingValues` whose list holds the stand-in, the rest goes in its place. A plain value after a list's value
    /// only ever joins the same list, so the outcome is the full parse's, flags before or after the files alike.
    /// Anything else (a "--" in the line, a stand-in taken by something else, a list the command's `validate()`
    /// refuses once whole) takes the ordinary parse, with its own errors and messages.
    static func parse(_ arguments: [String], with parse: ([String]) throws -> ParsableCommand) throws -> ParsableCommand {
        guard arguments.count >= shortcutFrom, !arguments.contains("--"), let run = longestPlainRun(arguments),
            run.count >= shortcutFrom
        else { return try parse(arguments) }
        // The run's first few values stay: the command's own name may start it (`pkpass inspect a.pkpass …`).
        let kept = run.lowerBound + keptValues
        let shortened = Array(arguments[..<kept]) + [standIn] + Array(arguments[run.upperBound...])
        guard var command = try? parse(shortened) as? any TrailingValues,
            let place = command.trailingValues.firstIndex(of: standIn),
            command.trailingValues.lastIndex(of: standIn) == place
        else { return try parse(arguments) }
        command.trailingValues.replaceSubrange(place...place, with: arguments[kept..<run.upperBound])
        do {
            try command.validate()
        } catch {
            return try parse(arguments)
        }
        return command
    }

    /// The longest stretch of arguments that do not start with "-".
    static func longestPlainRun(_ arguments: [String]) -> Range<Int>? {
        var best: Range<Int>?
        var start: Int?
        for index in arguments.indices {
            if arguments[index].hasPrefix("-") {
                start = nil
                continue
            }
            let first = start ?? index
            start = first
            if (best?.count ?? 0) < index + 1 - first { best = first..<(index + 1) }
        }
        return best
    }
}
