import DotsSSOBasics
import Foundation

/// How the client authenticates at the token and revocation endpoints (RFC 6749 §2.3).
package enum ClientAuthMethod: String, Sendable, CaseIterable, Codable {
    case clientSecretBasic = "client_secret_basic"
    case clientSecretPost = "client_secret_post"
    /// A JWT signed with the client's private key (RFC 7523 §2.2): `--client-key-file`.
    case privateKeyJWT = "private_key_jwt"
    case none
}

/// The client id, its secret or key (if any) and how to present them.
package struct ClientCredentials: Sendable {
    package let clientID: String
    package let secret: String?
    package let assertion: ClientAssertion?
    package let method: ClientAuthMethod

    /// `method` defaults to `private_key_jwt` when there is a key, `client_secret_basic` when there is a secret,
    /// `none` (public client) otherwise.
    package init(clientID: String, secret: String?, assertion: ClientAssertion? = nil, method: ClientAuthMethod? = nil) {
        self.clientID = clientID
        self.secret = secret
        self.assertion = assertion
        self.method = method ?? (assertion != nil ? .privateKeyJWT : secret == nil ? .none : .clientSecretBasic)
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
        case .none:
            fields.append(("client_id", clientID))
        }
    }
}
