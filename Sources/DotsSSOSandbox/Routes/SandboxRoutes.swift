import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials
import Hummingbird
import NIOCore

/// The sandbox partner's endpoints, grouped by what they stand for (one file each): the OIDC provider, the
/// login page, member data, e-mail sign-in, the Channels API and the deliverables. This file holds what they share.
struct SandboxRoutes: Sendable {
    let settings: SandboxPartner.Settings
    let state: SandboxState
    let keys: SandboxKeys
    let port: OnceBox<Int>
    let passes: SandboxPasses

    var issuer: String { SandboxPartner.issuer(host: settings.host, port: port.value ?? 0) }

    func register(on router: Router<BasicRequestContext>) {
        registerOAuth(on: router)
        registerLoginPage(on: router)
        registerDevice(on: router)
        registerMemberData(on: router)
        registerMagicLinks(on: router)
        registerChannelsAPI(on: router)
        registerThirdParty(on: router)
        registerDeliverables(on: router)
    }

    // MARK: Members

    func user(subject: String) -> SandboxUser? { settings.users.first { $0.subject == subject } }

    func user(email: String) -> SandboxUser? {
        settings.users.first { $0.email?.equalsIgnoringCase(email) == true }
    }

    /// The member behind a valid token in `Authorization` (or nil: answer 401): a bearer token as `Bearer`, a
    /// DPoP-bound one as `DPoP` with a proof of its key for this request (RFC 9449 §7). A bound token offered as a
    /// bearer token is refused: whoever copied it has no key.
    func member(bearer request: Request) async -> SandboxUser? {
        guard let header = request.headers[.authorization], let space = header.firstIndex(of: " ") else { return nil }
        let scheme = header[..<space].lowercased()
        let token = String(header[space...]).trimmingWhitespace()
        guard scheme == "bearer" || scheme == "dpop" else { return nil }
        // A bound token goes with the DPoP scheme, a bearer token with Bearer (RFC 9449 §7.1).
        return await member(token: token, request: request, scheme: scheme == "dpop" ? .dpop : .bearer)
    }

    enum TokenScheme { case bearer, dpop, elsewhere }

    /// The member behind a valid token, carried as `scheme` says (`elsewhere`: a container's query parameter). A token
    /// bound to a DPoP key counts only with a proof of that key for this request.
    func member(token: String, request: Request, scheme: TokenScheme = .elsewhere) async -> SandboxUser? {
        guard let issued = await state.accessToken(token, now: settings.now()) else { return nil }
        if let bound = issued.jkt {
            guard scheme != .bearer,
                case .valid(let jkt) = await dpopProof(request, target: issuer + request.uri.path, accessToken: token), jkt == bound
            else { return nil }
        } else if scheme == .dpop {
            return nil
        }
        return user(subject: issued.subject)
    }

    // MARK: Requests

    func query(_ request: Request) -> [String: String] {
        Dictionary(FormEncoding.decode(request.uri.query ?? ""), uniquingKeysWith: { first, _ in first })
    }

    func formFields(_ request: Request) async throws -> [String: String] {
        let buffer = try await request.body.collect(upTo: 64 * 1024)
        return Dictionary(FormEncoding.decode(String(buffer: buffer)), uniquingKeysWith: { first, _ in first })
    }

    /// A JSON object body, or nil when the body is not one.
    func jsonObject(_ request: Request) async throws -> [String: JSONValue]? {
        let buffer = try await request.body.collect(upTo: 64 * 1024)
        return (try? JSONDecoder().decode(JSONValue.self, from: Data(buffer: buffer)))?.objectValue
    }

    func log(_ request: Request, form: [String: String] = [:]) async {
        await state.log(.init(method: request.method.rawValue, path: request.uri.path, query: query(request), form: form))
    }

    // MARK: Responses

    func json(_ status: HTTPResponse.Status, _ value: JSONValue, extra: HTTPFields = [:]) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return bytes(status, (try? encoder.encode(value)) ?? Data(), type: "application/json", extra: extra)
    }

    func text(_ status: HTTPResponse.Status, _ body: String) -> Response {
        bytes(status, Data(body.utf8), type: "text/plain; charset=utf-8")
    }

    /// An HTML page with a strict policy: no script, no outside resources, nothing cached. (No `form-action`:
    /// browsers apply it to the redirect after the login form too, which must reach the app's loopback listener.)
    func html(_ status: HTTPResponse.Status, _ body: String) -> Response {
        bytes(
            status, Data(body.utf8), type: "text/html; charset=utf-8",
            extra: [
                .cacheControl: "no-store", .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'",
                .referrerPolicy: "no-referrer", .xFrameOptions: "DENY",
            ])
    }

    func bytes(_ status: HTTPResponse.Status, _ body: Data, type: String, extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: type]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(data: body)))
    }

    func redirect(_ location: String) -> Response {
        Response(status: .found, headers: [.location: location, .cacheControl: "no-store"])
    }

    /// A redirect to `target` with `fields` added to its query; nil when `target` is not a URL.
    func redirect(_ target: String, adding fields: [(String, String)]) -> Response? {
        guard var components = URLComponents(string: target) else { return nil }
        if !fields.isEmpty {
            components.percentEncodedQuery = (components.percentEncodedQuery.map { $0 + "&" } ?? "") + FormEncoding.encode(fields)
        }
        return redirect(components.string ?? target)
    }

    func oauthError(_ status: HTTPResponse.Status, _ code: String, _ description: String, extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.cacheControl: "no-store"]
        headers.append(contentsOf: extra)
        return json(status, .object(["error": .string(code), "error_description": .string(description)]), extra: headers)
    }
}

extension HTTPFields.Element.Name {
    static let referrerPolicy = Self("Referrer-Policy")!
    static let xFrameOptions = Self("X-Frame-Options")!
    static let xChannel = Self("X-Channel")!
}

/// The sandbox's pages: small, self-contained, accessible HTML with every partner or request value escaped.
enum HTMLText {
    static func escape(_ text: String) -> String { MarkupText.escape(text) }

    /// A small, self-contained, accessible page.
    static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; color: #111; }
        label { display: block; margin-top: 1rem; font-weight: 600; }
        input { width: 100%; padding: .5rem; font-size: 1rem; box-sizing: border-box; }
        button { margin-top: 1.5rem; margin-right: .5rem; padding: .6rem 1.2rem; font-size: 1rem; }
        .error { color: #a40000; border-left: 4px solid #a40000; padding-left: .75rem; }
        </style>
        </head>
        <body>
        <main>
        \(body)
        </main>
        </body>
        </html>

        """
    }
}
