/// What a Bridge-style server said when it refused a magic-link call: `{statusCode, message, type, entityClass?}`.
public struct BridgeError: UserFacingError, Equatable {
    public let status: Int
    public let serverMessage: String?
    public let type: String?
    public let entityClass: String?
    public let url: String

    public var message: String {
        let detail = [serverMessage, type.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        return "\(url) answered HTTP \(status)\(detail.isEmpty ? "" : ": \(detail)")"
    }

    /// Reads Bridge's error shape from a response; other bodies keep only the status.
    public init(response: HTTPResponse) {
        status = response.status
        url = response.url.redactedForDisplay
        let object = (try? response.decodeJSON(JSONValue.self))?.objectValue
        serverMessage = object?["message"]?.stringValue
        type = object?["type"]?.stringValue
        entityClass = object?["entityClass"]?.stringValue
    }
}
