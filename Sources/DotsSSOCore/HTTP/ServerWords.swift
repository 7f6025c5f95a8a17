import DotsSSOBasics
import FoundationEssentials

/// What a server said in an error answer, made fit for one line of a message: the usual JSON fields (`message`,
/// `error_description`, `error`, `errors[0].message`, `detail`) or a short plain-text body; the request's secrets
/// scrubbed (servers echo what they were sent) and anything shaped like a credential redacted (`client_secret=…`,
/// `Bearer …`, `"refresh_token":"…"`), control characters removed, at most 200 characters.
package enum ServerWords {
    package static let limit = 200

    /// The server's words from `response`, or nil when it gave none worth showing (an HTML page, an empty body).
    package static func from(_ response: HTTPResponse, secrets: [String] = []) -> String? {
        let all = response.secrets + secrets
        if let object = JSONValue(parsing: response.body)?.objectValue {
            let nested = object["errors"]?.arrayValue?.first?["message"]
            let texts = [object["message"], object["error_description"], nested, object["detail"], object["error"]]
                .compactMap { $0?.stringValue }.filter { !$0.isEmpty }
            guard let first = texts.first else { return nil }
            let code = object["error"]?.stringValue.flatMap { $0 == first ? nil : $0 }
            return line(code.map { "\(first) (\($0))" } ?? first, secrets: all)
        }
        let text = String(decoding: response.body.prefix(4096), as: UTF8.self).trimmed()
        guard !text.isEmpty, !text.hasPrefix("<"), !text.hasPrefix("{"), !text.hasPrefix("[") else { return nil }
        return line(text, secrets: all)
    }

    /// One line: secrets scrubbed, whitespace runs and control characters collapsed to a space, truncated.
    package static func line(_ text: String, secrets: [String] = []) -> String {
        let scrubbed = Redactor.redactText(Redactor.scrub(text, secrets: secrets.filter { $0.count >= 4 }))
        var result = ""
        var lastWasSpace = false
        for scalar in scrubbed.unicodeScalars {
            let isSpace =
                scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.properties.generalCategory == .format
            if isSpace {
                if !lastWasSpace && !result.isEmpty { result.append(" ") }
                lastWasSpace = true
            } else {
                result.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
        }
        result = result.trimmingWhitespace()
        return result.count > limit ? String(result.prefix(limit)) + "…" : result
    }
}
