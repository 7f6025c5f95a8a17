import DotsSSOBasics
import FoundationEssentials

/// Which URLs dots-sso will talk to: https anywhere, plain http only to loopback hosts
/// (local tests and RFC 8252 §7.3 redirects), never a downgrade from https to http.
package enum URLPolicy {
    /// Parses and vets a URL given by a user, a config file or a server.
    package static func validate(_ text: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            throw HTTPError.invalidURL(text)
        }
        switch scheme {
        case "https":
            return url
        case "http":
            guard isLoopback(host: host) else { throw HTTPError.insecureURL(url: url.redactedForDisplay) }
            return url
        default:
            throw HTTPError.invalidURL(text)
        }
    }

    /// Vets one redirect hop: it must itself be allowed and must not drop from https to http.
    package static func validateRedirect(from current: URL, location: String) throws -> URL {
        guard let target = URL(string: location, relativeTo: current)?.absoluteURL else {
            throw HTTPError.redirectRefused(from: current.redactedForDisplay, to: location, reason: "the Location header is not a URL")
        }
        if current.scheme?.lowercased() == "https" && target.scheme?.lowercased() != "https" {
            throw HTTPError.redirectRefused(
                from: current.redactedForDisplay, to: target.redactedForDisplay, reason: "it leaves https for an insecure scheme")
        }
        do {
            return try validate(target.absoluteString)
        } catch let error as HTTPError {
            throw HTTPError.redirectRefused(from: current.redactedForDisplay, to: target.redactedForDisplay, reason: error.message)
        }
    }

    /// 127.0.0.0/8, ::1 and `localhost` (which curl resolves to loopback without DNS).
    package static func isLoopback(host rawHost: String) -> Bool {
        let host = rawHost.trimming(charactersIn: "[]").lowercased()
        if host == "localhost" { return true }
        if host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return false }
        let values = octets.compactMap { part -> Int? in
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber) else { return nil }
            return Int(part).flatMap { $0 <= 255 ? $0 : nil }
        }
        return values.count == 4 && values[0] == 127
    }

    /// Whether two URLs share scheme, host and port (credentials do not cross origins on redirect).
    package static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        lhs.scheme?.lowercased() == rhs.scheme?.lowercased()
            && lhs.host?.lowercased() == rhs.host?.lowercased()
            && effectivePort(lhs) == effectivePort(rhs)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}

extension URL {
    /// The URL with secret query parameters and any user info replaced, safe for messages and traces.
    package var redactedForDisplay: String { Redactor.redactURL(absoluteString) }
}
