import DotsSSOBasics
import FoundationEssentials

/// What a user chose for one command's requests: the timeout, extra CA files and the `-v` trace.
package struct HTTPSettings: Sendable {
    package var timeout: TimeInterval?
    /// PEM files of extra CAs (`--cacert`); empty means `DOTS_SSO_CACERT` when set.
    package var caFiles: [String]
    package var verbose: Bool

    package init(timeout: TimeInterval? = nil, caFiles: [String] = [], verbose: Bool = false) {
        self.timeout = timeout
        self.caFiles = caFiles
        self.verbose = verbose
    }

    /// The client for this command: the context's maker with these settings and the trace wired to stderr
    /// (dimmed on a terminal).
    package func client(in context: CommandContext) throws -> any HTTPClient {
        var files = caFiles
        var option = "\(CLIFlag.cacert)"
        if files.isEmpty, let fromEnvironment = context.environment["DOTS_SSO_CACERT"] {
            files = [fromEnvironment]
            option = "DOTS_SSO_CACERT"
        }
        let anchors = files.isEmpty ? nil : try TrustAnchors(pemFiles: files, option: option)
        var trace: (@Sendable (String) -> Void)?
        if verbose {
            let stderr = context.stderr
            let dim = context.colorOnStderr
            // Every trace line carries a server's words (headers, bodies, redirect targets): escaped here, once.
            trace = { line in
                let shown = TerminalText.message(line)
                stderr.writeLine(dim ? "\u{1B}[2m\(shown)\u{1B}[0m" : shown)
            }
        }
        return context.makeHTTPClient(
            HTTPClientOptions(
                timeout: timeout ?? HTTPClientOptions.defaultTimeout, trustAnchors: anchors, trace: trace
            ))
    }
}
