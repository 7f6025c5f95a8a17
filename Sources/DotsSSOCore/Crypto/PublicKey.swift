import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// A public key built from JWK parameters, owning its `EVP_PKEY` (freed in `deinit`).
package final class PublicKey: @unchecked Sendable {
    // @unchecked: immutable after init; OpenSSL verification only reads the key.
    let pkey: OpaquePointer
    package let type: JWKKeyType

    init(owning pkey: OpaquePointer, type: JWKKeyType) {
        self.pkey = pkey
        self.type = type
    }

    deinit { EVP_PKEY_free(pkey) }

    /// An RSA public key from the big-endian modulus and exponent (JWK `n`, `e`).
    package static func rsa(modulus: Data, exponent: Data) throws -> PublicKey {
        let key = modulus.withUnsafeBytes { n in
            exponent.withUnsafeBytes { e in
                dots_rsa_public_key(
                    n.bindMemory(to: UInt8.self).baseAddress, modulus.count, e.bindMemory(to: UInt8.self).baseAddress, exponent.count)
            }
        }
        guard let key else { throw CryptoError.drain("importing an RSA public key") }
        return PublicKey(owning: key, type: .rsa)
    }

    /// A P-256 public key from the affine coordinates (JWK `x`, `y`, 32 bytes each).
    package static func p256(x: Data, y: Data) throws -> PublicKey { try ec(.p256, x: x, y: y) }

    /// An EC public key on `curve` from the affine coordinates (JWK `x`, `y`, each the curve's coordinate size).
    package static func ec(_ curve: JWKKeyType.ECCurve, x: Data, y: Data) throws -> PublicKey {
        let size = curve.coordinateSize
        guard x.count == size, y.count == size else {
            throw CryptoError.openSSL(operation: "\(curve.rawValue) key", detail: "coordinates must be \(size) bytes each")
        }
        let point = Data([0x04]) + x + y
        let key = point.withUnsafeBytes { dots_ec_public_key(curve.groupName, $0.bindMemory(to: UInt8.self).baseAddress, point.count) }
        guard let key else { throw CryptoError.drain("importing a \(curve.rawValue) public key") }
        return PublicKey(owning: key, type: .ec(curve))
    }

    /// An Ed25519 public key (JWK `kty` OKP, `crv` Ed25519, `x` of 32 bytes; RFC 8037).
    package static func ed25519(x: Data) throws -> PublicKey {
        guard x.count == 32 else { throw CryptoError.openSSL(operation: "Ed25519 key", detail: "x must be 32 bytes") }
        let key = x.withUnsafeBytes {
            EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, $0.bindMemory(to: UInt8.self).baseAddress, x.count)
        }
        guard let key else { throw CryptoError.drain("importing an Ed25519 public key") }
        return PublicKey(owning: key, type: .ed25519)
    }

    /// Verifies a JWS signature made with `algorithm`: RSA PKCS#1 v1.5 or PSS as it is, ECDSA as raw r‖s (converted
    /// to DER for OpenSSL), Ed25519 over the message itself. A key of another kind never verifies.
    package func verify(signature: Data, message: Data, algorithm: JWSAlgorithm) -> Bool {
        guard algorithm.keyType == type else { return false }
        var der = signature
        if case .ec(let curve) = type {
            guard let converted = ECDSASignature.der(fromRaw: signature, coordinateSize: curve.coordinateSize) else { return false }
            der = converted
        }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        defer { ERR_clear_error() }
        var keyContext: OpaquePointer?
        guard EVP_DigestVerifyInit(context, &keyContext, algorithm.digest, nil, pkey) == 1 else { return false }
        if algorithm.usesPSS {
            guard EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) == 1,
                EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, RSA_PSS_SALTLEN_DIGEST) == 1
            else { return false }
        }
        let result = der.withUnsafeBytes { signatureBytes in
            message.withUnsafeBytes { messageBytes in
                EVP_DigestVerify(
                    context,
                    signatureBytes.bindMemory(to: UInt8.self).baseAddress, der.count,
                    messageBytes.bindMemory(to: UInt8.self).baseAddress, message.count)
            }
        }
        return result == 1
    }
}

/// Conversions between JWS's raw `r‖s` ECDSA signatures and the DER `ECDSA-Sig-Value` OpenSSL uses.
enum ECDSASignature {
    static func der(fromRaw raw: Data, coordinateSize: Int) -> Data? {
        guard raw.count == coordinateSize * 2, let signature = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(signature) }
        let r = raw.prefix(coordinateSize).withUnsafeBytes {
            BN_bin2bn($0.bindMemory(to: UInt8.self).baseAddress, Int32(coordinateSize), nil)
        }
        let s = raw.suffix(coordinateSize).withUnsafeBytes {
            BN_bin2bn($0.bindMemory(to: UInt8.self).baseAddress, Int32(coordinateSize), nil)
        }
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
                output.withUnsafeMutableBufferPointer({ BN_bn2binpad(s, $0.baseAddress! + coordinateSize, Int32(coordinateSize)) })
                    == coordinateSize
            else { return nil }
            return Data(output)
        }
    }
}
