import DotsSSOBasics
import FoundationEssentials

/// Which roots a pass signature must chain to: the `--trust` values, else the channel's `passes.trust`, else Apple
/// Root CA. Each entry is a PEM file, inline PEM (a channel's), or the root URL a sandbox on this machine prints
/// (`http://127.0.0.1:PORT/sandbox/ca.pem`); a URL anywhere else is refused, since trusting what a remote server
/// hands over would make every pass it signs look genuine.
package enum PassTrust {
    package static func anchors(flags: [String], channel: Channel?, in ctx: CommandContext) async throws -> TrustAnchors {
        if !flags.isEmpty { return try await load(flags, option: "\(CLIFlag.trust)", in: ctx) }
        if let entries = channel?.passes?.trust, !entries.isEmpty {
            return try await load(entries, option: "the channel's passes.trust", in: ctx)
        }
        return try PassSignature.appleRoot()
    }

    static func load(_ entries: [String], option: String, in ctx: CommandContext) async throws -> TrustAnchors {
        var sources: [(data: Data, name: String)] = []
        for (index, entry) in entries.enumerated() {
            if entry.hasPrefix("-----BEGIN") {
                sources.append((Data(entry.utf8), "entry \(index + 1) (inline PEM)"))
            } else if let scheme = URL(string: entry)?.scheme?.lowercased(), ["http", "https"].contains(scheme) {
                sources.append((try await fetch(entry, option: option, in: ctx), entry))
            } else {
                sources.append((try TrustAnchors.pemFile(entry, option: option), entry))
            }
        }
        return try TrustAnchors(pem: sources, option: option)
    }

    /// The root a loopback sandbox serves; one GET, no redirects, 1 MiB at most.
    static func fetch(_ entry: String, option: String, in ctx: CommandContext) async throws -> Data {
        guard let url = URL(string: entry), let host = url.host, URLPolicy.isLoopback(host: host), url.user == nil else {
            throw TrustAnchorError(
                option: option, path: entry,
                detail: "a URL is accepted only for a sandbox on this machine "
                    + "(http://127.0.0.1:PORT/sandbox/ca.pem, as `dots-sso sandbox` prints); for any other root, download it, "
                    + "check it, and pass the file")
        }
        // A sandbox that is not running is the network's exit status (69), with the address in the message.
        let response = try await HTTPSettings().client(in: ctx).send(
            HTTPRequest(.get, url, followsRedirects: false, maxBodyBytes: 1_048_576))
        guard response.status == 200 else {
            throw TrustAnchorError(option: option, path: entry, detail: "the sandbox answered HTTP \(response.status), not the root")
        }
        return response.body
    }
}
