import DotsSSOBasics
import DotsSSOCore

/// The flags table shared by `profile` and `flags`.
enum FlagTable {
    static func render(_ flags: [FlagReading], style: Style) -> String {
        guard !flags.isEmpty else { return "  (no flags)" }
        let rows = flags.map { flag -> [String] in
            let display = TerminalText.safe(flag.display)
            // false is an ordinary answer, except for the app-launch flag: that one locks the member out.
            let plainOff = flag.value == .bool(false) && flag.name != ProfileChecker.launchFlag
            let value = flag.isOn ? style.green(display) : (plainOff ? display : style.red(display))
            return [
                TerminalText.safe(flag.name), value, flag.purpose ?? "-", flag.gates.isEmpty ? "-" : flag.gates.joined(separator: ", "),
            ]
        }
        return Table.render(rows, header: ["FLAG", "VALUE", "PURPOSE", "GATES"], indent: "  ")
    }

    /// The one line that answers what a support person opened the table for: does the app keep this member?
    static func verdict(_ launch: FlagCheck.Result, style: Style) -> String {
        launch.passed
            ? style.green("\(launch.name) is true: the app keeps this member signed in")
            : style.red(TerminalText.safe(launch.problem ?? "\(launch.name) is not true: the app would log this member out"))
    }
}
