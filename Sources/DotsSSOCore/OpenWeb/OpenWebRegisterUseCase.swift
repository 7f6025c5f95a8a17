import DotsSSOBasics
import FoundationEssentials

/// `openweb register`: the partner backend's part of OpenWeb's SSO handshake (seed 002). The SDK made `codeA`;
/// the backend, having checked its user is signed in, calls `GET {base}/sso/v1/register-user` with its secret
/// access token and the user's details, and hands the `codeB` it gets back to the SDK.
package struct OpenWebRegisterUseCase: Sendable {
    package static let defaultBaseURL = "https://www.spot.im/api"
    package static let path = "sso/v1/register-user"

    package var codeA: String
    package var primaryKey: String
    package var userName: String
    package var accessToken: String
    package var baseURL: String
    package var email: String?
    package var emailVerified: Bool
    package var http: HTTPSettings

    package init(
        codeA: String, primaryKey: String, userName: String, accessToken: String, baseURL: String? = nil,
        email: String? = nil, emailVerified: Bool = false, http: HTTPSettings = HTTPSettings()
    ) {
        self.codeA = codeA
        self.primaryKey = primaryKey
        self.userName = userName
        self.accessToken = accessToken
        self.baseURL = baseURL ?? Self.defaultBaseURL
        self.email = email
        self.emailVerified = emailVerified
        self.http = http
    }

    package struct Result: Encodable, Sendable, Equatable {
        package var codeB: String
        package var primaryKey: String
        package var userName: String
    }

    package func run(_ ctx: CommandContext) async throws -> Result {
        let request = try makeRequest()
        var response = try await http.client(in: ctx).send(request)
        response.secrets = request.secrets
        return try read(response)
    }

    /// Every local check, then the request; nothing is sent when a check fails.
    func makeRequest() throws -> HTTPRequest {
        guard !codeA.isEmpty, codeA.isVisibleASCII else {
            throw UsageError.invalid("\(CLIFlag.codeA) must be the SDK's codeA: one word of visible ASCII")
        }
        guard !userName.trimmingWhitespace().isEmpty else {
            throw UsageError.invalid("\(CLIFlag.userName) must not be empty")
        }
        if let problem = StableUserID.problem(primaryKey, name: "the primary key") { throw OpenWebError.primaryKey(problem) }
        if let email, let problem = EmailAddress.problem(with: email) {
            throw UsageError.invalid("\(CLIFlag.email) \"\(email)\" is not a valid address: \(EmailAddress.describe(problem))")
        }
        let base = try URLPolicy.validate(baseURL)
        var items = [
            URLQueryItem(name: "access_token", value: accessToken), URLQueryItem(name: "code_a", value: codeA),
            URLQueryItem(name: "primary_key", value: primaryKey), URLQueryItem(name: "user_name", value: userName),
        ]
        if let email {
            items.append(URLQueryItem(name: "email", value: email))
            if emailVerified { items.append(URLQueryItem(name: "email_verified", value: "true")) }
        }
        guard let url = base.appendingPathComponent(Self.path).appendingQueryItems(items) else { throw HTTPError.invalidURL(baseURL) }
        var request = HTTPRequest(.get, url, headers: [(name: "Accept", value: "application/json, text/plain")], followsRedirects: false)
        request.secrets = Redactor.forms(of: accessToken) + Redactor.forms(of: codeA)
        return request
    }

    /// codeB from JSON (`code_b`, or `codeB`) or a plain-text body; anything that reads as an error is not one.
    func read(_ response: HTTPResponse) throws -> Result {
        let url = response.displayURL
        switch response.status {
        case 200..<300: break
        case 401, 403:
            throw HTTPError.unauthorized(
                url: url, status: response.status,
                detail: (ServerWords.from(response).map { "\($0); " } ?? "") + "check the OpenWeb access token")
        case 429, 500...599:
            try response.requireSuccess()
        default:
            throw OpenWebError.rejected(url: url, status: response.status, words: ServerWords.from(response))
        }
        let text = String(decoding: response.body.prefix(64 * 1024), as: UTF8.self).trimmed()
        if response.mediaType == "application/json" || text.hasPrefix("{") {
            guard let object = JSONValue(parsing: response.body)?.objectValue else {
                throw OpenWebError.noCodeB(url: url, found: response.bodyKind)
            }
            if object["error"] != nil || object["errors"] != nil || object["success"]?.boolValue == false {
                throw OpenWebError.noCodeB(url: url, found: "an error: \(ServerWords.from(response) ?? "no message")")
            }
            guard let code = (object["code_b"] ?? object["codeB"])?.stringValue, Self.isCode(code) else {
                throw OpenWebError.noCodeB(
                    url: url, found: "a JSON object without a code_b string (keys: \(object.keys.sorted().joined(separator: ", ")))")
            }
            return Result(codeB: code, primaryKey: primaryKey, userName: userName)
        }
        guard Self.isCode(text), !Self.readsAsError(text) else {
            let found =
                text.hasPrefix("<") ? response.bodyKind : "\"\(ServerWords.line(String(text.prefix(80)), secrets: response.secrets))\""
            throw OpenWebError.noCodeB(url: url, found: found)
        }
        return Result(codeB: text, primaryKey: primaryKey, userName: userName)
    }

    /// One word of visible ASCII, at most 4 KiB: what a codeB is.
    static func isCode(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 4096 && text.isVisibleASCII && !text.hasPrefix("<")
    }

    /// A plain-text body that names a failure rather than carrying a code.
    static func readsAsError(_ text: String) -> Bool {
        let lower = text.lowercased()
        return ["error", "invalid", "fail", "denied", "unauthori", "forbidden", "expired", "not_found", "notfound"].contains {
            lower.contains($0)
        }
    }
}
