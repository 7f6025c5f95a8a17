import Foundation

/// How a provider answered a well-formed authorization request (fetched once, no cookies, no redirects followed):
/// a login page or a redirect means a person can sign in; an OAuth error, or any 4xx/5xx, means nobody can.
enum AuthorizationAnswer {
    static func findings(_ response: HTTPResponse, location: FindingLocation) -> [Finding] {
        if (300..<400).contains(response.status) {
            let target = response.header("Location") ?? ""
            if let error = oauthError(inRedirect: target) {
                return [Finding(.error, "authorization.error", at: location, "the provider refused the request and redirected with \(error)")]
            }
            return []
        }
        if response.isSuccess {
            if let error = oauthError(inJSON: response.body) {
                return [Finding(.error, "authorization.error", at: location, "the provider answered HTTP \(response.status) with \(error)")]
            }
            if response.mediaType != "text/html" {
                return [Finding(.warning, "authorization.not-html", at: location,
                                "the provider answered HTTP \(response.status) with \(response.mediaType ?? "no content type") rather than a login page")]
            }
            return []
        }
        let detail = oauthError(inJSON: response.body) ?? response.bodyKind
        return [Finding(.error, "authorization.status", at: location,
                        "the provider answered a well-formed authorization request with HTTP \(response.status) (\(detail)); check the client id and the registered redirect URI")]
    }

    /// `error` and `error_description` from a redirect's query, shown without anything else it carries.
    static func oauthError(inRedirect location: String) -> String? {
        guard let items = URLComponents(string: location)?.queryItems, let error = items.first(where: { $0.name == "error" })?.value else { return nil }
        let description = items.first { $0.name == "error_description" }?.value
        return describe(error, description)
    }

    static func oauthError(inJSON body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body.prefix(64 * 1024)) as? [String: Any],
              let error = object["error"] as? String else { return nil }
        return describe(error, object["error_description"] as? String)
    }

    static func describe(_ error: String, _ description: String?) -> String {
        let safe = { (text: String) in String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(200).map(Character.init)) }
        return description.map { "\(safe(error)) (\(safe($0)))" } ?? safe(error)
    }
}
