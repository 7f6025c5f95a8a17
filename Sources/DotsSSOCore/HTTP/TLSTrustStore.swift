import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// What a verified connection trusts — the system's CA bundle and directory (libcurl's own defaults) plus the
/// `--cacert` anchors — made once and shared by every connection of a client. Left to itself, libcurl loads the
/// bundle again for each new connection: ~140 certificates that OpenSSL 3 decodes slowly, about 15 ms of CPU each
/// time and most of the cost of fetching a member's passes over a few parallel connections.
final class TLSTrustStore: @unchecked Sendable {
    // @unchecked: the store is complete before it is shared; OpenSSL locks its own lookups.
    let raw: OpaquePointer

    /// The store libcurl would build for `caFile` and `caPath`, with `anchors` added and libcurl's verification
    /// flags (trusted certificates first; a trusted intermediate or leaf may end a chain). The anchors are in the
    /// store; the hashed directory is read certificate by certificate as issuers are looked for, and the bundle
    /// whole the first time an issuer is found in neither (a `--cacert` server never needs it). Nil when OpenSSL
    /// refuses a part of it: libcurl then loads the bundle itself, as before.
    init?(caFile: String?, caPath: String?, anchors: TrustAnchors?) {
        guard let store = X509_STORE_new() else { return nil }
        raw = store
        if let caPath, FileManager.default.fileExists(atPath: caPath), X509_STORE_load_path(store, caPath) != 1 {
            ERR_clear_error()
            return nil
        }
        if let caFile, FileManager.default.fileExists(atPath: caFile), dots_store_add_lazy_bundle(store, caFile) != 1 {
            return nil
        }
        // An already-present certificate is not an error worth failing verification for.
        for certificate in anchors?.certificates ?? [] where X509_STORE_add_cert(store, certificate) != 1 { ERR_clear_error() }
        X509_STORE_set_flags(store, UInt(X509_V_FLAG_TRUSTED_FIRST | X509_V_FLAG_PARTIAL_CHAIN))
    }

    deinit { X509_STORE_free(raw) }

    /// Makes a connection's `SSL_CTX` verify with this store (called from curl's SSL context callback).
    func install(into sslContext: UnsafeMutableRawPointer) {
        SSL_CTX_set1_cert_store(OpaquePointer(sslContext), raw)
    }
}
