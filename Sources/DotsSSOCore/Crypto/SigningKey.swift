import COpenSSL
import Foundation

/// A freshly generated P-256 key that signs ES256 JWS (the sandbox partner signs its id_tokens with it).
/// Owns its `EVP_PKEY`, freed in `deinit`.
public final class SigningKey: @unchecked Sendable {
    // @unchecked: immutable after init; each signature gets its own EVP_MD_CTX, the key is only read.
    let pkey: OpaquePointer
    /// The public point's affine coordinates, for the JWK (`x`, `y`).
    public let x: Data
    public let y: Data

    public init() throws {
        guard let key = dots_ec_generate("P-256") else { throw CryptoError.drain("EC key generation") }
        pkey = key
        var coordinates: [Data] = []
        for name in ["qx", "qy"] {
            var number: OpaquePointer?
            guard EVP_PKEY_get_bn_param(key, name, &number) == 1, let number else {
                EVP_PKEY_free(key)
                throw CryptoError.drain("reading the public point")
            }
            var bytes = [UInt8](repeating: 0, count: 32)
            BN_bn2binpad(number, &bytes, 32)
            BN_free(number)
            coordinates.append(Data(bytes))
        }
        x = coordinates[0]
        y = coordinates[1]
    }

    deinit { EVP_PKEY_free(pkey) }

    /// The public half, for verifying what this key signed.
    public func publicKey() throws -> PublicKey {
        try PublicKey.p256(x: x, y: y)
    }

    /// An ES256 signature (raw r‖s, 64 bytes) over `message`.
    public func sign(_ message: Data) throws -> Data {
        guard let context = EVP_MD_CTX_new() else { throw CryptoError.drain("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, pkey) == 1 else { throw CryptoError.drain("EVP_DigestSignInit") }
        var length = 0
        let ok = message.withUnsafeBytes { bytes -> Bool in
            let base = bytes.bindMemory(to: UInt8.self).baseAddress
            guard EVP_DigestSign(context, nil, &length, base, message.count) == 1 else { return false }
            return true
        }
        guard ok else { throw CryptoError.drain("EVP_DigestSign") }
        var der = [UInt8](repeating: 0, count: length)
        let signed = message.withUnsafeBytes { bytes in
            EVP_DigestSign(context, &der, &length, bytes.bindMemory(to: UInt8.self).baseAddress, message.count)
        }
        guard signed == 1, let raw = ECDSASignature.raw(fromDER: Data(der.prefix(length)), coordinateSize: 32) else {
            throw CryptoError.drain("EVP_DigestSign")
        }
        return raw
    }
}
