import DotsSSOCore
import Foundation

/// Where a command's output goes: results to stdout, diagnostics, progress and traces to stderr (the context's
/// streams). Colour only on a terminal, never with `NO_COLOR` or `TERM=dumb`.
struct Console: Sendable {
    let context: CommandContext

    init(_ context: CommandContext) {
        self.context = context
    }

    var environment: Environment { context.environment }
    var style: Style { Style(enabled: context.colorOnStdout) }

    /// Writes a line (or lines) of result to stdout.
    func out(_ text: String) {
        context.stdout.writeLine(text)
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
        out(String(decoding: try Self.jsonEncoder.encode(value), as: UTF8.self))
    }

    static let jsonEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISOTimestamp.string(date))
        }
        return encoder
    }()
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
