import FoundationEssentials

/// Turns `DecodingError` into one readable line with the JSON path of the problem.
package enum JSONDiagnostics {
    package static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .typeMismatch(type, context):
            "\(path(context.codingPath)): expected \(typeName(type))"
        case let .valueNotFound(type, context):
            "\(path(context.codingPath)): expected \(typeName(type)), found null"
        case let .keyNotFound(key, context):
            "\(path(context.codingPath + [key])): required key is missing"
        case let .dataCorrupted(context):
            context.codingPath.isEmpty
                ? "not valid JSON (\(underlyingReason(context)))"
                : "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            "not valid JSON"
        }
    }

    /// `$.containers[0].url` style path.
    package static func path(_ codingPath: [any CodingKey]) -> String {
        var text = "$"
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += ".\(key.stringValue)"
            }
        }
        return text
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch String(describing: type) {
        case "String": "a string"
        case "Bool": "a boolean"
        case "Int", "Double": "a number"
        case let name where name.hasPrefix("Array"): "an array"
        case let name where name.hasPrefix("Dictionary"): "an object"
        default: "an object"
        }
    }

    /// The decoder's own words (Foundation's JSONDecoder attaches no underlying error on Linux).
    private static func underlyingReason(_ context: DecodingError.Context) -> String {
        context.debugDescription
    }
}
