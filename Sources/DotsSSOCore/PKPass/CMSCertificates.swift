import COpenSSL
import DotsSSOBasics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A pass signature bundles the signer and its intermediate, and OpenSSL 3.0 spends most of a signature's
/// parse decoding their public keys. A partner signs every pass with the same two certificates, so this
/// splits the certificate set out of the DER, parses each distinct certificate once per run, and hands the
/// rest of the CMS (which the signature does not cover) to OpenSSL without it.
enum CMSCertificateSplit {
    /// A signature taken apart: the CMS without its certificates, each certificate's DER, and the SignedData's
    /// elements as read (for `CMSSignerInfo`, so the signature is walked once).
    struct Split {
        let stripped: [UInt8]
        let certificates: [ArraySlice<UInt8>]
        let signedData: [DER.Element]
    }

    /// ContentInfo { signedData OID, [0] { SignedData { version, digests, content, [0] certificates, … } } }
    /// → the same without `[0] certificates`, and each certificate's DER. nil when the shape is not that.
    static func split(_ der: [UInt8]) -> Split? {
        guard let content = signedDataParts(der), let certificateSet = content.parts.first(where: { $0.tag == 0xA0 }),
            let certificates = DER.children(der, of: certificateSet), certificates.allSatisfy({ $0.tag == 0x30 })
        else { return nil }
        var signedBody: [UInt8] = []
        for part in content.parts where part.start != certificateSet.start { signedBody += part.bytes(of: der) }
        let signedData = DER.header(0x30, length: signedBody.count) + signedBody
        let explicit = DER.header(0xA0, length: signedData.count) + signedData
        let body = Array(content.contentType.bytes(of: der)) + explicit
        return Split(
            stripped: DER.header(0x30, length: body.count) + body, certificates: certificates.map { $0.bytes(of: der) },
            signedData: content.parts)
    }

    /// The ContentInfo's content type and the elements of the SignedData inside it, when the DER is a ContentInfo of
    /// type signedData; nil otherwise.
    static func signedDataParts(_ der: [UInt8]) -> (contentType: DER.Element, parts: [DER.Element])? {
        guard let info = DER.element(der, at: 0, limit: der.count), info.tag == 0x30, info.end == der.count,
            let infoParts = DER.children(der, of: info), infoParts.count == 2, infoParts[0].tag == 0x06,
            infoParts[0].contents(of: der).elementsEqual(CMSObjects.signedData), infoParts[1].tag == 0xA0,
            let wrapped = DER.children(der, of: infoParts[1]), wrapped.count == 1, wrapped[0].tag == 0x30,
            let parts = DER.children(der, of: wrapped[0])
        else { return nil }
        return (infoParts[0], parts)
    }
}

/// Certificates parsed once per run, by their DER. Each `PooledCertificate` owns its `X509`; callers take their own
/// reference (`X509_up_ref`) when they keep one in a stack.
package final class CertificatePool: @unchecked Sendable {
    // @unchecked: `parsed` is guarded by `lock`.
    private let lock = Lock()
    private var parsed: [DERKey: PooledCertificate] = [:]

    package init() {}

    /// How many distinct certificates were parsed (what the pool saved is every repeat of them).
    package var count: Int { lock.withLock { parsed.count } }

    func certificate(_ der: ArraySlice<UInt8>) -> PooledCertificate? {
        let key = DERKey(der)
        if let known = lock.withLock({ parsed[key] }) { return known }
        let certificate: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var pointer = buffer.baseAddress
            return d2i_X509(nil, &pointer, buffer.count)
        }
        guard let certificate else {
            ERR_clear_error()
            return nil
        }
        let pooled = PooledCertificate(owning: certificate, der: der)
        return lock.withLock {
            if let raced = parsed[key] { return raced }
            parsed[key] = pooled
            return pooled
        }
    }

    /// A certificate's DER as a dictionary key, hashed before the lock is taken: a slice hashed as a collection goes
    /// byte by byte, and every pass looks up its two certificates (1.5 KB each) under the lock the other threads wait
    /// on. The hash reads the length and the last 32 bytes, which lie in the issuer's signature, so two certificates
    /// almost never share them; equality compares every byte.
    struct DERKey: Hashable {
        let der: ArraySlice<UInt8>
        let hash: Int

        init(_ der: ArraySlice<UInt8>) {
            self.der = der
            var hasher = Hasher()
            hasher.combine(der.count)
            der.suffix(32).withUnsafeBytes { hasher.combine(bytes: $0) }
            hash = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (left: DERKey, right: DERKey) -> Bool {
            guard left.hash == right.hash, left.der.count == right.der.count else { return false }
            return left.der.withUnsafeBytes { a in
                right.der.withUnsafeBytes { b in
                    guard let first = a.baseAddress, let second = b.baseAddress else { return true }  // both empty
                    return memcmp(first, second, a.count) == 0
                }
            }
        }
    }

    /// A new stack holding (its own references to) the certificates, or nil when any does not parse.
    func stack(_ ders: [ArraySlice<UInt8>]) -> PooledStack? {
        guard let stack = X509Stack(owning: dots_sk_X509_new_null()) else { return nil }
        var certificates: [PooledCertificate] = []
        for der in ders {
            guard let certificate = certificate(der), X509_up_ref(certificate.x509) == 1 else { return nil }
            if dots_sk_X509_push(stack.raw, certificate.x509) <= 0 {
                X509_free(certificate.x509)
                return nil
            }
            certificates.append(certificate)
        }
        return PooledStack(stack: stack, certificates: certificates)
    }
}

/// A signature's bundled certificates from the pool: OpenSSL's stack of them, and the same in order as pooled.
struct PooledStack {
    let stack: X509Stack
    let certificates: [PooledCertificate]
}

/// A certificate of the pool, with what every pass signed by it needs read once: how a report names it, and the
/// issuer and serial number a signer info identifies it by. Owns its `X509` (freed in `deinit`).
final class PooledCertificate: @unchecked Sendable {
    // @unchecked: `x509` is only read (and up-ref'd) by OpenSSL once made; the other properties are constants.
    let x509: OpaquePointer
    let info: CertificateInfo
    /// The issuer Name and the serial INTEGER, each as DER with its header; nil when the DER is not plainly read.
    let issuer: ArraySlice<UInt8>?
    let serial: ArraySlice<UInt8>?
    /// The pass type identifier Apple writes into a pass certificate's own extension, read once rather than a pass.
    let passTypeExtension: String?
    /// Contexts that verify a signature by this certificate's RSA (PKCS #1 v1.5) or EC key over a SHA-1 or SHA-256
    /// digest, made once: a pass's signature is checked on a copy of one (`CMSSignerInfo.verifies`), where setting up
    /// a context for every pass fetched OpenSSL's signature implementation again, under a lock both threads share.
    /// Nil for other keys, or when OpenSSL would not make one. Only read (copied) once made.
    private let sha1Verifier, sha256Verifier: OpaquePointer?

    init(owning x509: OpaquePointer, der: ArraySlice<UInt8>) {
        self.x509 = x509
        info = CertificateInfo(x509)
        passTypeExtension = PassSignature.extensionText(x509, oid: PassSignature.passTypeExtensionOID)
        sha1Verifier = Self.verifier(x509, DigestAlgorithm.sha1)
        sha256Verifier = Self.verifier(x509, DigestAlgorithm.sha256)
        // Certificate { TBSCertificate { [0] version OPTIONAL, serialNumber, signature, issuer, … }, … }
        let bytes = Array(der)
        if let certificate = DER.element(bytes, at: 0, limit: bytes.count),
            let tbs = DER.children(bytes, of: certificate)?.first, tbs.tag == 0x30,
            var fields = DER.children(bytes, of: tbs)
        {
            if fields.first?.tag == 0xA0 { fields.removeFirst() }
            if fields.count >= 3, fields[0].tag == 0x02, fields[2].tag == 0x30 {
                let base = der.startIndex
                serial = der[(base + fields[0].start)..<(base + fields[0].end)]
                issuer = der[(base + fields[2].start)..<(base + fields[2].end)]
                return
            }
        }
        serial = nil
        issuer = nil
    }

    deinit {
        X509_free(x509)
        EVP_PKEY_CTX_free(sha1Verifier)
        EVP_PKEY_CTX_free(sha256Verifier)
    }

    /// The context made for `digest` (see `sha1Verifier`).
    func verifier(for digest: DigestAlgorithm) -> OpaquePointer? {
        switch digest {
        case .sha1: sha1Verifier
        case .sha256: sha256Verifier
        }
    }

    private static func verifier(_ x509: OpaquePointer, _ digest: DigestAlgorithm) -> OpaquePointer? {
        defer { ERR_clear_error() }
        guard let key = X509_get0_pubkey(x509), [EVP_PKEY_RSA, EVP_PKEY_EC].contains(EVP_PKEY_get_base_id(key)),
            let context = EVP_PKEY_CTX_new(key, nil)
        else { return nil }
        let ready =
            EVP_PKEY_verify_init(context) == 1
            && (EVP_PKEY_get_base_id(key) != EVP_PKEY_RSA || EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_PADDING) == 1)
            && EVP_PKEY_CTX_set_signature_md(context, digest.evp) == 1
        if !ready { EVP_PKEY_CTX_free(context) }
        return ready ? context : nil
    }
}
