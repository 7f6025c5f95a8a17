import DotsSSOBasics
import FoundationEssentials

/// `dots-sso discover`: the provider's OIDC/OAuth metadata, its endpoints, and findings about what the app needs.
package struct DiscoverUseCase: Sendable {
    package var channel: Channel
    package var http: HTTPSettings

    /// `--client-secret-file`, which makes the client confidential even when the channel names no secret variable.
    package var clientSecretFile: String?

    package init(channel: Channel, http: HTTPSettings = HTTPSettings(), clientSecretFile: String? = nil) {
        self.clientSecretFile = clientSecretFile
        self.channel = channel
        self.http = http
    }

    /// The metadata and what the lint found. Its JSON is `discover --json`: the endpoints with the document each came
    /// from, the whole metadata (secrets redacted) and the findings.
    package struct Result: Encodable, Sendable {
        package var issuer: String
        package var metadata: ProviderMetadata
        package var findings: [Finding]

        enum CodingKeys: String, CodingKey { case issuer, source, kind, endpoints, endpointSources, metadata, findings }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(issuer, forKey: .issuer)
            try container.encode(metadata.source, forKey: .source)
            try container.encode(metadata.kind, forKey: .kind)
            try container.encode(Dictionary(uniqueKeysWithValues: metadata.endpoints.map { ($0.key, $0.url) }), forKey: .endpoints)
            try container.encode(
                Dictionary(uniqueKeysWithValues: metadata.endpoints.map { ($0.key, metadata.source(of: $0.key)) }), forKey: .endpointSources
            )
            try container.encode(JSONValue.object(metadata.document).redactingSecrets().objectValue ?? [:], forKey: .metadata)
            try container.encode(findings, forKey: .findings)
        }
    }

    package func run(_ ctx: CommandContext) async throws -> Result {
        let issuer = try channel.require(\.issuer, "issuer", flag: "\(CLIFlag.issuer)", key: "issuer")
        let client = try http.client(in: ctx)
        // discover reports every endpoint, so it reads both documents where the first lacks one.
        let metadata = try await DiscoveryClient(http: client).fetch(
            issuer: issuer, supplementing: ProviderMetadata.supplementedEndpointKeys)
        var findings = DiscoveryLint.findings(
            for: metadata, publicClient: channel.isPublicClient(secretFile: clientSecretFile),
            dpop: SignInSettings(channel: channel).usesDPoP, profile: channel.securityProfile)
        findings += await keyFindings(metadata, http: client)
        return Result(issuer: issuer, metadata: metadata, findings: findings)
    }

    /// The signing keys at `jwks_uri`, judged as a sign-in would judge them: a key dots-sso refuses is an error
    /// here too, before any member signs in.
    private func keyFindings(_ metadata: ProviderMetadata, http: any HTTPClient) async -> [Finding] {
        guard let text = metadata.jwksURI, let url = try? URLPolicy.validate(text) else { return [] }
        let location = FindingLocation(file: url.redactedForDisplay, path: "$.keys")
        let document: JSONValue
        do {
            let response = try await http.send(HTTPRequest(.get, url, maxBodyBytes: 1024 * 1024))
            try response.requireSuccess()
            document = try response.decodeJSON(JSONValue.self)
        } catch let error as UserFacingError {
            return [Finding(DiscoveryFindings.jwksUnreadable, at: location, "the provider's JWKS could not be read: \(error.message)")]
        } catch {
            return [Finding(DiscoveryFindings.jwksUnreadable, at: location, "the provider's JWKS could not be read")]
        }
        return DiscoveryLint.keyFindings(document, at: location)
    }
}
