import DotsSSOBasics
import FoundationEssentials

/// RFC 7638 JWK thumbprints: SHA-256 over the key's required members in lexicographic order, base64url. Anyone who
/// holds the public JWK computes the same value, which is why it names keys (a client key's default `kid`) and binds
/// tokens to them (DPoP's `jkt`, RFC 9449 §6.1).
package enum JWKThumbprint {
    /// The required members of each key type (RFC 7638 §3.2), already in lexicographic order.
    private static let required: [String: [String]] = [
        "EC": ["crv", "kty", "x", "y"], "RSA": ["e", "kty", "n"], "OKP": ["crv", "kty", "x"],
    ]

    /// The thumbprint of a public JWK, or nil when it is not an EC, RSA or OKP key with its required members as strings.
    package static func of(_ jwk: [String: JSONValue]) -> String? {
        guard let type = jwk["kty"]?.stringValue, let names = required[type] else { return nil }
        var members: [String] = []
        for name in names {
            guard let value = jwk[name]?.stringValue, value.unicodeScalars.allSatisfy({ $0.isASCII && $0 != "\"" && $0 != "\\" })
            else { return nil }
            members.append("\"\(name)\":\"\(value)\"")
        }
        let canonical = "{" + members.joined(separator: ",") + "}"
        return (try? DigestAlgorithm.sha256.digest(Data(canonical.utf8))).map(Base64URL.encode)
    }
}
