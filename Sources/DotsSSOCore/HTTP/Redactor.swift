import DotsSSOBasics
import FoundationEssentials

/// Removes secrets (tokens, codes, verifiers, client secrets, passwords, credentials headers, cookies)
/// from anything dots-sso might show: URLs, headers, form and JSON bodies.
package enum Redactor {
    package static let placeholder = "[redacted]"

    /// Header names whose values are always secret.
    static let secretHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key",
        "x-verify-credentials-authorization", "bridge-session", "x-session-token", "x-auth-token", "x-csrf-token",
        // A DPoP proof is no key, but it carries the server's nonce and, beside a token, proves it for a minute.
        "dpop",
    ]

    /// Parameter and JSON key names (lower-cased, without `_` and `-`) whose values are secret.
    static let secretKeys: Set<String> = [
        "code", "codea", "codeb", "codeverifier", "clientsecret", "clientassertion", "assertion",
        "password", "newpassword", "secret", "apikey", "token", "nonce", "devicecode", "session", "signature", "sig",
        "authorization", "proxyauthorization", "cookie", "setcookie",
    ]

    /// Whether a parameter or JSON key names a secret: the listed names (Azure's `sig` too) and anything ending in
    /// token, secret, password or signature.
    package static func isSecret(key: String) -> Bool {
        let normalized = key.lowercased().filter { $0 != "_" && $0 != "-" }
        return secretKeys.contains(normalized)
            || normalized.hasSuffix("token")
            || normalized.hasSuffix("secret")
            || normalized.hasSuffix("password")
            || normalized.hasSuffix("signature")  // signed download URLs: X-Amz-Signature, Google's Signature
    }

    package static func isSecret(header: String) -> Bool {
        secretHeaders.contains(header.lowercased())
    }

    /// The header value to show: secret headers keep only their scheme (`Bearer [redacted]`).
    package static func redact(header name: String, value: String) -> String {
        guard isSecret(header: name) else { return value }
        if name.lowercased().hasSuffix("authorization"), let space = value.firstIndex(of: " ") {
            return "\(value[..<space]) \(placeholder)"
        }
        return placeholder
    }

    /// A URL with secret query (and fragment) parameters and any `user:password@` replaced.
    /// Done on the text, so the rest of the URL is shown exactly as written.
    package static func redactURL(_ text: String) -> String {
        var rest = Substring(text)
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var base = String(rest)
        if let scheme = base.firstRange(of: "://") {
            let authorityEnd = base[scheme.upperBound...].firstIndex(of: "/") ?? base.endIndex
            if let at = base[scheme.upperBound..<authorityEnd].lastIndex(of: "@") {
                base.replaceSubrange(scheme.upperBound..<at, with: placeholder)
            }
        }
        var result = base
        if let query { result += "?" + redactForm(String(query)) }
        if let fragment { result += "#" + (fragment.contains("=") ? redactForm(String(fragment)) : String(fragment)) }
        return result
    }

    /// An `a=1&b=2` string with the secret values replaced, everything else byte-for-byte as given.
    package static func redactForm(_ text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = PercentEncoding.decode(parts[0]) ?? String(parts[0])
            guard parts.count == 2, isSecret(key: key.replacing("+", with: " ")) else { return String(pair) }
            return "\(parts[0])=\(placeholder)"
        }.joined(separator: "&")
    }

    /// A body for a trace: JSON and forms with secret values replaced; anything else summarised, never shown raw,
    /// since it could carry a credential in a shape we do not recognise.
    package static func redactBody(_ body: Data, contentType: String?, limit: Int = 2048) -> String {
        if body.isEmpty { return "" }
        let type = contentType?.lowercased() ?? ""
        if let value = JSONValue(parsing: body) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if let data = try? encoder.encode(redactJSON(value)) {
                return truncate(String(decoding: data, as: UTF8.self), limit: limit)
            }
        }
        if type.hasPrefix("application/x-www-form-urlencoded"), let text = String(data: body, encoding: .utf8) {
            return truncate(redactForm(text), limit: limit)
        }
        return "(\(body.count) bytes of \(type.isEmpty ? "unknown type" : type) not shown)"
    }

    /// A parsed JSON value with every string or number under a secret key replaced, at any depth.
    package static func redactJSON(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var copy: [String: JSONValue] = [:]
            for (key, child) in object {
                switch child {
                case .object, .array, .null: copy[key] = redactJSON(child)
                case .bool, .number, .string: copy[key] = isSecret(key: key) ? .string(placeholder) : child
                }
            }
            return .object(copy)
        case .array(let array): return .array(array.map(redactJSON))
        default: return value
        }
    }

    /// The secret values a request carries (credential headers, secret query, form and JSON fields), so a trace
    /// can scrub them wherever they reappear — a server that echoes a request back must not leak it.
    package static func secretValues(in request: HTTPRequest) -> [String] {
        var values = request.secrets
        for header in request.headers where isSecret(header: header.name) {
            values.append(header.value)
            if let space = header.value.firstIndex(of: " ") {
                values.append(String(header.value[header.value.index(after: space)...]))
            }
            for cookie in header.value.split(separator: ";") {
                if let equals = cookie.firstIndex(of: "=") { values.append(String(cookie[cookie.index(after: equals)...])) }
            }
        }
        if let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems {
            values += query.filter { isSecret(key: $0.name) }.compactMap(\.value)
        }
        if let body = request.body, let text = String(data: body, encoding: .utf8) {
            if let value = JSONValue(parsing: body) {
                collectSecrets(in: value, into: &values)
            } else {
                values += FormEncoding.decode(text).filter { isSecret(key: $0.0) }.map(\.1)
            }
        }
        // Very short values would scrub ordinary words; they are still redacted structurally above.
        return Array(Set(values.filter { $0.count >= 6 })).sorted { $0.count > $1.count }
    }

    /// A secret as it may appear in a message: as is, and percent-encoded as a query value.
    package static func forms(of secret: String) -> [String] {
        guard !secret.isEmpty else { return [] }
        let encoded =
            PercentEncoding.encode(secret, keeping: PercentEncoding.isUnreserved)
        return encoded == secret ? [secret] : [secret, encoded]
    }

    /// Free text (a server's error message) with anything shaped like a credential redacted, whoever's it is:
    /// `name=value` and `"name": "value"` pairs whose name is secret (`code=…`, `client_secret=…`), and the
    /// credentials after `Bearer` and `Basic`. Auth parameters (`Bearer error="invalid_token"`) stay readable.
    package static func redactText(_ text: String) -> String {
        var result = text
        for (pattern, valueGroup, nameGroup) in textPatterns {
            // Replaced from the last match back, by UTF-8 offset, so each replacement leaves the earlier ones in place.
            var values: [Range<Int>] = []
            for match in result.matches(of: pattern) {
                if let nameGroup, let name = match.output[nameGroup].substring, !isSecret(key: String(name)) { continue }
                guard let value = match.output[valueGroup].range, !result[value].hasPrefix("[redacted") else { continue }
                values.append(
                    result.utf8.distance(
                        from: result.startIndex, to: value.lowerBound)..<result.utf8.distance(from: result.startIndex, to: value.upperBound)
                )
            }
            for value in values.reversed() {
                let utf8 = result.utf8
                result.replaceSubrange(
                    utf8.index(utf8.startIndex, offsetBy: value.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: value.upperBound),
                    with: placeholder)
            }
        }
        return result
    }

    /// The patterns of `redactText` (the tests prove each one compiles and matches).
    nonisolated(unsafe) private static let textPatterns: [(Regex<AnyRegexOutput>, value: Int, name: Int?)] = [
        // `"refresh_token": "…"`, as a JSON body echoed inside a message.
        (#""([A-Za-z0-9_\-]+)"\s*:\s*"([^"\\]{1,})""#, 2, 1),
        // `client_secret=…` in a form or query echoed back; values end at &, whitespace, quotes and closing punctuation.
        (#"\b([A-Za-z0-9_\-]+)=([^&\s"',;)\]}]+)"#, 2, 1),
        // `Bearer …`/`Basic …` followed by a credential, not by an auth parameter (`error="…"`).
        (#"\b(?:[Bb][Ee][Aa][Rr][Ee][Rr]|[Bb][Aa][Ss][Ii][Cc])\s+(?![a-z_]+\s*=)([A-Za-z0-9\-._~+/]+=*)"#, 1, nil),
    ].compactMap { pattern, value, name in
        // ICU's matching, as NSRegularExpression did it: by Unicode scalar, with simple word boundaries.
        (try? Regex(pattern)).map { ($0.matchingSemantics(.unicodeScalar).wordBoundaryKind(.simple), value, name) }
    }

    /// `text` with every occurrence of the given secret values replaced.
    package static func scrub(_ text: String, secrets: [String]) -> String {
        secrets.reduce(text) { $0.replacing($1, with: placeholder) }
    }

    private static func collectSecrets(in value: JSONValue, into values: inout [String]) {
        if let object = value.objectValue {
            for (key, child) in object {
                if isSecret(key: key), let text = child.stringValue {
                    values.append(text)
                } else {
                    collectSecrets(in: child, into: &values)
                }
            }
        } else if let array = value.arrayValue {
            array.forEach { collectSecrets(in: $0, into: &values) }
        }
    }

    static func truncate(_ text: String, limit: Int) -> String {
        text.utf8.count <= limit ? text : String(decoding: text.utf8.prefix(limit), as: UTF8.self) + "… (truncated)"
    }
}

extension JSONValue {
    /// The value with every scalar under a secret-named key replaced, at any depth (for echoing server documents).
    package func redactingSecrets() -> JSONValue {
        switch self {
        case .object(let object):
            var copy: [String: JSONValue] = [:]
            for (key, child) in object {
                switch child {
                case .object, .array, .null: copy[key] = child.redactingSecrets()
                default: copy[key] = Redactor.isSecret(key: key) ? .string(Redactor.placeholder) : child
                }
            }
            return .object(copy)
        case .array(let values):
            return .array(values.map { $0.redactingSecrets() })
        default:
            return self
        }
    }
}
