import DotsSSOBasics
import FoundationEssentials

/// Unpadded base64url (RFC 4648 §5), as used by PKCE, JWTs and JWKs.
package enum Base64URL {
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacing("+", with: "-")
            .replacing("/", with: "_")
            .replacing("=", with: "")
    }

    package static func decode(_ text: String) throws -> Data {
        guard !text.contains(where: { "+/=".contains($0) }) else { throw CryptoError.invalidBase64URL }
        var base64 = text.replacing("-", with: "+").replacing("_", with: "/")
        let remainder = base64.count % 4
        if remainder == 1 { throw CryptoError.invalidBase64URL }
        if remainder > 0 { base64 += String(repeating: "=", count: 4 - remainder) }
        guard let data = Data(base64Encoded: base64) else { throw CryptoError.invalidBase64URL }
        return data
    }
}
