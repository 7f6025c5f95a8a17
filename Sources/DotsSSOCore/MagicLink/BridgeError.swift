import DotsSSOBasics

/// What a Bridge-style server said when it refused a magic-link call: `{statusCode, message, type, entityClass?}`.
package struct BridgeError: UserFacingError, Equatable {
    package let status: Int
    package let serverMessage: String?
    package let type: String?
    package let entityClass: String?
    package let url: String
    /// What the answer most likely means, when the server's words alone would mislead.
    package var hint: String?

    package var message: String {
        let detail = [serverMessage, type.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        return "\(url) answered HTTP \(status)\(detail.isEmpty ? "" : ": \(detail)")" + (hint.map { "; \($0)" } ?? "")
    }

    /// A missing account is a failed check, a dead or used token is not authorized, an unknown study or one with
    /// e-mail sign-in disabled (Bridge answers 404 for both) is configuration.
    package var exitStatus: ExitStatus {
        switch status {
        case 404 where entityClass == "Account": .checkFailed
        case 404: .configuration
        case 401, 403, 410: .notAuthorized
        case 423: .checkFailed
        case 400, 422: .usage
        case 429, 502, 503, 504: .temporary
        case 500...599: .protocolError
        default: .protocolError
        }
    }

    /// Reads Bridge's error shape from a response; other bodies keep only the status.
    package init(response: HTTPResponse) {
        status = response.status
        url = response.url.redactedForDisplay
        let object = (try? response.decodeJSON(JSONValue.self))?.objectValue
        serverMessage = object?["message"]?.stringValue
        type = object?["type"]?.stringValue
        entityClass = object?["entityClass"]?.stringValue
    }
}
