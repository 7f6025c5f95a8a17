import DotsSSOBasics
import Foundation

/// Where the browser is sent back to: our loopback listener (RFC 8252 §7.3), or a registered URI (e.g. The
/// Dots' own) whose landing URL the user pastes.
package enum RedirectMode: Sendable, Equatable {
    case loopback(port: Int?)
    case registered(String)

    package init(redirectURI: String?, port: Int?) throws {
        guard let redirectURI else {
            self = .loopback(port: port)
            return
        }
        guard let url = URL(string: redirectURI), let scheme = url.scheme?.lowercased() else {
            throw UsageError.invalid("--redirect-uri '\(redirectURI)' is not a URI")
        }
        if scheme == "http", let host = url.host, URLPolicy.isLoopback(host: host) {
            guard url.path == "/callback" else {
                throw UsageError.invalid("a loopback --redirect-uri must use the path /callback (got \(url.path.isEmpty ? "/" : url.path))")
            }
            self = .loopback(port: url.port ?? port)
            return
        }
        if scheme == "http" {
            throw UsageError.invalid(
                "--redirect-uri must be https, a loopback http URI or an app scheme; plain http to \(url.host ?? "a remote host") is refused"
            )
        }
        self = .registered(redirectURI)
    }
}
