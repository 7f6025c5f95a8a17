import COpenSSL
import Foundation

/// The JWS algorithms dots-sso verifies (and the sandbox signs with): RS256 and ES256.
public enum JWSAlgorithm: String, Sendable, Codable, CaseIterable {
    case rs256 = "RS256"
    case es256 = "ES256"
}

/// A public key built from JWK parameters, owning its `EVP_PKEY` (freed in `deinit`).
public final class PublicKey: @unchecked Sendable {
    // @unchecked: immutable after init; OpenSSL verification only reads the key.
    let pkey: OpaquePointer
    public let algorithmFamily: String

    init(owning pkey: OpaquePointer, family: String) {
        self.pkey = pkey
        algorithmFamily = family
    }

    deinit { EVP_PKEY_free(pkey) }

    /// An RSA public key from the big-endian modulus and exponent (JWK `n`, `e`).
    public static func rsa(modulus: Data, exponent: Data) throws -> PublicKey {
        let key = modulus.withUnsafeBytes { n in
            exponent.withUnsafeBytes { e in
                dots_rsa_public_key(n.bindMemory(to: UInt8.self).baseAddress, modulus.count, e.bindMemory(to: UInt8.self).baseAddress, exponent.count)
            }
        }
        guard let key else { throw CryptoError.drain("importing an RSA public key") }
        return PublicKey(owning: key, family: "RSA")
    }

    /// A P-256 public key from the affine coordinates (JWK `x`, `y`, 32 bytes each).
    public static func p256(x: Data, y: Data) throws -> PublicKey {
        guard x.count == 32, y.count == 32 else { throw CryptoError.openSSL(operation: "P-256 key", detail: "coordinates must be 32 bytes each") }
        let point = Data([0x04]) + x + y
        let key = point.withUnsafeBytes { dots_ec_public_key("prime256v1", $0.bindMemory(to: UInt8.self).baseAddress, point.count) }
        guard let key else { throw CryptoError.drain("importing a P-256 public key") }
        return PublicKey(owning: key, family: "EC")
    }

    /// Verifies a JWS signature (`RS256`: PKCS#1 v1.5; `ES256`: raw r‖s, converted to DER for OpenSSL).
    public func verify(signature: Data, message: Data, algorithm: JWSAlgorithm) -> Bool {
        let expectedFamily = algorithm == .rs256 ? "RSA" : "EC"
        guard expectedFamily == algorithmFamily else { return false }
        let der: Data
        switch algorithm {
        case .rs256: der = signature
        case .es256:
            guard let converted = ECDSASignature.der(fromRaw: signature, coordinateSize: 32) else { return false }
            der = converted
        }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, pkey) == 1 else {
            ERR_clear_error()
            return false
        }
        let result = der.withUnsafeBytes { signatureBytes in
            message.withUnsafeBytes { messageBytes in
                EVP_DigestVerify(context,
                                 signatureBytes.bindMemory(to: UInt8.self).baseAddress, der.count,
                                 messageBytes.bindMemory(to: UInt8.self).baseAddress, message.count)
            }
        }
        ERR_clear_error()
        return result == 1
    }
}

/// Conversions between JWS's raw `r‖s` ECDSA signatures and the DER `ECDSA-Sig-Value` OpenSSL uses.
enum ECDSASignature {
    static func der(fromRaw raw: Data, coordinateSize: Int) -> Data? {
        guard raw.count == coordinateSize * 2, let signature = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(signature) }
        let r = raw.prefix(coordinateSize).withUnsafeBytes { BN_bin2bn($0.bindMemory(to: UInt8.self).baseAddress, Int32(coordinateSize), nil) }
        let s = raw.suffix(coordinateSize).withUnsafeBytes { BN_bin2bn($0.bindMemory(to: UInt8.self).baseAddress, Int32(coordinateSize), nil) }
        // ECDSA_SIG_set0 takes ownership only when it succeeds; until then both numbers are ours to free.
        guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            return nil
        }
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_ECDSA_SIG(signature, &output)
        guard length > 0, let output else { return nil }
        defer { CRYPTO_free(output, #fileID, #line) }
        return Data(bytes: output, count: Int(length))
    }

    static func raw(fromDER der: Data, coordinateSize: Int) -> Data? {
        der.withUnsafeBytes { buffer -> Data? in
            var pointer: UnsafePointer<UInt8>? = buffer.bindMemory(to: UInt8.self).baseAddress
            guard let signature = d2i_ECDSA_SIG(nil, &pointer, buffer.count) else { return nil }
            defer { ECDSA_SIG_free(signature) }
            var r: OpaquePointer?
            var s: OpaquePointer?
            ECDSA_SIG_get0(signature, &r, &s)
            var output = [UInt8](repeating: 0, count: coordinateSize * 2)
            guard BN_bn2binpad(r, &output, Int32(coordinateSize)) == coordinateSize,
                  output.withUnsafeMutableBufferPointer({ BN_bn2binpad(s, $0.baseAddress! + coordinateSize, Int32(coordinateSize)) }) == coordinateSize
            else { return nil }
            return Data(output)
        }
    }
}
