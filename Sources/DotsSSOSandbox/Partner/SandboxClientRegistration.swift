import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials

/// `sandbox --client id=ID,redirect=URI[,redirect=URI…][,secret-file=FILE | jwks=FILE]`: another client, so a tool
/// with its own registration (oidc-agent, a partner's app) can be tried against the sandbox beside dots-sso. The
/// form is the one `docker --mount` made familiar: comma-separated `key=value` pairs, `redirect` repeatable. No
/// secret on the command line: it comes from a file (another process could read the command line).
extension SandboxClient {
    package static func registration(_ spec: String) throws -> SandboxClient {
        var id: String?
        var redirects: [String] = []
        var secretFile: String?
        var jwksFile: String?
        for pair in spec.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[1].isEmpty else {
                throw invalid(spec, "\"\(TerminalText.oneLine(String(pair), limit: 60))\" is not KEY=VALUE")
            }
            let value = String(parts[1])
            switch parts[0] {
            case "id": id = value
            case "redirect": redirects.append(value)
            case "secret-file": secretFile = value
            case "jwks": jwksFile = value
            default:
                throw invalid(
                    spec, "it knows id, redirect, secret-file and jwks, not \"\(TerminalText.oneLine(String(parts[0]), limit: 40))\"")
            }
        }
        guard let id, !id.isEmpty, id.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != ":" }) else {
            throw invalid(spec, "id=ID is required (printable ASCII, no colon: it travels in Basic authentication)")
        }
        guard !redirects.isEmpty else { throw invalid(spec, "at least one redirect=URI is required") }
        for redirect in redirects {
            guard let parts = URLComponents(string: redirect), let scheme = parts.scheme, !scheme.isEmpty, parts.fragment == nil else {
                throw invalid(spec, "redirect \"\(TerminalText.oneLine(redirect, limit: 80))\" is not an absolute URI without a fragment")
            }
        }
        if secretFile != nil && jwksFile != nil { throw invalid(spec, "give secret-file or jwks, not both") }
        var client = SandboxClient(id: id, redirectURIs: redirects)
        if let secretFile { client.secret = try readSecret(secretFile) }
        if let jwksFile {
            var keyed = try keyed(file: jwksFile)
            keyed.id = id
            keyed.redirectURIs = redirects
            client = keyed
        }
        return client
    }

    /// The secret in `path`, one line (a trailing newline dropped); an empty file is refused: it would be a public client.
    private static func readSecret(_ path: String) throws -> String {
        guard case .contents(let data) = try InputFile.read(path, limit: 4096) else {
            throw InputError.malformed(source: InputFile.displayName(path), reason: "a client secret file is under 4 KiB")
        }
        let secret = String(decoding: data, as: UTF8.self).trimming(where: \.isNewline)
        guard !secret.isEmpty else {
            throw InputError.malformed(
                source: InputFile.displayName(path), reason: "it is empty (leave secret-file out for a public client)")
        }
        return secret
    }

    private static func invalid(_ spec: String, _ reason: String) -> UsageError {
        .invalid("--client '\(TerminalText.oneLine(spec, limit: 120))': \(reason)")
    }
}
