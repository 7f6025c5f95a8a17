import DotsSSOBasics
import FoundationEssentials

/// Where the browser is sent back to: our loopback listener (RFC 8252 §7.3), or a registered URI (e.g. The
/// Dots' own) whose landing URL the user pastes.
package enum RedirectMode: Sendable, Equatable {
    /// Our listener: `host` as the redirect URI names it (`127.0.0.1`, `localhost`, `[::1]`), sent to the provider as
    /// written, since providers compare it with what was registered; `path` is where the listener answers.
    case loopback(port: Int?, host: String = "127.0.0.1", path: String = "/callback")
    case registered(String)

    package init(redirectURI: String?, port: Int?) throws {
        guard let redirectURI else {
            self = .loopback(port: port)
            return
        }
        guard let components = URLComponents(string: redirectURI), let scheme = components.scheme?.lowercased() else {
            throw UsageError.invalid("\(CLIFlag.redirectUri) '\(redirectURI)' is not a URI")
        }
        if scheme == "http", let host = components.host, URLPolicy.isLoopback(host: host) {
            guard components.query == nil, components.fragment == nil, components.user == nil, components.password == nil else {
                throw UsageError.invalid("a loopback \(CLIFlag.redirectUri) is a host, a port and a path (no query, fragment or user)")
            }
            // URLComponents gives an IPv6 literal without its brackets; the URI keeps them.
            let written = host.contains(":") ? "[\(host)]" : host.lowercased()
            self = .loopback(
                port: components.port ?? port, host: written,
                path: components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
            return
        }
        if scheme == "http" {
            throw UsageError.invalid(
                "\(CLIFlag.redirectUri) must be https, a loopback http URI or an app scheme; plain http to \(components.host ?? "a remote host") is refused"
            )
        }
        self = .registered(redirectURI)
    }
}
