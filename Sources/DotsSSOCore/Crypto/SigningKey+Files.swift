import DotsSSOBasics
import FoundationEssentials

extension SigningKey {
    /// The most a private key file may hold: a 16384-bit RSA key in PEM is under 13 KB.
    package static let maxFileBytes = 64 * 1024

    /// A private key from a PEM file (`-` is stdin): a client's `private_key_jwt` key or its TLS certificate's key. A
    /// file that is too big, no key, or a key too weak is the file's one-line input error, never echoing any of it.
    package static func read(file: String) throws -> SigningKey {
        switch try InputFile.read(file, limit: maxFileBytes) {
        case .contents(let pem):
            do {
                return try SigningKey(pem: pem)
            } catch CryptoError.openSSL(_, let detail) {
                throw InputError.malformed(source: InputFile.displayName(file), reason: detail)
            }
        case .tooLarge:
            throw InputError.malformed(
                source: InputFile.displayName(file), reason: "a private key file is under \(maxFileBytes / 1024) KiB")
        }
    }

    /// The public key as a provider registers it: the JWK with `kid` (its RFC 7638 thumbprint, the kid assertions
    /// name by default), `use` and `alg`.
    package func registrationJWK() throws -> [String: JSONValue] {
        var jwk = publicJWK
        jwk["kid"] = .string(try thumbprint())
        jwk["use"] = .string("sig")
        jwk["alg"] = .string(algorithm.rawValue)
        return jwk
    }
}
