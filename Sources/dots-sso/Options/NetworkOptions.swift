import ArgumentParser
import DotsSSOCore
import Foundation

/// Flags of every command that talks to a server.
struct NetworkOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Give up on a request after this many seconds (default 30).", valueName: "seconds"))
    var timeout: Double?

    @Option(name: .long, help: ArgumentHelp(
        "A PEM file of CA certificates to trust in addition to the system's (repeatable; env DOTS_SSO_CACERT).",
        valueName: "pem"))
    var cacert: [String] = []

    func validate() throws {
        if let timeout, !(timeout > 0 && timeout <= 86_400) {
            throw ValidationError("--timeout must be a number of seconds between 0 and 86400, got \(timeout)")
        }
    }

    /// The HTTP client for this run, with the trace wired to stderr when `-v` is given.
    func makeClient(verbose: Bool, console: Console) throws -> CurlHTTPClient {
        var files = cacert
        if files.isEmpty, let fromEnvironment = console.environment["DOTS_SSO_CACERT"] {
            files = [fromEnvironment]
        }
        let anchors = files.isEmpty ? nil : try TrustAnchors(pemFiles: files)
        let style = Style(enabled: console.colorOnStderr)
        var trace: (@Sendable (String) -> Void)?
        if verbose {
            trace = { line in console.err(style.dim(line)) }
        }
        return CurlHTTPClient(options: HTTPClientOptions(
            timeout: timeout ?? HTTPClientOptions.defaultTimeout,
            trustAnchors: anchors,
            trace: trace
        ))
    }
}
