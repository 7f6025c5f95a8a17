import DotsSSOBasics
import FoundationEssentials

/// How a provider answers a well-formed authorization request, fetched once without cookies and without following
/// redirects: what `authorize` checks before it opens the browser, and what `check`'s `authorization` reports.
/// A redirect or a login page means a person can sign in; an OAuth error means nobody can, and waiting will not help.
package enum AuthorizationPreflight {
    package enum Verdict: Sendable, Equatable {
        /// A redirect to a login page, or a login page itself (2xx HTML).
        case proceed
        /// A 2xx that is not HTML: probably fine (some providers render with script), worth a note.
        case notHTML(status: Int, mediaType: String?)
        /// The provider refused the request with an OAuth error, in a JSON body or an `error=` redirect.
        case refused(status: Int, error: String, description: String?, viaRedirect: Bool)
        /// An error page (any status, 200 included) whose words say the client id or the redirect URI was refused.
        case refusedPage(status: Int, subject: PageSubject, words: String)
        /// A 2xx HTML page with no form and no password field whose words say nothing we can classify: perhaps a
        /// login page drawn by script, perhaps an error page; worth a warning that quotes it.
        case notLoginPage(status: Int, words: String)
        /// A 4xx/5xx whose body states no refusal we can classify: the sign-in will probably fail. `words` quotes
        /// the page's text when it has any.
        case unreadable(status: Int, body: String, words: String?)
    }

    /// What an error page says was refused.
    package enum PageSubject: Sendable, Equatable {
        case clientID, redirectURI

        /// The OAuth error code a provider would have sent, for the hint.
        var errorCode: String { self == .clientID ? "invalid_client" : "invalid_redirect_uri" }
        var title: String { self == .clientID ? "the client id" : "the redirect URI" }
    }

    /// Reads one answer. A redirect carrying `error=` refuses; any other redirect proceeds.
    package static func classify(_ response: HTTPResponse) -> Verdict {
        if (300..<400).contains(response.status) {
            if let (error, description) = oauthError(inRedirect: response.header("Location") ?? "") {
                return .refused(status: response.status, error: error, description: description, viaRedirect: true)
            }
            return .proceed
        }
        if let (error, description) = oauthError(inJSON: response.body) {
            return .refused(status: response.status, error: error, description: description, viaRedirect: false)
        }
        let page = PageText(response)
        if response.isSuccess {
            guard response.mediaType == "text/html" else { return .notHTML(status: response.status, mediaType: response.mediaType) }
            guard let page, !page.hasForm else { return .proceed }
            if let subject = page.refusedSubject { return .refusedPage(status: response.status, subject: subject, words: page.words) }
            return page.words.isEmpty ? .proceed : .notLoginPage(status: response.status, words: page.words)
        }
        if let (error, description) = oauthError(inPage: response) {
            return .refused(status: response.status, error: error, description: description, viaRedirect: false)
        }
        if let page, let subject = page.refusedSubject {
            return .refusedPage(status: response.status, subject: subject, words: page.words)
        }
        return .unreadable(status: response.status, body: response.bodyKind, words: page.flatMap { $0.words.isEmpty ? nil : $0.words })
    }

    /// The readable text of an HTML or plain-text answer of at most 256 KiB: what a person would read on it.
    struct PageText {
        /// The page's text on one line: escapes and control characters removed, at most 200 characters.
        let words: String
        /// A form or a password field: something a person can sign in with.
        let hasForm: Bool
        let lines: [String]

        init?(_ response: HTTPResponse) {
            guard response.body.count <= 256 * 1024, ["text/html", "text/plain", nil].contains(response.mediaType) else { return nil }
            let source = String(decoding: response.body, as: UTF8.self)
            let lowered = source.lowercased()
            hasForm =
                lowered.contains("<form") || lowered.contains("type=\"password\"") || lowered.contains("type='password'")
                || lowered.contains("type=password")
            let text = response.mediaType == "text/plain" ? source : HTMLStripper.strip(source)
            lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            words = ServerWords.line(lines.joined(separator: " "), secrets: response.secrets)
        }

        /// What one line of the page says was refused: it names the client id or the redirect URI, in the ways
        /// providers phrase it, beside a word of refusal. The redirect URI is read first: its messages often name
        /// the client too ("redirect_uri not registered for client_id …").
        var refusedSubject: PageSubject? {
            for line in lines.prefix(200) {
                let lowered = line.lowercased()
                guard Self.refusal.contains(where: lowered.contains) else { continue }
                if Self.redirectNames.contains(where: lowered.contains) { return .redirectURI }
                if Self.clientNames.contains(where: lowered.contains) { return .clientID }
            }
            return nil
        }

        static let redirectNames = [
            "redirect_uri", "redirect uri", "redirect url", "redirect_url", "redirect-uri", "redirection uri",
            "redirection url", "callback url", "callback uri", "reply url",
        ]
        static let clientNames = [
            "client_id", "client id", "client identifier", "clientid", "client-id", "unknown client",
            "invalid client", "client not found", "no such client", "application not found",
        ]
        static let refusal = [
            "unknown", "invalid", "not registered", "unregistered", "mismatch", "does not match", "doesn't match",
            "not match", "not allowed", "not found", "missing", "not recognized", "not recognised", "does not exist",
            "error", "not valid", "not permitted", "no such", "wrong",
        ]
    }

    /// The error codes an error page names in words (RFC 6749 §4.1.2.1 forbids redirecting an unknown client or
    /// redirect URI, so providers show a page; many print the code, Google-style `redirect_uri_mismatch` included).
    static let pageErrorCodes = [
        "redirect_uri_mismatch", "invalid_redirect_uri", "unauthorized_client", "invalid_client", "invalid_scope",
        "unsupported_response_type", "invalid_request", "access_denied",
    ]

    /// An OAuth error code in a 4xx page's text, with the line that names it as the description.
    static func oauthError(inPage response: HTTPResponse) -> (String, String?)? {
        guard (400..<500).contains(response.status), response.body.count <= 256 * 1024 else { return nil }
        let text = HTMLStripper.strip(String(decoding: response.body, as: UTF8.self))
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }
        for code in pageErrorCodes {
            guard let line = lines.first(where: { Self.names(code, in: $0) }) else { continue }
            return (code, ServerWords.line(line))
        }
        return nil
    }

    /// `code` as a whole word (not part of a longer identifier).
    static func names(_ code: String, in line: String) -> Bool {
        var searchRange = line.startIndex..<line.endIndex
        while let found = line[searchRange].firstRange(of: code) {
            let before = found.lowerBound == line.startIndex ? nil : line[line.index(before: found.lowerBound)]
            let after = found.upperBound == line.endIndex ? nil : line[found.upperBound]
            let isWordCharacter = { (c: Character?) in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isWordCharacter(before) && !isWordCharacter(after) { return true }
            searchRange = found.upperBound..<line.endIndex
        }
        return false
    }

    /// The GET `authorize` and `check` send: a fresh request of the same shape as the real one (its own state and
    /// PKCE pair, so nothing of the sign-in travels twice), no redirects followed.
    package static func request(endpoint: URL, clientID: String, redirectURI: String, scopes: [String]) throws -> HTTPRequest {
        request(for: try AuthorizationRequest(endpoint: endpoint, clientID: clientID, redirectURI: redirectURI, scopes: scopes).url)
    }

    /// The preflight GET of an authorization URL already made (a probe's, or the address of its pushed request).
    package static func request(for url: URL) -> HTTPRequest {
        HTTPRequest(.get, url, headers: [(name: "Accept", value: "text/html")], followsRedirects: false, maxBodyBytes: 1024 * 1024)
    }

    /// `error` and `error_description` from a redirect's query, nothing else it carries.
    static func oauthError(inRedirect location: String) -> (String, String?)? {
        // RFC 6749 Appendix B: redirect parameters are form-encoded, so `+` is a space.
        guard let query = URLComponents(string: location)?.percentEncodedQuery else { return nil }
        let items = FormEncoding.decode(query)
        guard let error = items.first(where: { $0.0 == "error" })?.1 else { return nil }
        return (ServerWords.line(error), items.first { $0.0 == "error_description" }.map { ServerWords.line($0.1) })
    }

    static func oauthError(inJSON body: Data) -> (String, String?)? {
        guard let object = JSONValue(parsing: body.prefix(64 * 1024))?.objectValue, let error = object["error"]?.stringValue else {
            return nil
        }
        return (ServerWords.line(error), object["error_description"]?.stringValue.map { ServerWords.line($0) })
    }

    /// What usually fixes a refusal, in the user's terms: the redirect URI, the client id or the scopes that were sent.
    package static func hint(
        error: String, description: String?, redirectURI: String, clientID: String, scopes: [String],
        supportedScopes: [String]?
    ) -> String {
        let text = "\(error) \(description ?? "")".lowercased()
        if text.contains("redirect") {
            return "the redirect URI sent was \(redirectURI). RFC 8252 §7.3 lets a loopback redirect be registered without a port "
                + "(any port then matches), but this provider seems to compare the whole string: register this exact URI, or run with "
                + "\(CLIFlag.port) N for a port that is registered, or \(CLIFlag.redirectUri) for a registered non-loopback URI"
        }
        switch error {
        case "unauthorized_client", "invalid_client":
            return
                "the client id sent was \(clientID): check that it is registered, enabled, and allowed the authorization-code flow with PKCE as a public (native) client"
        case "invalid_scope":
            let listed = supportedScopes.map { $0.isEmpty ? "none" : $0.joined(separator: " ") } ?? "not listed in the metadata"
            return
                "the scopes sent were \(scopes.joined(separator: " ")); the provider's scopes_supported: \(listed) (choose with \(CLIFlag.scope))"
        case "unsupported_response_type":
            return "the provider does not allow response_type=code for this client: enable the authorization-code flow for it"
        case "invalid_request":
            return "check the client id (\(clientID)) and the redirect URI (\(redirectURI)) registered with the provider"
        default:
            return "check the client registration at the provider"
        }
    }

    /// The findings `check` reports for a verdict.
    static func findings(_ verdict: Verdict, location: FindingLocation) -> [Finding] {
        switch verdict {
        case .proceed:
            return []
        case let .notHTML(status, mediaType):
            return [
                Finding(
                    AuthorizationFindings.notHTML, at: location,
                    "the provider answered HTTP \(status) with \(mediaType ?? "no content type") rather than a login page")
            ]
        case let .refused(status, error, description, viaRedirect):
            let shown = description.map { "\(error) (\($0))" } ?? error
            return [
                Finding(
                    AuthorizationFindings.error, at: location,
                    viaRedirect
                        ? "the provider refused the request and redirected with \(shown)"
                        : "the provider answered HTTP \(status) with \(shown)")
            ]
        case let .refusedPage(status, subject, words):
            return [
                Finding(
                    AuthorizationFindings.error, at: location,
                    "the provider refused \(subject.title) with an error page (HTTP \(status)): \"\(words)\"")
            ]
        case let .notLoginPage(status, words):
            return [
                Finding(
                    AuthorizationFindings.notLoginPage, at: location,
                    "the provider answered HTTP \(status) with a page that has no sign-in form: \"\(words)\"")
            ]
        case let .unreadable(status, body, words):
            return [
                Finding(
                    AuthorizationFindings.status, at: location,
                    "the provider answered a well-formed authorization request with HTTP \(status) (\(words.map { "\"\($0)\"" } ?? body)); "
                        + "check the client id and the registered redirect URI")
            ]
        }
    }
}
