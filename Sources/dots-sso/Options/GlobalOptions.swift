import ArgumentParser

/// Flags every command takes.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document on stdout instead of human output.")
    var json = false

    @Flag(name: [.short, .long], help: "Trace HTTP requests and responses to stderr, with every secret redacted.")
    var verbose = false
}
