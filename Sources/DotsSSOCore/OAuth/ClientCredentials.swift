import Foundation

/// How the client authenticates at the token and revocation endpoints (RFC 6749 §2.3).
public enum ClientAuthMethod: String, Sendable, CaseIterable, Codable {
    case clientSecretBasic = "client_secret_basic"
    case clientSecretPost = "client_secret_post"
    case none
}

/// The client id, its secret (if any) and how to present them.
public struct ClientCredentials: Sendable {
    public let clientID: String
    public let secret: String?
    public let method: ClientAuthMethod

    /// `method` defaults to `client_secret_basic` when there is a secret, `none` (public client) otherwise.
    public init(clientID: String, secret: String?, method: ClientAuthMethod? = nil) {
        self.clientID = clientID
        self.secret = secret
        self.method = method ?? (secret == nil ? .none : .clientSecretBasic)
    }

    /// Adds the client authentication to a form request's fields and headers.
    func apply(to fields: inout [(String, String)], headers: inout [(name: String, value: String)]) {
        switch method {
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
