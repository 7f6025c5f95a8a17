import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// A key that signs JWS: RSA for RS256 (or PS256), P-256 for ES256. Generated fresh (the sandbox's id_token keys,
/// `keys generate`) or read from a PEM file (a client's `private_key_jwt` key). Owns its `EVP_PKEY`, freed in `deinit`.
package final class SigningKey: @unchecked Sendable {
    // @unchecked: immutable after init; each signature gets its own EVP_MD_CTX, the key is only read.
    let pkey: OpaquePointer
    /// RS256 or ES256, the two `JWSAlgorithm.signable`: what the key signs unless asked for PS256.
    package let algorithm: JWSAlgorithm
    /// The public point's affine coordinates, for the JWK (`x`, `y`); empty for an RSA key.
    package let x: Data
    package let y: Data
    /// The RSA modulus and exponent, for the JWK (`n`, `e`); empty for an EC key.
    package let modulus: Data
    package let exponent: Data

    /// An RSA key of `bits` bits that signs RS256 (OpenSSL's `EVP_RSA_gen`, exponent 65537).
    package convenience init(rsaBits bits: Int) throws {
        guard let key = dots_rsa_generate(UInt32(clamping: bits)) else { throw CryptoError.drain("RSA key generation") }
        try self.init(owning: key)
    }

    /// A P-256 key that signs ES256.
    package convenience init() throws {
        guard let key = dots_ec_generate("P-256") else { throw CryptoError.drain("EC key generation") }
        try self.init(owning: key)
    }

    /// A private key from PEM (PKCS#8 `PRIVATE KEY`, or `RSA`/`EC PRIVATE KEY`): RSA of at least 2048 bits, or P-256.
    /// An encrypted key is refused (no passphrase is ever asked for), as is any other kind, saying which it is.
    package convenience init(pem: Data) throws {
        guard pem.count < Int(Int32.max) else {
            throw CryptoError.openSSL(operation: "reading the private key", detail: "the file is too large")
        }
        let key = pem.withUnsafeBytes { dots_read_private_key($0.bindMemory(to: UInt8.self).baseAddress, Int32(pem.count)) }
        guard let key else {
            ERR_clear_error()
            let text = String(decoding: pem.prefix(4096), as: UTF8.self)
            let detail =
                text.contains("ENCRYPTED")
                ? "it is encrypted; dots-sso never asks for a passphrase (write a decrypted copy with `openssl pkey -in KEY -out KEY2`, mode 0600)"
                : "it is not a PEM private key (expected -----BEGIN PRIVATE KEY-----)"
            throw CryptoError.openSSL(operation: "reading the private key", detail: detail)
        }
        try self.init(owning: key)
    }

    /// Takes `key` (freed here when it is not a kind we sign with) and reads its public numbers.
    private init(owning key: OpaquePointer) throws {
        do {
            switch EVP_PKEY_get_base_id(key) {
            case EVP_PKEY_RSA:
                let n = try Self.number(key, "n", width: nil)
                let e = try Self.number(key, "e", width: nil)
                guard EVP_PKEY_get_bits(key) >= 2048 else {
                    throw CryptoError.openSSL(
                        operation: "reading the private key",
                        detail: "a \(EVP_PKEY_get_bits(key))-bit RSA key is too short (2048 bits or more)")
                }
                (algorithm, modulus, exponent, x, y) = (.rs256, n, e, Data(), Data())
            case EVP_PKEY_EC:
                var buffer = [CChar](repeating: 0, count: 64)
                var length = 0
                let read = EVP_PKEY_get_utf8_string_param(key, "group", &buffer, buffer.count, &length) == 1
                let group = String(
                    decoding: buffer.prefix(read ? min(length, buffer.count) : 0).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                guard ["prime256v1", "P-256", "secp256r1"].contains(group) else {
                    throw CryptoError.openSSL(
                        operation: "reading the private key",
                        detail: "an EC key on \(group.isEmpty ? "an unknown curve" : group) (dots-sso signs with P-256 only)")
                }
                let qx = try Self.number(key, "qx", width: 32)
                let qy = try Self.number(key, "qy", width: 32)
                (algorithm, modulus, exponent, x, y) = (.es256, Data(), Data(), qx, qy)
            default:
                throw CryptoError.openSSL(operation: "reading the private key", detail: "it is neither an RSA nor an EC key")
            }
        } catch {
            EVP_PKEY_free(key)
            ERR_clear_error()
            throw error
        }
        pkey = key
    }

    /// A big-endian public number of the key, left-padded to `width` bytes when given.
    private static func number(_ key: OpaquePointer, _ name: String, width: Int?) throws -> Data {
        var number: OpaquePointer?
        guard EVP_PKEY_get_bn_param(key, name, &number) == 1, let number else { throw CryptoError.drain("reading the public numbers") }
        defer { BN_free(number) }
        let size = width ?? Int((BN_num_bits(number) + 7) / 8)
        var bytes = [UInt8](repeating: 0, count: size)
        guard BN_bn2binpad(number, &bytes, Int32(size)) == size else { throw CryptoError.drain("reading the public numbers") }
        return Data(bytes)
    }

    /// The public key as JWK members (`kty` and its numbers), for a JWKS: the caller adds `kid`, `use` and `alg`.
    package var publicJWK: [String: JSONValue] {
        algorithm == .rs256
            ? ["kty": .string("RSA"), "n": .string(Base64URL.encode(modulus)), "e": .string(Base64URL.encode(exponent))]
            : ["kty": .string("EC"), "crv": .string("P-256"), "x": .string(Base64URL.encode(x)), "y": .string(Base64URL.encode(y))]
    }

    /// The RFC 7638 thumbprint of the public key: a key id that anyone holding the JWK can compute again.
    package func thumbprint() throws -> String {
        guard let thumbprint = JWKThumbprint.of(publicJWK) else { throw CryptoError.drain("the key's thumbprint") }
        return thumbprint
    }

    /// The private key as PKCS#8 PEM, for a file only its owner may read.
    package func privatePEM() throws -> String {
        try MemoryBIO.text { PEM_write_bio_PrivateKey($0, pkey, nil, nil, 0, nil, nil) == 1 }
    }

    deinit { EVP_PKEY_free(pkey) }

    /// The public half, for verifying what this key signed.
    package func publicKey() throws -> PublicKey {
        algorithm == .rs256 ? try PublicKey.rsa(modulus: modulus, exponent: exponent) : try PublicKey.p256(x: x, y: y)
    }

    /// A compact JWS (RFC 7515 §7.1) of `claims` under `header` plus `alg`, signed with `algorithm` (the key's own, or
    /// PS256 with an RSA key). Members are in sorted order, so the same input always gives the same bytes.
    package func compactJWS(header: [String: JSONValue], claims: [String: JSONValue], algorithm: JWSAlgorithm) throws -> String {
        var header = header
        header["alg"] = .string(algorithm.rawValue)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let signingInput =
            Base64URL.encode(try encoder.encode(JSONValue.object(header))) + "."
            + Base64URL.encode(try encoder.encode(JSONValue.object(claims)))
        return signingInput + "." + Base64URL.encode(try sign(Data(signingInput.utf8), pss: algorithm.usesPSS))
    }

    /// A signature over `message` as JWS carries it: RS256 PKCS#1 v1.5 as it is, ES256 as raw r‖s (64 bytes).
    /// `pss` signs PS256 with an RSA key instead (for a provider that accepts only that).
    package func sign(_ message: Data, pss: Bool = false) throws -> Data {
        guard let context = EVP_MD_CTX_new() else { throw CryptoError.drain("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        var keyContext: OpaquePointer?
        guard EVP_DigestSignInit(context, &keyContext, EVP_sha256(), nil, pkey) == 1 else { throw CryptoError.drain("EVP_DigestSignInit") }
        if pss && algorithm == .rs256 {
            guard EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) == 1,
                EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, RSA_PSS_SALTLEN_DIGEST) == 1
            else { throw CryptoError.drain("PSS padding") }
        }
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
