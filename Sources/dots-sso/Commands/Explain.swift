import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// `dots-sso explain CODE`: what a finding code means, like `rustc --explain`.
struct Explain: DotsCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "What a finding code means, and its rule's source.",
        discussion: """
            Reads the registry the findings are made from. A code that is not registered gets the nearest known \
            ones (exit 64). --markdown prints the whole catalogue (docs/findings.md is generated from it).

            Examples:
              $ dots-sso explain discover.pkce.s256-missing
              $ dots-sso explain --markdown > findings.md
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Print every registered code as Markdown.")
    var markdown = false

    @Argument(
        help: "A finding code, as in a report (e.g. discover.issuer.mismatch).", completion: .list(FindingCatalog.all.map(\.code)))
    var code: String?

    func validate() throws {
        if markdown == (code != nil) { throw ValidationError("name one finding code, or give --markdown for all of them") }
    }

    func run(_ ctx: CommandContext) async throws {
        let console = Console(ctx)
        if markdown { return console.out(FindingCatalog.markdown) }
        guard let code, let entry = FindingCatalog.code(code) else {
            let guesses = FindingCatalog.nearest(to: code ?? "")
            throw UsageError.invalid(
                "no finding code \"\(TerminalText.safe(code ?? ""))\" is registered"
                    + (guesses.isEmpty ? "" : "; did you mean \(guesses.map { "\"\($0)\"" }.joined(separator: ", "))?"))
        }
        try console.emit(entry, json: global.json)
    }
}

/// `explain CODE`: the code, its severity and source, then its paragraph.
extension FindingCode: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        [.result("\(style.bold(code)) (\(severity.rawValue))\n\n\(explanation)\(fix.map { "\n\nFix: \($0)" } ?? "")\n\nSource: \(source)")]
    }
}
