import DotsSSOBasics
import FoundationEssentials

extension URL {
    /// This URL with `items` added to its query. URLComponents leaves `+` as is, which most servers read as a space;
    /// a value's own `+` (in a token, an id) must travel encoded. nil when the result is not a URL.
    package func appendingQueryItems(_ items: [URLQueryItem]) -> URL? {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return nil }
        components.queryItems = (components.queryItems ?? []) + items
        components.percentEncodedQuery = components.percentEncodedQuery?.replacing("+", with: "%2B")
        return components.url
    }
}
