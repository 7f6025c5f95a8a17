import DotsSSOBasics
import FoundationEssentials

/// A compact JWS (header.payload.signature) decoded but not yet trusted.
package struct JWT: Sendable {
    package let header: [String: JSONValue]
    package let claims: [String: JSONValue]
    /// `base64url(header).base64url(payload)`, the bytes the signature covers.
    package let signingInput: Data
    package let signature: Data

    package init(_ compact: String) throws {
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw OAuthError.malformedToken("a JWT has three dot-separated parts, this has \(parts.count)") }
        func object(_ part: Substring, _ name: String) throws -> [String: JSONValue] {
            guard let data = try? Base64URL.decode(String(part)),
                case .object(let value)? = try? JSONDecoder().decode(JSONValue.self, from: data)
            else {
                throw OAuthError.malformedToken("the JWT \(name) is not base64url JSON")
            }
            return value
        }
        header = try object(parts[0], "header")
        claims = try object(parts[1], "payload")
        guard let signature = try? Base64URL.decode(String(parts[2])) else {
            throw OAuthError.malformedToken("the JWT signature is not base64url")
        }
        self.signature = signature
        signingInput = Data("\(parts[0]).\(parts[1])".utf8)
    }

    package var algorithm: String? { header["alg"]?.stringValue }
    package var keyID: String? { header["kid"]?.stringValue }

    /// A NumericDate claim (`exp`, `iat`, `nbf`) as a `Date`; nil when absent. A value that is not a number of
    /// seconds between 1970 and 9999 is refused with its value: such a claim is forged or broken, never a time.
    package func date(_ claim: String) throws -> Date? {
        guard let value = claims[claim] else { return nil }
        guard case .number(let seconds) = value, seconds.isFinite, (0...253_402_300_799).contains(seconds) else {
            let shown = if case .number(let seconds) = value { "\(seconds)" } else { value.typeDescription }
            throw OAuthError.invalidIDToken("its \(claim) claim is not a time (\(shown))")
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// `crit` (RFC 7515 §4.1.11): header parameters the recipient must understand. dots-sso understands none of
    /// the extensions, so any listed one refuses the token; a malformed `crit` refuses it too.
    package var criticalParameters: [String]? {
        guard let value = header["crit"] else { return nil }
        return value.stringArray ?? ["(not a list of names)"]
    }

    /// `aud` as a list (it may be a string or an array).
    package var audiences: [String] {
        switch claims["aud"] {
        case .string(let value)?: [value]
        case .array?: claims["aud"]?.stringArray ?? []
        default: []
        }
    }
}
