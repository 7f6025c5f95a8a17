import DotsSSOCore

/// The flags table shared by `profile` and `flags`.
enum FlagTable {
    static func render(_ flags: [FlagReading], style: Style) -> String {
        guard !flags.isEmpty else { return "  (no flags)" }
        let rows = flags.map { flag -> [String] in
            let display = TerminalText.safe(flag.display)
            let value = flag.isOn ? style.green(display) : (flag.value == .bool(false) ? display : style.red(display))
            return [TerminalText.safe(flag.name), value, flag.purpose ?? "-", flag.gates.isEmpty ? "-" : flag.gates.joined(separator: ", ")]
        }
        return Table.render(rows, header: ["FLAG", "VALUE", "PURPOSE", "GATES"], indent: "  ")
    }
}
