import DotsSSOBasics
import FoundationEssentials

/// What a TLS handshake with one host showed: the protocol and cipher negotiated and the server's certificate,
/// and — when verification failed — why. The certificate is read even then, so a report can say when it expired.
package struct TLSInspection: Codable, Sendable, Equatable {
    package var host: String
    package var port: Int
    /// `TLSv1.3`, `TLSv1.2`; nil when the handshake did not complete.
    package var protocolVersion: String?
    package var cipher: String?
    package var certificate: CertificateInfo?
    /// Why the connection was refused (expired, untrusted, wrong host, TLS below 1.2); nil when it held.
    package var problem: String?
    /// The kind of problem, for findings.
    package var problemKind: HTTPError.TLSProblem?

    package init(
        host: String, port: Int, protocolVersion: String? = nil, cipher: String? = nil, certificate: CertificateInfo? = nil,
        problem: String? = nil, problemKind: HTTPError.TLSProblem? = nil
    ) {
        self.host = host
        self.port = port
        self.protocolVersion = protocolVersion
        self.cipher = cipher
        self.certificate = certificate
        self.problem = problem
        self.problemKind = problemKind
    }
}

extension HTTPClient {
    /// Clients that cannot look at a handshake (test fakes) say so with nil.
    package func inspectTLS(_ url: URL) async throws -> TLSInspection? { nil }
}
