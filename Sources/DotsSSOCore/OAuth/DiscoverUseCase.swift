import Foundation

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

    package struct Result: Sendable {
        package var issuer: String
        package var metadata: ProviderMetadata
        package var findings: [Finding]
    }

    package func run(_ ctx: CommandContext) async throws -> Result {
        let issuer = try channel.require(\.issuer, "issuer", flag: "--issuer", key: "issuer")
        let client = try http.client(in: ctx)
        let metadata = try await DiscoveryClient(http: client).fetch(issuer: issuer)
        var findings = DiscoveryLint.findings(for: metadata, publicClient: channel.isPublicClient(secretFile: clientSecretFile))
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
            return [Finding(.warning, "discover.jwks.unreadable", at: location, "the provider's JWKS could not be read: \(error.message)")]
        } catch {
            return [Finding(.warning, "discover.jwks.unreadable", at: location, "the provider's JWKS could not be read")]
        }
        return DiscoveryLint.keyFindings(document, at: location)
    }
}
