import DotsSSOBasics

/// The protocol parameters of an OAuth 1.0 `Authorization` header (RFC 5849 §3.5.1), as OAuth Echo hands them
/// over in `X-Verify-Credentials-Authorization`: the `OAuth` scheme, then comma-separated `name="value"` pairs
/// whose names and values are percent-encoded (§3.6). Strict: a header a provider might read differently from
/// us is refused, not guessed at.
package struct OAuthEchoHeader: Sendable {
    /// Decoded parameters in the order given (`realm` excluded).
    package var parameters: [(name: String, value: String)]
    package var realm: String?

    package static let required = [
        "oauth_consumer_key", "oauth_signature_method", "oauth_signature", "oauth_timestamp", "oauth_nonce", "oauth_token",
    ]
    package static let signatureMethods = ["HMAC-SHA1", "HMAC-SHA256", "RSA-SHA1", "PLAINTEXT"]

    package subscript(name: String) -> String? { parameters.first { $0.name == name }?.value }

    package var consumerKey: String { self["oauth_consumer_key"] ?? "" }
    package var token: String { self["oauth_token"] ?? "" }
    package var timestamp: Int { Int(self["oauth_timestamp"] ?? "") ?? 0 }

    /// Parses and vets the header value; the error names the first problem found.
    package static func parse(_ header: String) throws -> OAuthEchoHeader {
        func malformed(_ reason: String) -> EchoError { .malformedHeader(reason) }
        guard header.utf8.count <= 8 * 1024 else { throw malformed("it is longer than 8 KiB") }
        guard header.utf8.allSatisfy({ $0 == 0x09 || (0x20...0x7E).contains($0) }) else {
            throw malformed("it contains control or non-ASCII characters")
        }
        let text = Substring(header).drop { $0 == " " || $0 == "\t" }
        guard let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }), text[..<space].lowercased() == "oauth" else {
            throw malformed("it must start with the OAuth scheme (\"OAuth oauth_consumer_key=\\\"…\\\", …\")")
        }
        var rest = text[space...]
        var parameters: [(name: String, value: String)] = []
        var realm: String?
        var seen = Set<String>()
        func skipWhitespace() { rest = rest.drop { $0 == " " || $0 == "\t" } }
        skipWhitespace()
        guard !rest.isEmpty else { throw malformed("it has no parameters after OAuth") }
        while true {
            skipWhitespace()
            guard let equals = rest.firstIndex(of: "=") else { throw malformed("\"\(rest.prefix(40))\" is not a name=\"value\" pair") }
            let rawName = rest[..<equals]
            guard !rawName.isEmpty, rawName.allSatisfy(Self.isTokenCharacter) else {
                throw malformed("\"\(rawName.prefix(40))\" is not a parameter name (pairs are separated by commas)")
            }
            rest = rest[rest.index(after: equals)...]
            guard rest.first == "\"" else { throw malformed("the value of \(rawName) must be in double quotes") }
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: "\"") else { throw malformed("the value of \(rawName) has no closing quote") }
            let rawValue = rest[..<close]
            rest = rest[rest.index(after: close)...]
            if rawName == "realm" {
                guard realm == nil else { throw malformed("realm appears twice") }
                realm = String(rawValue)
            } else {
                guard let name = percentDecode(rawName), let value = percentDecode(rawValue) else {
                    throw malformed("the value of \(rawName) is not percent-encoded as RFC 5849 §3.6 requires")
                }
                guard seen.insert(name).inserted else { throw malformed("\(name) appears twice") }
                parameters.append((name, value))
            }
            skipWhitespace()
            if rest.isEmpty { break }
            guard rest.first == "," else { throw malformed("expected a comma after the value of \(rawName)") }
            rest = rest.dropFirst()
            skipWhitespace()
            guard !rest.isEmpty else { throw malformed("it ends with a comma") }
        }
        let parsed = OAuthEchoHeader(parameters: parameters, realm: realm)
        try parsed.vet()
        return parsed
    }

    func vet() throws {
        if let missing = Self.required.first(where: { (self[$0] ?? "").isEmpty }) {
            throw EchoError.malformedHeader("\(missing) is missing or empty")
        }
        if let version = self["oauth_version"], version != "1.0" {
            throw EchoError.malformedHeader("oauth_version is \"\(version.prefix(20))\"; OAuth 1.0 requires \"1.0\"")
        }
        let method = self["oauth_signature_method"] ?? ""
        guard Self.signatureMethods.contains(method) else {
            throw EchoError.malformedHeader(
                "oauth_signature_method \"\(method.prefix(20))\" is not one of \(Self.signatureMethods.joined(separator: ", "))")
        }
        let stamp = self["oauth_timestamp"] ?? ""
        guard stamp.count <= 12, stamp.allSatisfy({ $0.isASCII && $0.isNumber }), (Int(stamp) ?? 0) > 0 else {
            throw EchoError.malformedHeader("oauth_timestamp \"\(stamp.prefix(20))\" is not a positive number of seconds since 1970")
        }
    }

    /// RFC 7235 token characters, which parameter names use.
    static func isTokenCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (0x21...0x7E).contains(ascii) && !"()<>@,;:\\\"/[]?={}".contains(character)
    }

    /// RFC 3986 unreserved characters and `%XX` only; nil for anything else (a raw `+`, `/`, `=`, a space or a bad escape).
    static func percentDecode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(HexDigit.value), let low = iterator.next().flatMap(HexDigit.value) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            } else if OAuth1Signature.isUnreserved(byte) {
                bytes.append(byte)
            } else {
                return nil
            }
        }
        return String(bytes: bytes, encoding: .utf8)
    }
}
