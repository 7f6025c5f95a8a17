import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// OAuth 1.0 request signing (RFC 5849 §3.4) with HMAC-SHA1, as the Digits and Twitter SDKs sign an Echo header.
/// dots-sso never needs to sign as a client; the sandbox's Echo provider verifies with it, and the demo and the
/// tests make headers the way the SDK does.
package enum OAuth1Signature {
    /// RFC 3986 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~".
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// §3.6: every byte but the unreserved ones as `%XX` (upper-case hex).
    package static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if isUnreserved(byte) { result.unicodeScalars.append(Unicode.Scalar(byte)) } else { result += "%" + PlainNumber.hexByte(byte) }
        }
        return result
    }

    /// §3.4.1: `METHOD&base-URI&normalized-parameters`, the parameters being the URL's query and `oauth` (without
    /// `oauth_signature` and `realm`), sorted by encoded name then value.
    package static func baseString(method: String, url: URL, oauth: [(name: String, value: String)]) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false) ?? URLComponents()
        let query = (components.percentEncodedQuery ?? "").split(separator: "&").map { pair -> (String, String) in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ part: Substring) -> String {
                PercentEncoding.decode(part.replacing("+", with: " ")) ?? String(part)
            }
            return (decoded(parts[0]), parts.count > 1 ? decoded(parts[1]) : "")
        }
        let signed: [(String, String)] = oauth.filter { $0.name != "oauth_signature" && $0.name != "realm" }.map { ($0.name, $0.value) }
        let encoded: [(name: String, value: String)] = (query + signed).map { (encode($0.0), encode($0.1)) }
        let pairs = encoded.sorted { lhs, rhs in lhs.name == rhs.name ? lhs.value < rhs.value : lhs.name < rhs.name }
        let normalized = pairs.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        let scheme = (components.scheme ?? "https").lowercased()
        let host = (components.host ?? "").lowercased()
        let defaultPort = scheme == "https" ? 443 : 80
        let port = components.port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
        components.query = nil
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let baseURI = "\(scheme)://\(host)\(port)\(path)"
        return [method.uppercased(), encode(baseURI), encode(normalized)].joined(separator: "&")
    }

    /// §3.4.2: base64 of HMAC-SHA1 keyed with `consumerSecret&tokenSecret`.
    package static func hmacSHA1(baseString: String, consumerSecret: String, tokenSecret: String) -> String {
        let key = Array("\(encode(consumerSecret))&\(encode(tokenSecret))".utf8)
        let message = Array(baseString.utf8)
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = HMAC(EVP_sha1(), key, Int32(key.count), message, message.count, &digest, &length)
        return Data(digest.prefix(Int(length))).base64EncodedString()
    }

    /// A complete `OAuth …` header value for a GET of `url`, signed with HMAC-SHA1.
    package static func header(
        url: URL, consumerKey: String, consumerSecret: String, token: String, tokenSecret: String,
        nonce: String, timestamp: Int
    ) -> String {
        var parameters: [(name: String, value: String)] = [
            ("oauth_consumer_key", consumerKey), ("oauth_nonce", nonce), ("oauth_signature_method", "HMAC-SHA1"),
            ("oauth_timestamp", String(timestamp)), ("oauth_token", token), ("oauth_version", "1.0"),
        ]
        let base = baseString(method: "GET", url: url, oauth: parameters)
        parameters.append(("oauth_signature", hmacSHA1(baseString: base, consumerSecret: consumerSecret, tokenSecret: tokenSecret)))
        return "OAuth " + parameters.map { "\(encode($0.name))=\"\(encode($0.value))\"" }.joined(separator: ", ")
    }
}
