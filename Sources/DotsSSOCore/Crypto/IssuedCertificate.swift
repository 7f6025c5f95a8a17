import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// A certificate made here, with its P-256 private key: the sandbox's pass-signing hierarchy is issued at
/// start, so no key ever ships in the binary and every run has its own. Owns its `X509` and `EVP_PKEY`.
package final class IssuedCertificate: @unchecked Sendable {
    // @unchecked: immutable after init; OpenSSL only reads the certificate and key when they sign.
    let certificate: OpaquePointer
    let key: OpaquePointer
    /// The certificate in PEM, for `--trust` and for people to read with `openssl x509`.
    package let pem: String

    /// Issues a certificate for `subject` (short names: `CN`, `OU`, `O`, `C`, `UID`), signed by `issuer` (nil:
    /// self-signed), valid from an hour ago for `lifetime` seconds. `extensions` use OpenSSL's configuration
    /// syntax (`basicConstraints` = `critical,CA:TRUE`; an OID = `ASN1:UTF8String:…`).
    package init(
        subject: [(String, String)], extensions: [(String, String)], issuer: IssuedCertificate?,
        serial: Int, lifetime: TimeInterval
    ) throws {
        guard let key = dots_ec_generate("P-256") else { throw CryptoError.drain("EC key generation") }
        guard let certificate = X509_new() else {
            EVP_PKEY_free(key)
            throw CryptoError.drain("X509_new")
        }
        do {
            try Self.fill(
                certificate, key: key, subject: subject, extensions: extensions, issuer: issuer, serial: serial, lifetime: lifetime)
            self.pem = try MemoryBIO.text { PEM_write_bio_X509($0, certificate) == 1 }
        } catch {
            X509_free(certificate)
            EVP_PKEY_free(key)
            throw error
        }
        self.key = key
        self.certificate = certificate
    }

    private static func fill(
        _ certificate: OpaquePointer, key: OpaquePointer, subject: [(String, String)], extensions: [(String, String)],
        issuer: IssuedCertificate?, serial: Int, lifetime: TimeInterval
    ) throws {
        let signerKey = issuer?.key ?? key
        let issuerCertificate = issuer?.certificate ?? certificate
        guard X509_set_version(certificate, 2) == 1,
            ASN1_INTEGER_set(X509_get_serialNumber(certificate), serial) == 1,
            X509_gmtime_adj(X509_getm_notBefore(certificate), -3600) != nil,
            X509_gmtime_adj(X509_getm_notAfter(certificate), Int(lifetime)) != nil,
            X509_set_pubkey(certificate, key) == 1
        else { throw CryptoError.drain("setting certificate fields") }
        let name = X509_get_subject_name(certificate)
        for (field, value) in subject {
            guard X509_NAME_add_entry_by_txt(name, field, MBSTRING_UTF8, value, -1, -1, 0) == 1 else {
                throw CryptoError.drain("subject \(field)")
            }
        }
        guard X509_set_issuer_name(certificate, X509_get_subject_name(issuerCertificate)) == 1 else {
            throw CryptoError.drain("X509_set_issuer_name")
        }
        var context = X509V3_CTX()
        X509V3_set_ctx(&context, issuerCertificate, certificate, nil, nil, 0)
        for (extensionName, value) in extensions {
            guard let made = X509V3_EXT_nconf(nil, &context, extensionName, value) else {
                throw CryptoError.drain("extension \(extensionName)")
            }
            defer { X509_EXTENSION_free(made) }
            guard X509_add_ext(certificate, made, -1) == 1 else { throw CryptoError.drain("X509_add_ext") }
        }
        guard X509_sign(certificate, signerKey, EVP_sha256()) > 0 else { throw CryptoError.drain("X509_sign") }
    }

    deinit {
        X509_free(certificate)
        EVP_PKEY_free(key)
    }

    /// A detached, DER-encoded CMS signature over `content` (binary, with the signing time), carrying this
    /// certificate and `chain` (the intermediates a verifier needs): what Wallet expects in a pass's `signature`.
    package func detachedSignature(_ content: Data, chain: [IssuedCertificate]) throws -> Data {
        guard let stack = X509Stack(owning: dots_sk_X509_new_null()) else { throw CryptoError.drain("sk_X509_new_null") }
        for member in chain {
            X509_up_ref(member.certificate)
            guard dots_sk_X509_push(stack.raw, member.certificate) > 0 else {
                X509_free(member.certificate)
                throw CryptoError.drain("sk_X509_push")
            }
        }
        return try content.withUnsafeBytes { buffer in
            guard let input = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { throw CryptoError.drain("BIO_new_mem_buf") }
            defer { BIO_free(input) }
            guard let cms = CMS_sign(certificate, key, stack.raw, input, UInt32(CMS_DETACHED | CMS_BINARY)) else {
                throw CryptoError.drain("CMS_sign")
            }
            defer { CMS_ContentInfo_free(cms) }
            return try MemoryBIO.bytes { i2d_CMS_bio($0, cms) == 1 }
        }
    }
}

/// What OpenSSL writes into a memory BIO, read back as bytes.
enum MemoryBIO {
    static func bytes(_ write: (OpaquePointer) -> Bool) throws -> Data {
        guard let bio = BIO_new(BIO_s_mem()) else { throw CryptoError.drain("BIO_new") }
        defer { BIO_free(bio) }
        guard write(bio) else { throw CryptoError.drain("writing to memory") }
        var pointer: UnsafeMutablePointer<CChar>?
        let length = dots_bio_get_mem_data(bio, &pointer)
        guard let pointer, length > 0 else { return Data() }
        return Data(bytes: pointer, count: length)
    }

    static func text(_ write: (OpaquePointer) -> Bool) throws -> String {
        String(decoding: try bytes(write), as: UTF8.self)
    }
}
