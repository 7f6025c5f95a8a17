import Foundation

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

    private static func underlyingReason(_ context: DecodingError.Context) -> String {
        if let underlying = context.underlyingError as NSError?,
            let detail = underlying.userInfo["NSDebugDescription"] as? String
        {
            return detail
        }
        return context.debugDescription
    }
}
