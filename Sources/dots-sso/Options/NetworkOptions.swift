import ArgumentParser
import DotsSSOBasics
import DotsSSOCore

/// Flags of every command that talks to a server.
struct NetworkOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds before a request is given up (default 30); for authorize, how long the sign-in may take (default 300); for check, how long each channel's run may take (default 120).",
            valueName: "seconds"))
    var timeout: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A PEM file of CA certificates to trust in addition to the system's (repeatable; env DOTS_SSO_CACERT).",
            valueName: "pem"), completion: .file(extensions: ["pem", "crt"]))
    var cacert: [String] = []

    func validate() throws {
        if let timeout, !(timeout > 0 && timeout <= 86_400) {
            throw ValidationError("--timeout must be a number of seconds between 0 and 86400, got \(timeout)")
        }
    }

    func settings(verbose: Bool) -> HTTPSettings {
        HTTPSettings(timeout: timeout, caFiles: cacert, verbose: verbose)
    }
}
