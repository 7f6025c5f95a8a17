import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// A TLS client certificate and its private key (PEM files) that a provider's mTLS endpoints are shown (RFC 8705):
/// for client authentication (`tls_client_auth`, `self_signed_tls_client_auth`) and for access tokens bound to the
/// certificate. Only requests that carry one (`HTTPRequest.clientCertificate`) present it, and only to a server that
/// asks: a pass host or a container never sees it.
package struct ClientCertificate: Sendable, Equatable, Codable {
    package var certificateFile: String
    package var keyFile: String

    /// Reads both files once, so a missing file, a key that is no key or one that does not belong to the certificate is
    /// said before any connection (libcurl reads them again at each handshake). Nothing of the key is ever shown.
    package static func load(certificate: String, key: String?) throws -> ClientCertificate {
        guard let key else {
            throw ConfigError.missingSetting(
                name: "client certificate's private key", flag: "\(CLIFlag.clientCertKeyFile)", key: "clientCertKeyFile")
        }
        let anchors: TrustAnchors
        do {
            anchors = try TrustAnchors(pemFiles: [certificate], option: "\(CLIFlag.clientCertFile)")
        } catch let error as TrustAnchorError {
            throw InputError.malformed(source: InputFile.displayName(certificate), reason: error.detail)
        }
        let signingKey = try SigningKey.read(file: key)
        guard let first = anchors.certificates.first, X509_check_private_key(first, signingKey.pkey) == 1 else {
            ERR_clear_error()
            throw InputError.malformed(
                source: InputFile.displayName(key),
                reason: "it is not the private key of the certificate in \(InputFile.displayName(certificate))")
        }
        return ClientCertificate(certificateFile: certificate, keyFile: key)
    }
}
