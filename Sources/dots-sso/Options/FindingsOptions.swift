import ArgumentParser

/// Flags of every command that reports findings. `FindingsReporter` does the reporting.
struct FindingsOptions: ParsableArguments {
    @Flag(name: .long, help: "Treat warnings as errors (exit 1 when any warning is found).")
    var strict = false

    @OptionGroup var reports: ReportOptions

    /// `--junit`: the report a command's console may have to keep stdout free for.
    var junit: String? { reports.junit }
}

/// Where CI reports go: JUnit, SARIF (GitHub code scanning) and GitLab Code Quality.
struct ReportOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also write JUnit XML here, one test case per input (merged with an earlier dots-sso report in the file; - or /dev/stdout: to stdout, and the rest to stderr).",
            valueName: "path"), completion: .file(extensions: ["xml"]))
    var junit: String?

    @Option(
        name: .long, help: ArgumentHelp("Also write SARIF 2.1.0 here, for GitHub code scanning.", valueName: "path"),
        completion: .file(extensions: ["sarif", "json"]))
    var sarif: String?

    @Option(
        name: .customLong("codequality"), help: ArgumentHelp("Also write a GitLab Code Quality report (JSON) here.", valueName: "path"),
        completion: .file(extensions: ["json"]))
    var codeQuality: String?

    func files(strict: Bool) -> ReportFiles {
        ReportFiles(junit: junit, sarif: sarif, codeQuality: codeQuality, strict: strict)
    }
}
