import DotsSSOBasics
import FoundationEssentials

/// How the client authenticates at the token and revocation endpoints (RFC 6749 §2.3).
package enum ClientAuthMethod: String, Sendable, CaseIterable, Codable {
    case clientSecretBasic = "client_secret_basic"
    case clientSecretPost = "client_secret_post"
    /// A JWT signed with the client's private key (RFC 7523 §2.2): `--client-key-file`.
    case privateKeyJWT = "private_key_jwt"
    /// The client's TLS certificate, issued by a CA the provider trusts (RFC 8705 §2.1): `--client-cert-file`.
    case tlsClientAuth = "tls_client_auth"
    /// The client's self-signed TLS certificate, registered with the provider (RFC 8705 §2.2).
    case selfSignedTLSClientAuth = "self_signed_tls_client_auth"
    case none
}

/// The client id, its secret or key (if any) and how to present them.
package struct ClientCredentials: Sendable {
    package let clientID: String
    package let secret: String?
    package let assertion: ClientAssertion?
    package let method: ClientAuthMethod
    /// The TLS client certificate every request to the provider presents (RFC 8705), when the client has one.
    package let certificate: ClientCertificate?

    /// `method` defaults to `private_key_jwt` when there is a key, `client_secret_basic` when there is a secret,
    /// `tls_client_auth` when there is only a certificate, `none` (public client) otherwise.
    package init(
        clientID: String, secret: String?, assertion: ClientAssertion? = nil, method: ClientAuthMethod? = nil,
        certificate: ClientCertificate? = nil
    ) {
        self.clientID = clientID
        self.secret = secret
        self.assertion = assertion
        self.certificate = certificate
        self.method =
            method
            ?? (assertion != nil ? .privateKeyJWT : secret != nil ? .clientSecretBasic : certificate != nil ? .tlsClientAuth : .none)
    }

    /// Adds the client authentication to a form request's fields and headers; `endpoint` is where it goes (a client
    /// assertion names it as its audience).
    func apply(to fields: inout [(String, String)], headers: inout [(name: String, value: String)], endpoint: URL) throws {
        switch method {
        case .privateKeyJWT:
            guard let assertion else {
                throw ConfigError.missingSetting(name: "client key", flag: "\(CLIFlag.clientKeyFile)", key: "clientKeyFile")
            }
            fields.append(("client_id", clientID))
            fields.append(("client_assertion_type", ClientAssertion.assertionType))
            fields.append(("client_assertion", try assertion.make(clientID: clientID, endpoint: endpoint)))
        case .clientSecretBasic:
            // RFC 6749 §2.3.1: both parts are form-encoded before base64.
            let pair = "\(FormEncoding.escape(clientID)):\(FormEncoding.escape(secret ?? ""))"
            headers.append((name: "Authorization", value: "Basic \(Data(pair.utf8).base64EncodedString())"))
        case .clientSecretPost:
            fields.append(("client_id", clientID))
            fields.append(("client_secret", secret ?? ""))
        case .none, .tlsClientAuth, .selfSignedTLSClientAuth:
            // RFC 8705 §2: the certificate the request presents authenticates the client; the form names it.
            fields.append(("client_id", clientID))
        }
    }
}
