import DotsSSOBasics
import FoundationEssentials

/// The key a sign-in proves possession of (RFC 9449): made fresh for each sign-in, kept in its cache entry (0600) so
/// refreshes and resource requests sign with the same key, and never sent anywhere but as a public JWK inside proofs.
/// A token bound to it (`token_type: DPoP`) is useless to whoever copies it without the key.
package final class DPoPKey: @unchecked Sendable {
    // @unchecked: `key`, `algorithm` and `clock` are immutable; `nonces` is guarded by `lock`.
    package let key: SigningKey
    /// ES256 with a P-256 key; RS256 or PS256 with an RSA key, for a provider that lists no ES256.
    package let algorithm: JWSAlgorithm
    let clock: WallClock
    private let lock = Lock()
    /// The latest `DPoP-Nonce` each server (by origin) gave, sent in the next proof to it (RFC 9449 §8, §9).
    private var nonces: [String: String] = [:]

    /// The token type and `Authorization` scheme of a bound token.
    package static let tokenType = "DPoP"
    /// The error code a server answers with when it wants a proof carrying its nonce.
    package static let nonceError = "use_dpop_nonce"

    /// Whether a token of this type is bound to a key (`DPoP`, matched without regard to case, RFC 9449 §5).
    package static func binds(tokenType: String?) -> Bool { tokenType?.equalsIgnoringCase(Self.tokenType) == true }

    package init(key: SigningKey, algorithm: JWSAlgorithm, clock: WallClock) {
        self.key = key
        self.algorithm = algorithm
        self.clock = clock
    }

    /// A fresh key the provider accepts: P-256 for ES256 unless its `dpop_signing_alg_values_supported` leaves that
    /// out; then RSA for PS256 or RS256. A provider that lists none of these is refused before anything is sent.
    package static func generate(accepting algorithms: [String]?, clock: WallClock) throws -> DPoPKey {
        switch algorithm(accepting: algorithms) {
        case .es256?: DPoPKey(key: try SigningKey(), algorithm: .es256, clock: clock)
        case let rsa?: DPoPKey(key: try SigningKey(rsaBits: 2048), algorithm: rsa, clock: clock)
        case nil: throw OAuthError.dpopAlgorithmRefused(accepted: algorithms ?? [])
        }
    }

    /// The algorithm proofs are signed with for a provider listing `algorithms` (nil or empty: it did not say, ES256);
    /// nil when it lists none dots-sso signs with.
    package static func algorithm(accepting algorithms: [String]?) -> JWSAlgorithm? {
        let listed = algorithms ?? []
        if listed.isEmpty { return .es256 }
        return [JWSAlgorithm.es256, .ps256, .rs256].first { listed.contains($0.rawValue) }
    }

    /// The key as a cache entry keeps it.
    package func stored() throws -> StoredDPoPKey {
        StoredDPoPKey(pem: try key.privatePEM(), algorithm: algorithm.rawValue)
    }

    /// The key a cache entry kept; nil (the entry then has no usable key) when it cannot be read.
    package static func restore(_ stored: StoredDPoPKey?, clock: WallClock) -> DPoPKey? {
        // The key must be of the algorithm's kind: P-256 for ES256, RSA for PS256 and RS256 (SHA-256 only).
        guard let stored, let algorithm = JWSAlgorithm(rawValue: stored.algorithm), [.es256, .ps256, .rs256].contains(algorithm),
            let key = try? SigningKey(pem: Data(stored.pem.utf8)), (key.algorithm == .es256) == (algorithm == .es256)
        else { return nil }
        return DPoPKey(key: key, algorithm: algorithm, clock: clock)
    }

    /// The RFC 7638 thumbprint tokens bound to this key carry (`cnf.jkt`) and authorization requests name (`dpop_jkt`).
    package func thumbprint() throws -> String { try key.thumbprint() }

    /// A proof for one request (RFC 9449 §4.2): `htm` and `htu` (the URL without query and fragment), a fresh `jti`,
    /// `iat`, the server's latest nonce, and for a resource request `ath`, the access token's SHA-256.
    package func proof(method: String, url: URL, accessToken: String? = nil) throws -> String {
        var claims: [String: JSONValue] = [
            "jti": .string(try SecureRandom.base64URLString(byteCount: 18)), "htm": .string(method),
            "htu": .string(Self.target(url)), "iat": .number(clock.now().timeIntervalSince1970.rounded(.down)),
        ]
        if let nonce = nonce(for: url) { claims["nonce"] = .string(nonce) }
        if let accessToken { claims["ath"] = .string(try Self.accessTokenHash(accessToken)) }
        return try key.compactJWS(
            header: ["typ": .string("dpop+jwt"), "jwk": .object(key.publicJWK)], claims: claims, algorithm: algorithm)
    }

    /// `ath` (RFC 9449 §4.2): the access token's SHA-256, base64url, which a resource server compares with the token sent.
    package static func accessTokenHash(_ accessToken: String) throws -> String {
        Base64URL.encode(try DigestAlgorithm.sha256.digest(Data(accessToken.utf8)))
    }

    /// `htu`: the request's URL without its query and fragment (RFC 9449 §4.2), and never with `user:password@`: the
    /// proof is sent to the server (and may be logged there), the credentials in a URL are not its to keep.
    package static func target(_ url: URL) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.query = nil
        components?.fragment = nil
        components?.user = nil
        components?.password = nil
        return components?.string ?? url.absoluteString
    }

    /// Keeps the nonce a response carries (`DPoP-Nonce`), for the next proof to that server. A value that is not a
    /// nonce (RFC 9449 §8.1: visible ASCII, at most what a header may reasonably hold) is ignored.
    package func remember(_ response: HTTPResponse) {
        guard let nonce = response.header("DPoP-Nonce"), !nonce.isEmpty, nonce.utf8.count <= 1024,
            nonce.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return }
        lock.withLock { nonces[Self.origin(response.url)] = nonce }
    }

    private func nonce(for url: URL) -> String? { lock.withLock { nonces[Self.origin(url)] } }

    private static func origin(_ url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port.map(String.init) ?? "")"
    }

    /// Whether the server refused the proof for want of its nonce: a token endpoint's 400 `use_dpop_nonce` (RFC 9449
    /// §8), a resource server's 401 whose `WWW-Authenticate` says so (§9). Either way it sent the nonce to use.
    package static func asksForNonce(_ response: HTTPResponse) -> Bool {
        guard response.header("DPoP-Nonce") != nil else { return false }
        switch response.status {
        case 400:
            let object = (try? JSONDecoder().decode(JSONValue.self, from: response.body))?.objectValue
            return object?["error"]?.stringValue == nonceError
        case 401:
            return response.header("WWW-Authenticate")?.contains(nonceError) ?? false
        default:
            return false
        }
    }

    /// Sends the request `make` builds with a proof made for it, and once more (built anew, so a client assertion in it
    /// is fresh too) with the server's nonce when it asks for one. Returns the answer and the request it answers.
    package func send(
        accessToken: String? = nil, with http: any HTTPClient, _ make: () throws -> HTTPRequest
    ) async throws -> (response: HTTPResponse, sent: HTTPRequest) {
        func signed() throws -> HTTPRequest {
            var request = try make()
            request.headers.append(
                (name: "DPoP", value: try proof(method: request.method.rawValue, url: request.url, accessToken: accessToken)))
            return request
        }
        var sent = try signed()
        var response = try await http.send(sent)
        remember(response)
        if Self.asksForNonce(response) {
            sent = try signed()
            response = try await http.send(sent)
            remember(response)
        }
        return (response, sent)
    }
}

/// A DPoP key as a cache entry keeps it: PKCS#8 PEM and the algorithm its proofs are signed with.
package struct StoredDPoPKey: Codable, Sendable, Equatable {
    package var pem: String
    package var algorithm: String
}
