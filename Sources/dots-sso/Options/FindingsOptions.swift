import ArgumentParser

/// Flags of every command that reports findings. `FindingsReporter` does the reporting.
struct FindingsOptions: ParsableArguments {
    @Flag(name: .long, help: "Treat warnings as errors (exit 1 when any warning is found).")
    var strict = false

    @Option(name: .long, help: ArgumentHelp("Also write the findings as JUnit XML to this file (- or /dev/stdout: to stdout, and the rest to stderr).", valueName: "path"), completion: .file(extensions: ["xml"]))
    var junit: String?
}
