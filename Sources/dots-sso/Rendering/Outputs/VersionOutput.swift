import DotsSSOBasics
import DotsSSOCore

/// `version`: this build, and each C library with its version or the package that provides it.
extension BuildReport: CommandOutput {
    func lines(_ style: Style) -> [OutputLine] {
        var rows = [
            ["dots-sso", version], ["commit", commit], ["built", buildDate], ["swift", swift], ["platform", platform],
            ["cores", cores == coresOnline ? "\(cores)" : "\(cores) of \(coresOnline) online"],
        ]
        for library in libraries {
            let text =
                library.found
                ? [library.version ?? "version unknown", library.path.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
                : "not found: apt-get install \(library.package) (for \(library.usedFor))"
            rows.append([library.name, text])
        }
        return [.result(Table.render(rows))]
    }
}
