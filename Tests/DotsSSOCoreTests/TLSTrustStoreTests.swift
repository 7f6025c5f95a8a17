import COpenSSL
import DotsSSOBasics
import Foundation
import TestSupport
import Testing

@testable import DotsSSOCore

/// The trust store verified connections share: the system bundle is read only when an issuer is not found otherwise.
@Suite("TLS trust store")
struct TLSTrustStoreTests {
    /// Whether `store` verifies the PEM certificate at `path` (no host name check; that is libcurl's).
    func verifies(_ store: TLSTrustStore, _ path: String) throws -> Bool {
        let pem = try Data(contentsOf: URL(fileURLWithPath: path))
        let certificate = try #require(
            pem.withUnsafeBytes { buffer -> OpaquePointer? in
                let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count))
                defer { BIO_free(bio) }
                return PEM_read_bio_X509(bio, nil, nil, nil)
            })
        defer { X509_free(certificate) }
        let context = try #require(X509_STORE_CTX_new())
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store.raw, certificate, nil) == 1 else { return false }
        let verified = X509_verify_cert(context) == 1
        ERR_clear_error()
        return verified
    }

    @Test("a CA found only in the bundle is loaded when first needed; one in no source is not trusted")
    func lazyBundle() throws {
        let pki = try TestPKI()
        let folder = TemporaryDirectory("bundle")
        let unrelated = try String(contentsOfFile: pki.unrelatedCACertificate, encoding: .utf8)
        let ours = try String(contentsOfFile: pki.caCertificate, encoding: .utf8)
        let bundle = folder.path("ca-certificates.crt")
        try (unrelated + ours).write(toFile: bundle, atomically: true, encoding: .utf8)
        let withoutOurs = folder.path("other.crt")
        try unrelated.write(toFile: withoutOurs, atomically: true, encoding: .utf8)

        let system = try #require(TLSTrustStore(caFile: bundle, caPath: nil, anchors: nil))
        #expect(try verifies(system, pki.serverCertificate), "the issuer is read from the bundle")
        #expect(try verifies(system, pki.serverCertificate), "and stays in the store")
        let other = try #require(TLSTrustStore(caFile: withoutOurs, caPath: nil, anchors: nil))
        #expect(try !verifies(other, pki.serverCertificate))
        // --cacert anchors are trusted with a bundle that is not even readable.
        let anchors = try TrustAnchors(pemFiles: [pki.caCertificate], option: "--cacert")
        let missing = folder.path("missing.crt")
        let anchored = try #require(TLSTrustStore(caFile: missing, caPath: nil, anchors: anchors))
        #expect(try verifies(anchored, pki.serverCertificate))
        let corrupt = folder.path("corrupt.crt")
        try "-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n".write(toFile: corrupt, atomically: true, encoding: .utf8)
        let broken = try #require(TLSTrustStore(caFile: corrupt, caPath: nil, anchors: nil))
        #expect(try !verifies(broken, pki.serverCertificate), "a corrupt bundle trusts nothing, and does not crash")
    }
}
