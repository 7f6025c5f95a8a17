import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// The JWS algorithms (RFC 7518 §3, RFC 8037) dots-sso verifies id_tokens with: each names the kind of key that can
/// make it, its digest and, for RSA, its padding. `none` and the HS* family are not here on purpose: an unsigned
/// token proves nothing, and a MAC keyed with the client secret cannot show the provider made it.
package enum JWSAlgorithm: String, Sendable, Codable, CaseIterable {
    case rs256 = "RS256"
    case rs384 = "RS384"
    case rs512 = "RS512"
    case ps256 = "PS256"
    case ps384 = "PS384"
    case ps512 = "PS512"
    case es256 = "ES256"
    case es384 = "ES384"
    case es512 = "ES512"
    /// Ed25519 (RFC 8037); Ed448 keys are skipped.
    case edDSA = "EdDSA"

    /// The algorithms the sandbox and other signers of ours make (`SigningKey`).
    package static let signable: [JWSAlgorithm] = [.rs256, .es256]

    /// For messages: "RS256, RS384, …, EdDSA".
    package static var acceptedList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The key a signature of this algorithm is made with.
    package var keyType: JWKKeyType {
        switch self {
        case .rs256, .rs384, .rs512, .ps256, .ps384, .ps512: .rsa
        case .es256: .ec(.p256)
        case .es384: .ec(.p384)
        case .es512: .ec(.p521)
        case .edDSA: .ed25519
        }
    }

    /// RSASSA-PSS (salt as long as the digest, MGF1 with the same digest, RFC 7518 §3.5) rather than PKCS#1 v1.5.
    var usesPSS: Bool { [.ps256, .ps384, .ps512].contains(self) }

    /// The digest signed, or nil for EdDSA, which hashes inside the signature scheme.
    var digest: OpaquePointer? {
        switch self {
        case .rs256, .ps256, .es256: EVP_sha256()
        case .rs384, .ps384, .es384: EVP_sha384()
        case .rs512, .ps512, .es512: EVP_sha512()
        case .edDSA: nil
        }
    }
}

/// The kinds of public key a JWKS may hold that dots-sso can verify with.
package enum JWKKeyType: Hashable, Sendable {
    case rsa
    case ec(ECCurve)
    case ed25519

    package enum ECCurve: String, Hashable, Sendable, CaseIterable {
        case p256 = "P-256"
        case p384 = "P-384"
        case p521 = "P-521"

        /// The length of one coordinate, and of r and s in a JWS signature (RFC 7518 §3.4).
        var coordinateSize: Int {
            switch self {
            case .p256: 32
            case .p384: 48
            case .p521: 66
            }
        }

        /// OpenSSL's name for the group.
        var groupName: String {
            switch self {
            case .p256: "prime256v1"
            case .p384: "secp384r1"
            case .p521: "secp521r1"
            }
        }
    }
}
