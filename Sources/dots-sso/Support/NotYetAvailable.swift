import ArgumentParser
import DotsSSOCore

/// A command whose capability is not built yet: it accepts any arguments, says so on stderr and exits 1.
/// It never pretends to work; the command's own issue replaces it.
protocol NotYetAvailableCommand: DotsCommand {
    /// The full command path, e.g. `magic-link request`.
    static var path: String { get }
    var arguments: [String] { get }
}

extension NotYetAvailableCommand {
    func run(_ ctx: CommandContext) async throws {
        throw NotAvailableError(command: Self.path)
    }
}
