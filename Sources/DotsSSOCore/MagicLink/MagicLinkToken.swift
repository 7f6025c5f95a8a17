import DotsSSOBasics
import FoundationEssentials

/// The parts of an emailed sign-in link: the token, and the e-mail and study when the link carries them.
/// Shapes seen in the wild: `https://app.example/mobile/verify.html?token=…`, a custom scheme
/// (`myapp://signin?token=…&email=…`), and Bridge's legacy `…/startSession.html?email=…&study=…&token=…`.
package struct MagicLinkToken: Sendable, Equatable {
    package var token: String
    package var email: String?
    package var study: String?

    package init(token: String, email: String?, study: String?) {
        self.token = token
        self.email = email
        self.study = study
    }

    package init(link text: String) throws {
        let trimmed = text.trimmed()
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme, !scheme.isEmpty else {
            throw UsageError.invalid("\(CLIFlag.link) is not a URL: \(Redactor.redactURL(trimmed))")
        }
        if scheme.lowercased() == "http", let host = components.host, !URLPolicy.isLoopback(host: host) {
            throw UsageError.invalid("\(CLIFlag.link) uses plain http; sign-in links must be https or an app scheme")
        }
        var fields: [(String, String)] = FormEncoding.decode(components.percentEncodedQuery ?? "")
        // Single-page apps put the query in the fragment: `#/verify?token=…`.
        if let fragment = components.percentEncodedFragment, fragment.contains("=") {
            let query = fragment.firstIndex(of: "?").map { fragment[fragment.index(after: $0)...] } ?? Substring(fragment)
            fields += FormEncoding.decode(String(query))
        }
        func value(_ names: String...) -> String? {
            for name in names {
                if let found = fields.first(where: { $0.0.equalsIgnoringCase(name) })?.1, !found.isEmpty {
                    return found
                }
            }
            return nil
        }
        guard let token = value("token") else {
            throw UsageError.invalid("the link carries no token= parameter; pass the token with \(CLIFlag.token)")
        }
        self.init(token: token, email: value("email"), study: value("study", "studyId", "appId"))
    }
}
