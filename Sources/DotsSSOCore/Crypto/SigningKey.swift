import COpenSSL
import Foundation

/// A freshly generated key that signs JWS: P-256 for ES256, or RSA for RS256 (the sandbox partner signs its
/// id_tokens with them). Owns its `EVP_PKEY`, freed in `deinit`.
public final class SigningKey: @unchecked Sendable {
    // @unchecked: immutable after init; each signature gets its own EVP_MD_CTX, the key is only read.
    let pkey: OpaquePointer
    /// RS256 or ES256, the two `JWSAlgorithm.signable`.
    public let algorithm: JWSAlgorithm
    /// The public point's affine coordinates, for the JWK (`x`, `y`); empty for an RSA key.
    public let x: Data
    public let y: Data
    /// The RSA modulus and exponent, for the JWK (`n`, `e`); empty for an EC key.
    public let modulus: Data
    public let exponent: Data

    /// An RSA key of `bits` bits that signs RS256 (OpenSSL's `EVP_RSA_gen`, exponent 65537).
    public init(rsaBits bits: Int) throws {
        guard let key = dots_rsa_generate(UInt32(clamping: bits)) else { throw CryptoError.drain("RSA key generation") }
        pkey = key
        algorithm = .rs256
        var numbers: [Data] = []
        for name in ["n", "e"] {
            var number: OpaquePointer?
            guard EVP_PKEY_get_bn_param(key, name, &number) == 1, let number else {
                EVP_PKEY_free(key)
                throw CryptoError.drain("reading the RSA public numbers")
            }
            var bytes = [UInt8](repeating: 0, count: Int((BN_num_bits(number) + 7) / 8))
            BN_bn2bin(number, &bytes)
            BN_free(number)
            numbers.append(Data(bytes))
        }
        modulus = numbers[0]
        exponent = numbers[1]
        x = Data()
        y = Data()
    }

    /// The public key as JWK members (`kty` and its numbers), for a JWKS: the caller adds `kid`, `use` and `alg`.
    public var publicJWK: [String: JSONValue] {
        algorithm == .rs256
            ? ["kty": .string("RSA"), "n": .string(Base64URL.encode(modulus)), "e": .string(Base64URL.encode(exponent))]
            : ["kty": .string("EC"), "crv": .string("P-256"), "x": .string(Base64URL.encode(x)), "y": .string(Base64URL.encode(y))]
    }

    /// A P-256 key that signs ES256.
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
        algorithm = .es256
        modulus = Data()
        exponent = Data()
    }

    deinit { EVP_PKEY_free(pkey) }

    /// The public half, for verifying what this key signed.
    public func publicKey() throws -> PublicKey {
        algorithm == .rs256 ? try PublicKey.rsa(modulus: modulus, exponent: exponent) : try PublicKey.p256(x: x, y: y)
    }

    /// A signature over `message` as JWS carries it: RS256 PKCS#1 v1.5 as it is, ES256 as raw r‖s (64 bytes).
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
        guard signed == 1 else { throw CryptoError.drain("EVP_DigestSign") }
        if algorithm == .rs256 { return Data(der.prefix(length)) }
        guard let raw = ECDSASignature.raw(fromDER: Data(der.prefix(length)), coordinateSize: 32) else {
            throw CryptoError.drain("EVP_DigestSign")
        }
        return raw
    }
}
