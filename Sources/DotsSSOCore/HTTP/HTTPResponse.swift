import DotsSSOBasics
import FoundationEssentials

/// What the server answered, after any redirects.
package struct HTTPResponse: Sendable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: Data
    /// The URL that produced this response (differs from the request's after a redirect).
    package var url: URL
    /// Wall-clock seconds for the whole exchange, redirects included.
    package var duration: TimeInterval
    /// The request's own secrets (a token in a partner-named query parameter), kept out of `displayURL`.
    package var secrets: [String] = []

    package init(status: Int, headers: [(name: String, value: String)], body: Data, url: URL, duration: TimeInterval) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.duration = duration
    }

    /// The URL as messages show it: secret parameters and the request's own secrets redacted.
    package var displayURL: String {
        Redactor.scrub(url.redactedForDisplay, secrets: secrets.filter { $0.count >= 6 })
    }

    /// The last value of a header, compared case-insensitively.
    package func header(_ name: String) -> String? {
        headers.last { $0.name.equalsIgnoringCase(name) }?.value
    }

    /// The media type without parameters, lower-cased (`application/json`).
    package var mediaType: String? {
        guard let type = header("Content-Type")?.split(separator: ";").first,
            let start = type.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = type.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return nil }
        return type[start...last].lowercased()
    }

    package var isSuccess: Bool { (200..<300).contains(status) }

    /// Throws the error a non-2xx status means for a resource request: 401/403 refused credentials (77),
    /// 429 rate limited (75), 502/503/504 temporary (75), other 5xx (76), anything else an answer outside the spec (76).
    package func requireSuccess() throws {
        guard !isSuccess else { return }
        let display = displayURL
        switch status {
        case 401, 403:
            // A challenge may echo the credential it refused (`error_description="Bearer …"`).
            let challenge = header("WWW-Authenticate").map { ServerWords.line($0, secrets: secrets) }
            throw HTTPError.unauthorized(url: display, status: status, detail: challenge ?? "")
        case 429:
            throw HTTPError.rateLimited(url: display, retryAfter: header("Retry-After"))
        case 500...599:
            throw HTTPError.serverError(url: display, status: status)
        default:
            throw HTTPError.unexpectedStatus(url: display, status: status, detail: bodyKind)
        }
    }

    /// Parses the body as a JSON value. An HTML page, an empty body or broken JSON is a malformed response (exit 65)
    /// whose message says what arrived instead.
    package func jsonObject() throws -> JSONValue {
        guard let value = JSONValue(parsing: body) else {
            throw HTTPError.malformedBody(url: displayURL, expected: "JSON", found: bodyKind)
        }
        return value
    }

    /// Decodes the body as `T`, reporting the JSON path of any mismatch.
    package func decodeJSON<T: Decodable>(_ type: T.Type) throws -> T {
        _ = try jsonObject()
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch let error as DecodingError {
            throw HTTPError.malformedBody(url: displayURL, expected: "JSON of the documented shape", found: JSONDiagnostics.describe(error))
        }
    }

    /// A short, secret-free description of the body for error messages (`an HTML page (text/html, 1234 bytes)`).
    package var bodyKind: String {
        if body.isEmpty { return "an empty body" }
        let type = mediaType ?? "no content type"
        let start = String(decoding: body.prefix(512), as: UTF8.self).trimmed().lowercased()
        if start.hasPrefix("<!doctype html") || start.hasPrefix("<html") || type == "text/html" {
            return "an HTML page (\(type), \(body.count) bytes)"
        }
        if start.hasPrefix("<") { return "XML or markup (\(type), \(body.count) bytes)" }
        // An error status can carry perfectly good JSON: say so, with its words, rather than call it broken.
        if JSONValue(parsing: body) != nil {
            return ServerWords.from(self).map { "a JSON body saying \"\($0)\"" } ?? "a JSON body (\(type), \(body.count) bytes)"
        }
        return "\(body.count) bytes of \(type) that are not valid JSON"
    }
}
