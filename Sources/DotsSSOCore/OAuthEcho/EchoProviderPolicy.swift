import DotsSSOBasics
import FoundationEssentials

/// Which `X-Auth-Service-Provider` URLs a backend may call with a user's Echo credentials: https (plain http only
/// to a loopback host, for tests) on a host that **equals** an allowed one, byte for byte, on the allowed port.
/// The URL is read by our own strict grammar and then by Foundation's parser, and both must agree, so a URL that
/// another parser (curl's) might read as a different host never reaches the network.
package enum EchoProviderPolicy {
    package static let defaultAllowedHosts = ["api.digits.com"]

    /// One allowed host, `HOST` or `HOST:PORT`, as `--allowed-host` gives it.
    package struct AllowedHost: Sendable, Equatable {
        package var host: String
        package var port: Int?

        package init(_ text: String) throws {
            let entry = text.lowercased()
            let (host, port) = try EchoProviderPolicy.split(authority: entry) { reason in
                UsageError.invalid("\(CLIFlag.allowedHost) \"\(text)\" is not HOST or HOST:PORT: \(reason)")
            }
            guard EchoProviderPolicy.isPlainHost(host) else {
                throw UsageError.invalid(
                    "\(CLIFlag.allowedHost) \"\(text)\" is not HOST or HOST:PORT: use an ASCII host name (punycode for IDNs) or an IP address"
                )
            }
            self.host = host
            self.port = port
        }

        var display: String { port.map { "\(host):\($0)" } ?? host }
    }

    /// The URL to call, or the reason it may not be called.
    package static func vet(_ text: String, allowed: [AllowedHost]) throws -> URL {
        let shown = ServerWords.line(text)
        func refuse(_ reason: String) -> EchoError { .providerRefused(url: shown, reason: reason) }
        guard !text.isEmpty, text.utf8.count <= 2048 else { throw refuse("it is empty or longer than 2048 bytes") }
        guard text.isVisibleASCII else {
            throw refuse("it contains spaces, control or non-ASCII characters (an IDN look-alike must not pass for an allowed host)")
        }
        guard !text.contains("\\") else { throw refuse("it contains a backslash, which parsers read differently") }
        let scheme: String
        if text.hasPrefix("https://") {
            scheme = "https"
        } else if text.hasPrefix("http://") {
            scheme = "http"
        } else {
            throw refuse("it must start with https:// (lower-case)")
        }
        let afterScheme = text.dropFirst(scheme.count + 3)
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { throw refuse("it carries user info before an @, which hides the real host") }
        guard !text.contains("#") else { throw refuse("it has a fragment") }
        let (host, port) = try split(authority: String(authority)) { refuse($0) }
        if scheme == "http" && !URLPolicy.isLoopback(host: host) {
            throw refuse("plain http is allowed only to loopback hosts; the provider must be https")
        }
        let effectivePort = port ?? (scheme == "https" ? 443 : 80)
        guard let match = allowed.first(where: { $0.host == host }) else {
            let names = allowed.map(\.display).joined(separator: ", ")
            throw refuse("its host \"\(host)\" is not an allowed host (\(names)); hosts must match exactly")
        }
        let allowedPort = match.port ?? (scheme == "https" ? 443 : 80)
        guard effectivePort == allowedPort else { throw refuse("it uses port \(effectivePort), not the allowed \(allowedPort)") }
        guard let url = URL(string: text), url.scheme == scheme,
            url.host == host.trimming(charactersIn: "[]") || url.host == host,
            url.port == port, url.user == nil, url.password == nil
        else {
            throw refuse("it does not parse the same way twice")
        }
        return url
    }

    /// `host` and an optional port from an authority, `[v6]:port` included.
    static func split<E: Error>(authority: String, _ error: (String) -> E) throws -> (host: String, port: Int?) {
        var host = Substring(authority)
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw error("an IPv6 address without its closing bracket") }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { throw error("text after the IPv6 address") }
                portText = after.dropFirst()
            }
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty else { throw error("no host") }
        var port: Int?
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int(portText), (1...65_535).contains(value)
            else { throw error("the port is not 1 to 65535") }
            port = value
        }
        return (String(host), port)
    }

    /// Lower-case letters, digits, `-` and `.`, no empty label, no trailing dot; or a bracketed IPv6 literal.
    static func isPlainHost(_ host: String) -> Bool {
        if host.hasPrefix("[") { return host.hasSuffix("]") && host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" } }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }
    }
}
