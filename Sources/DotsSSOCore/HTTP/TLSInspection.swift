import Foundation

/// What a TLS handshake with one host showed: the protocol and cipher negotiated and the server's certificate,
/// and — when verification failed — why. The certificate is read even then, so a report can say when it expired.
public struct TLSInspection: Codable, Sendable, Equatable {
    public var host: String
    public var port: Int
    /// `TLSv1.3`, `TLSv1.2`; nil when the handshake did not complete.
    public var protocolVersion: String?
    public var cipher: String?
    public var certificate: CertificateInfo?
    /// Why the connection was refused (expired, untrusted, wrong host, TLS below 1.2); nil when it held.
    public var problem: String?
    /// The kind of problem, for findings.
    public var problemKind: HTTPError.TLSProblem?

    public init(
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
    public func inspectTLS(_ url: URL) async throws -> TLSInspection? { nil }
}
