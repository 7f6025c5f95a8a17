import COpenSSL
import DotsSSOBasics

/// Owns an OpenSSL `X509_STORE` (freed in `deinit`): the trust anchors one chain verification uses.
final class X509Store {
    let raw: OpaquePointer

    /// A store holding `certificates` (the store takes its own reference to each).
    init?(certificates: [OpaquePointer]) {
        guard let store = X509_STORE_new() else { return nil }
        raw = store
        // An already-present certificate is not an error worth failing verification for.
        for certificate in certificates where X509_STORE_add_cert(store, certificate) != 1 { ERR_clear_error() }
    }

    deinit { X509_STORE_free(raw) }
}
