import DotsSSOBasics
import FoundationEssentials

/// One HTTP request as the core describes it; the client decides how to carry it safely.
package struct HTTPRequest: Sendable {
    package enum Method: String, Sendable { case get = "GET", post = "POST", put = "PUT", delete = "DELETE", head = "HEAD" }

    package var method: Method
    package var url: URL
    package var headers: [(name: String, value: String)]
    package var body: Data?
    /// Requests that carry credentials (token, revocation, sign-in POSTs) never follow redirects.
    package var followsRedirects: Bool
    /// A larger body is abandoned as soon as it is seen to exceed this (Content-Length or while streaming).
    package var maxBodyBytes: Int
    /// Overrides the client's whole-request timeout.
    package var timeout: TimeInterval?
    /// Secret values carried under names that do not say so (a token in a partner's `?key=` parameter or
    /// `X-Partner` header): scrubbed from the trace and from the URLs in error messages like any other secret.
    package var secrets: [String] = []
    /// The TLS client certificate this request presents when the server asks for one (RFC 8705); nil: none.
    package var clientCertificate: ClientCertificate?

    package static let defaultMaxBodyBytes = 8 * 1024 * 1024

    package init(
        _ method: Method = .get,
        _ url: URL,
        headers: [(name: String, value: String)] = [],
        body: Data? = nil,
        followsRedirects: Bool? = nil,
        maxBodyBytes: Int = HTTPRequest.defaultMaxBodyBytes,
        timeout: TimeInterval? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.followsRedirects = followsRedirects ?? (method == .get || method == .head)
        self.maxBodyBytes = maxBodyBytes
        self.timeout = timeout
    }

    /// A form POST (`application/x-www-form-urlencoded`), never redirected.
    package static func form(_ url: URL, _ fields: [(String, String)], headers: [(name: String, value: String)] = []) -> HTTPRequest {
        let body = FormEncoding.encode(fields)
        return HTTPRequest(
            .post, url,
            headers: headers + [
                (name: "Content-Type", value: "application/x-www-form-urlencoded"), (name: "Accept", value: "application/json"),
            ],
            body: Data(body.utf8),
            followsRedirects: false
        )
    }

    /// A JSON POST, never redirected.
    package static func json(_ url: URL, _ payload: some Encodable, headers: [(name: String, value: String)] = []) throws -> HTTPRequest {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return HTTPRequest(
            .post, url,
            headers: headers + [(name: "Content-Type", value: "application/json"), (name: "Accept", value: "application/json")],
            body: try encoder.encode(payload),
            followsRedirects: false
        )
    }

    /// The first value of a header, compared case-insensitively.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.equalsIgnoringCase(name) }?.value
    }
}

/// `application/x-www-form-urlencoded` encoding (HTML form rules: space as `+`).
package enum FormEncoding {
    /// Letters, digits, `-._*` as they are; a space as `+`; every other byte %XX.
    package static func escape(_ text: String) -> String {
        PercentEncoding.encode(text) { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x2A || byte == 0x20
        }.replacing(" ", with: "+")
    }

    package static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    /// Decodes `a=1&b=2`; `+` is a space. Undecodable escapes are kept as written.
    package static func decode(_ text: String) -> [(String, String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func unescape(_ part: Substring) -> String {
                let spaced = String(part.replacing("+", with: " "))
                return PercentEncoding.decode(spaced) ?? spaced
            }
            return (unescape(parts[0]), parts.count > 1 ? unescape(parts[1]) : "")
        }
    }
}
