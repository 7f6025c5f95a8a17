/// Inputs that could not be checked at all, in the order given, each with the reason; in JSON an object by input.
package struct UnreadableInputs: Encodable, Sendable {
    package var entries: [(input: String, reason: String)] = []

    package init(_ entries: [(input: String, reason: String)] = []) {
        self.entries = entries
    }

    /// A batch's unreadable inputs with their errors' messages.
    package init<Report>(_ outcome: BatchOutcome<Report>) {
        self.init(outcome.unreadable.map { ($0.input, $0.error.message) })
    }

    package var isEmpty: Bool { entries.isEmpty }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(entries.map { ($0.input, $0.reason) }, uniquingKeysWith: { first, _ in first }))
    }
}
