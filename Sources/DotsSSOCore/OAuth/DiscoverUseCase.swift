import Foundation

/// `dots-sso discover`: the provider's OIDC/OAuth metadata, its endpoints, and findings about what the app needs.
public struct DiscoverUseCase: Sendable {
    public var channel: Channel
    public var http: HTTPSettings

    /// `--client-secret-file`, which makes the client confidential even when the channel names no secret variable.
    public var clientSecretFile: String?

    public init(channel: Channel, http: HTTPSettings = HTTPSettings(), clientSecretFile: String? = nil) {
        self.clientSecretFile = clientSecretFile
        self.channel = channel
        self.http = http
    }

    public struct Result: Sendable {
        public var issuer: String
        public var metadata: ProviderMetadata
        public var findings: [Finding]
    }

    public func run(_ ctx: CommandContext) async throws -> Result {
        let issuer = try channel.require(\.issuer, "issuer", flag: "--issuer", key: "issuer")
        let metadata = try await DiscoveryClient(http: try http.client(in: ctx)).fetch(issuer: issuer)
        return Result(issuer: issuer, metadata: metadata, findings: DiscoveryLint.findings(for: metadata, publicClient: channel.isPublicClient(secretFile: clientSecretFile)))
    }
}
