import DotsSSOBasics
import FoundationEssentials

/// A refusal from the token, PAR or revocation endpoint that carries no RFC 6749 §5.2 error (an empty or non-JSON
/// body, as some deployed providers answer), read by where and when it happened so the person gets the error the
/// provider meant: a 401 or 403 is the client's authentication refused (RFC 6749 §5.2 puts `invalid_client` there);
/// a 400 to a refresh grant is the refresh token refused (used already, rotated away, or revoked); a 400 to a pushed
/// request is the request refused, most often its redirect URI. Anything else stays an unexpected answer.
struct BareRefusal {
    /// Which endpoint answered, with what the reading needs to name.
    enum Endpoint {
        case push(redirectURI: String?)
        case other
    }

    let code: String
    let description: String

    init?(status: Int, sent request: HTTPRequest, endpoint: Endpoint, body: String) {
        let form = FormEncoding.decode(String(decoding: request.body ?? Data(), as: UTF8.self))
        let grant = form.first { $0.0 == "grant_type" }?.1
        let client = form.first { $0.0 == "client_id" }?.1
        let answer = "the provider gave no reason (HTTP \(status) with \(body))"
        switch (status, endpoint) {
        case (401, _), (403, _):
            code = "invalid_client"
            description = "\(answer), which is read as the client's authentication refused"
        case (400, .push(let redirectURI)):
            code = "invalid_request"
            description =
                "\(answer): the provider refused the pushed request of client \(client.map { "\"\(ServerWords.line($0))\"" } ?? "(no id)")"
                + (redirectURI.map {
                    " with the redirect URI \"\($0)\"; register that redirect URI for the client, or pass \(CLIFlag.redirectUri) with one it has"
                }
                    ?? "")
        case (400, _) where grant == "refresh_token":
            code = "invalid_grant"
            description = "\(answer) to a refresh, which is read as the refresh token refused (used already, rotated away, or revoked)"
        default:
            return nil
        }
    }
}
