import ArgumentParser

/// A command whose last positional argument takes any number of values: the files a shell glob names.
///
/// ArgumentParser 1.8.2 parses such a list in quadratic time (each value copies the array and the set of input
/// positions parsed so far): 1,000 passes cost 35 ms before the first is read, 8,000 two seconds. So a long run of
/// plain values at the end of the line is parsed as its first two, and the rest appended to the parsed command.
protocol TrailingValues: ParsableCommand {
    var trailingValues: [String] { get set }
}

enum TrailingValuesParse {
    /// Below this many trailing values the ordinary parse is cheap, and is used.
    static let shortcutFrom = 64

    /// Parses `arguments` with `parse`, taking a long trailing run of plain values (no leading "-") the fast way when
    /// the parsed command is a `TrailingValues` that took that run's second value as the last of its list: from there
    /// on every plain value is appended to that list, so the outcome is the one the full parse gives. Anything else (a
    /// "--" in the line, a run that went elsewhere, a list the command's `validate()` refuses once whole) takes the
    /// ordinary parse, with its own errors and messages.
    static func parse(_ arguments: [String], with parse: ([String]) throws -> ParsableCommand) throws -> ParsableCommand {
        var start = arguments.endIndex
        while start > arguments.startIndex, !arguments[start - 1].hasPrefix("-") { start -= 1 }
        guard arguments.endIndex - start >= shortcutFrom, !arguments.contains("--") else { return try parse(arguments) }
        let kept = start + 2
        guard var command = try? parse(Array(arguments[..<kept])) as? any TrailingValues,
            command.trailingValues.last == arguments[kept - 1]
        else { return try parse(arguments) }
        command.trailingValues.append(contentsOf: arguments[kept...])
        do {
            try command.validate()
        } catch {
            return try parse(arguments)
        }
        return command
    }
}
