import DotsSSOBasics
import FoundationEssentials

/// An access token in the form the next tool wants (`token print --header`, `--curl-config`, `--json`): the headers of
/// one request — `Authorization`, and for a DPoP-bound token a proof made for that URL and method (RFC 9449 §7) — or
/// a curl config that sends them, read by `curl -K` from a pipe so the token is never on another process's command
/// line.
package enum TokenForms {
    /// `Authorization` (and `DPoP` when the token is bound) for one request to `url` by `method`.
    package static func headers(_ access: AccessCredential, url: URL, method: String) throws -> [(name: String, value: String)] {
        try check(url: url, method: method)
        var headers = [(name: "Authorization", value: access.authorization)]
        if let key = access.dpop { headers.append((DPoPKey.tokenType, try key.proof(method: method, url: url, accessToken: access.token))) }
        return headers
    }

    /// A curl config file (curl's `-K` syntax: `option = "value"`, backslash escapes inside the quotes) sending the
    /// headers to `url` by `method`, and the client certificate a certificate-bound token (RFC 8705 §3) needs beside
    /// it (the files' paths: curl reads them, the config never holds a key).
    package static func curlConfig(_ access: AccessCredential, url: URL, method: String) throws -> String {
        var lines = ["url = \(quoted(url.absoluteString))"]
        if method != "GET" { lines.append("request = \(quoted(method))") }
        lines += try headers(access, url: url, method: method).map { "header = \(quoted("\($0.name): \($0.value)"))" }
        if let certificate = access.certificate {
            let absolute = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
            lines += ["cert = \(quoted(absolute(certificate.certificateFile)))", "key = \(quoted(absolute(certificate.keyFile)))"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value between double quotes as curl's config parser reads it back (`\\`, `\"`, `\t`, `\n`, `\r`, `\v`).
    static func quoted(_ value: String) -> String {
        var text = "\""
        for character in value.unicodeScalars {
            switch character {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "\t": text += "\\t"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\u{0B}": text += "\\v"
            default: text.unicodeScalars.append(character)
            }
        }
        return text + "\""
    }

    /// An absolute http(s) URL and a method in capitals: what a proof and a curl request can be made for. `flag` names
    /// the option that gave them (`--dpop-proof URL METHOD`), else the URL and `--method` are named.
    package static func check(url: URL, method: String, flag: CLIFlag? = nil) throws {
        guard ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw UsageError.invalid("\(flag.map { "\($0)" } ?? "a request") needs an absolute http(s) URL, not \(url.redactedForDisplay)")
        }
        guard !method.isEmpty, method.count <= 16, method.allSatisfy({ $0.isASCII && ($0.isUppercase || $0 == "-") }) else {
            throw UsageError.invalid(
                "\(flag.map { "\($0)" } ?? "\(CLIFlag.method)") needs an HTTP method in capitals (GET, POST, …)\(flag == nil ? ", not '\(TerminalText.oneLine(method, limit: 20))'" : " after the URL")"
            )
        }
    }
}
