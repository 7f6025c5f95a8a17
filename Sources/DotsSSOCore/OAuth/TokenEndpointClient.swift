import DotsSSOBasics
import FoundationEssentials

/// Talks to the token and revocation endpoints: code exchange, refresh, RFC 7009 revocation.
package struct TokenEndpointClient: Sendable {
    package let http: any HTTPClient
    package let credentials: ClientCredentials
    /// The sign-in's DPoP key (RFC 9449): every token request and push then carries a proof, and tokens come back bound.
    package let dpop: DPoPKey?

    package init(http: any HTTPClient, credentials: ClientCredentials, dpop: DPoPKey? = nil) {
        self.http = http
        self.credentials = credentials
        self.dpop = dpop
    }

    /// Sends a form to `endpoint` with the client's authentication, and with a DPoP proof (the nonce dance included)
    /// when the sign-in has a key. Returns the answer and the request it answers.
    private func post(_ base: [(String, String)], to endpoint: URL, clientID: Bool = false, proof: Bool = true) async throws -> (
        response: HTTPResponse, sent: HTTPRequest
    ) {
        func make() throws -> HTTPRequest {
            var fields = base
            var headers: [(name: String, value: String)] = []
            try credentials.apply(to: &fields, headers: &headers, endpoint: endpoint)
            if clientID, !fields.contains(where: { $0.0 == "client_id" }) { fields.append(("client_id", credentials.clientID)) }
            var request = HTTPRequest.form(endpoint, fields, headers: headers)
            // A client with a certificate shows it at every endpoint of its provider: it authenticates the client
            // (tls_client_auth) and the tokens issued are bound to it (RFC 8705 §2, §3).
            request.clientCertificate = credentials.certificate
            return request
        }
        guard let dpop, proof else {
            let request = try make()
            return (try await http.send(request), request)
        }
        return try await dpop.send(with: http, make)
    }

    /// Exchanges an authorization code (RFC 6749 §4.1.3 with the PKCE verifier of RFC 7636 §4.5).
    package func exchange(code: String, redirectURI: String, verifier: String?, endpoint: URL) async throws -> TokenResponse {
        var fields: [(String, String)] = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI)]
        if let verifier { fields.append(("code_verifier", verifier)) }
        return try await tokenRequest(fields, endpoint: endpoint)
    }

    /// Uses a refresh token (RFC 6749 §6).
    package func refresh(refreshToken: String, endpoint: URL) async throws -> TokenResponse {
        try await tokenRequest([("grant_type", "refresh_token"), ("refresh_token", refreshToken)], endpoint: endpoint)
    }

    /// The RFC 8628 grant type a device polls the token endpoint with.
    package static let deviceCodeGrant = "urn:ietf:params:oauth:grant-type:device_code"

    /// Starts a device sign-in (RFC 8628 §3.1), with PKCE when the provider supports it and a nonce for OIDC.
    package func startDeviceAuthorization(endpoint: URL, scopes: [String], challenge: String?, nonce: String?) async throws
        -> DeviceAuthorization
    {
        var fields: [(String, String)] = []
        if !scopes.isEmpty { fields.append(("scope", scopes.joined(separator: " "))) }
        if let challenge { fields += [("code_challenge", challenge), ("code_challenge_method", "S256")] }
        if let nonce { fields.append(("nonce", nonce)) }
        // RFC 9449 defines no proof for the device authorization endpoint; the polls carry one.
        let (response, request) = try await post(fields, to: endpoint, proof: false)
        guard response.isSuccess else {
            throw Self.grantError(try Self.error(from: response, sent: request), grant: Self.deviceCodeGrant)
        }
        guard case .object(let json) = try response.decodeJSON(JSONValue.self) else {
            throw HTTPError.malformedBody(
                url: endpoint.redactedForDisplay, expected: "a JSON device authorization object", found: "another JSON value")
        }
        return try DeviceAuthorization(json: json, from: endpoint)
    }

    /// One poll of the token endpoint for a device sign-in (RFC 8628 §3.4). `authorization_pending` and
    /// `slow_down` arrive as `OAuthError.tokenEndpoint` for the caller's loop.
    package func pollDevice(deviceCode: String, verifier: String?, endpoint: URL) async throws -> TokenResponse {
        var fields: [(String, String)] = [("grant_type", Self.deviceCodeGrant), ("device_code", deviceCode)]
        if let verifier { fields.append(("code_verifier", verifier)) }
        do {
            return try await tokenRequest(fields, endpoint: endpoint)
        } catch {
            throw Self.grantError(error, grant: Self.deviceCodeGrant)
        }
    }

    /// The resource-owner password grant (RFC 6749 §4.3), for a partner's test member only.
    package func password(username: String, password: String, scopes: [String], endpoint: URL) async throws -> TokenResponse {
        var fields: [(String, String)] = [("grant_type", "password"), ("username", username), ("password", password)]
        if !scopes.isEmpty { fields.append(("scope", scopes.joined(separator: " "))) }
        do {
            return try await tokenRequest(fields, endpoint: endpoint)
        } catch {
            throw Self.grantError(error, grant: "password")
        }
    }

    /// The client credentials grant (RFC 6749 §4.4): a token for the client itself, with its own authentication (and
    /// a DPoP proof when the client binds its tokens).
    package func clientCredentials(scopes: [String], resources: [String], endpoint: URL) async throws -> TokenResponse {
        var fields: [(String, String)] = [("grant_type", "client_credentials")]
        if !scopes.isEmpty { fields.append(("scope", scopes.joined(separator: " "))) }
        fields += resources.map { ("resource", $0) }
        do {
            return try await tokenRequest(fields, endpoint: endpoint)
        } catch {
            throw Self.grantError(error, grant: "client_credentials")
        }
    }

    /// A grant the provider does not offer this client is configuration (78), said with its words.
    static func grantError(_ error: any Error, grant: String) -> any Error {
        guard case let OAuthError.tokenEndpoint(status, code, description) = error,
            code == "unsupported_grant_type" || code == "unauthorized_client"
        else { return error }
        return OAuthError.grantRefused(
            grant: grant == deviceCodeGrant ? "device authorization" : grant, status: status, error: code,
            description: description)
    }

    /// Pushes an authorization request (RFC 9126 §2.1) with the client's authentication and returns its
    /// `request_uri`, which the browser then carries instead of the parameters.
    package func push(_ parameters: [(String, String)], endpoint: URL) async throws -> String {
        let (response, request) = try await post(parameters.filter { $0.0 != "client_id" }, to: endpoint, clientID: true)
        guard response.isSuccess else {
            let redirect = parameters.first { $0.0 == "redirect_uri" }?.1
            throw explained(
                try Self.error(from: response, sent: request, refusal: OAuthError.pushRefused, bare: .push(redirectURI: redirect)),
                endpoint: endpoint)
        }
        guard case .object(let json) = try response.decodeJSON(JSONValue.self),
            let requestURI = json["request_uri"]?.stringValue, !requestURI.isEmpty, requestURI.utf8.count <= 2048,
            requestURI.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else {
            throw HTTPError.malformedBody(
                url: endpoint.redactedForDisplay, expected: "a JSON object with a request_uri (RFC 9126 §2.2)", found: "something else")
        }
        return requestURI
    }

    /// A refused client assertion says which audience it named and how to choose the other (providers accept one).
    private func explained(_ error: any Error, endpoint: URL) -> any Error {
        guard credentials.method == .privateKeyJWT, let assertion = credentials.assertion else { return error }
        let refusal: (status: Int, code: String, description: String?)
        switch error {
        case let OAuthError.tokenEndpoint(status, code, description), let OAuthError.pushRefused(status, code, description),
            let OAuthError.revocationRefused(status, code, description):
            refusal = (status, code, description)
        default:
            return error
        }
        guard OAuthErrorCode(refusal.code).refusesClient else { return error }
        return OAuthError.assertionRefused(
            url: endpoint.redactedForDisplay, status: refusal.status, error: refusal.code, description: refusal.description,
            audience: assertion.audience(for: endpoint), choice: assertion.audience)
    }

    /// Revokes a token (RFC 7009 §2.1). The endpoint answers 200 even for tokens it does not know.
    package func revoke(token: String, hint: String, endpoint: URL) async throws {
        // RFC 9449 asks no proof of revocation: whoever may revoke a token may revoke it.
        let (response, request) = try await post([("token", token), ("token_type_hint", hint)], to: endpoint, proof: false)
        guard response.isSuccess else {
            throw explained(try Self.error(from: response, sent: request, refusal: OAuthError.revocationRefused), endpoint: endpoint)
        }
    }

    /// Asks about a token (RFC 7662 §2.1), authenticated as the client; the answer's JSON object.
    package func introspect(token: String, hint: String, endpoint: URL) async throws -> [String: JSONValue] {
        // RFC 9449 asks no proof here either: the client authenticates itself, and the token is the subject, not a credential.
        let (response, request) = try await post([("token", token), ("token_type_hint", hint)], to: endpoint, clientID: true, proof: false)
        guard response.isSuccess else {
            throw explained(try Self.error(from: response, sent: request, refusal: OAuthError.introspectionRefused), endpoint: endpoint)
        }
        guard case .object(let json) = try response.decodeJSON(JSONValue.self) else {
            throw HTTPError.malformedBody(
                url: endpoint.redactedForDisplay, expected: "a JSON introspection response object", found: "another JSON value")
        }
        return json
    }

    /// `error(from:sent:)` for an endpoint other than the token endpoint: an RFC 6749 §5.2 refusal is named as
    /// that endpoint's (`refusal`), anything else stays what it is.
    static func error(
        from response: HTTPResponse, sent request: HTTPRequest,
        refusal: (_ status: Int, _ error: String, _ description: String?) -> OAuthError, bare: BareRefusal.Endpoint = .other
    ) throws -> Error {
        switch try error(from: response, sent: request, bare: bare) {
        case let OAuthError.tokenEndpoint(status, error, description): refusal(status, error, description)
        case let other: other
        }
    }

    private func tokenRequest(_ base: [(String, String)], endpoint: URL) async throws -> TokenResponse {
        let (response, request) = try await post(base, to: endpoint)
        guard response.isSuccess else { throw explained(try Self.error(from: response, sent: request), endpoint: endpoint) }
        guard case .object(let json) = try response.decodeJSON(JSONValue.self) else {
            throw HTTPError.malformedBody(
                url: endpoint.redactedForDisplay, expected: "a JSON token response object", found: "another JSON value")
        }
        return try TokenResponse(json: json)
    }

    /// An RFC 6749 §5.2 error body becomes `OAuthError.tokenEndpoint`, its words scrubbed of everything secret the
    /// request carried (a provider that echoes the request must not print the code, verifier or client secret);
    /// anything else an HTTP error.
    static func error(from response: HTTPResponse, sent request: HTTPRequest, bare: BareRefusal.Endpoint = .other) throws -> Error {
        if response.status == 429 {
            return HTTPError.rateLimited(url: response.url.redactedForDisplay, retryAfter: response.header("Retry-After"))
        }
        if let object = (try? JSONDecoder().decode(JSONValue.self, from: response.body))?.objectValue,
            let code = object["error"]?.stringValue
        {
            let secrets = response.secrets + Redactor.secretValues(in: request)
            return OAuthError.tokenEndpoint(
                status: response.status, error: ServerWords.line(code, secrets: secrets),
                description: object["error_description"]?.stringValue.map { ServerWords.line($0, secrets: secrets) })
        }
        // A refusal without words (an empty or non-JSON body) is read by where and when it happened.
        if let reading = BareRefusal(status: response.status, sent: request, endpoint: bare, body: response.bodyKind) {
            return OAuthError.tokenEndpoint(status: response.status, error: reading.code, description: reading.description)
        }
        // An outage is not a protocol error: 502/503/504 are temporary (75), another 5xx the server's failure (76).
        if (500...599).contains(response.status) {
            return HTTPError.serverError(url: response.url.redactedForDisplay, status: response.status)
        }
        return HTTPError.unexpectedStatus(url: response.url.redactedForDisplay, status: response.status, detail: response.bodyKind)
    }
}
