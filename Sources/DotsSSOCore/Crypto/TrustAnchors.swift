import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// CA certificates we trust: extra anchors for TLS (`--cacert`, `DOTS_SSO_CACERT`, added to the system's store)
/// or the anchors a pass signature must chain to (`--trust`, Apple Root CA). Owns its parsed `X509` objects and
/// frees them in `deinit`.
package final class TrustAnchors: @unchecked Sendable {
    // @unchecked: immutable after init; OpenSSL only reads the certificates (X509_STORE_add_cert takes its own reference).
    let certificates: [OpaquePointer]
    package let paths: [String]

    /// Parses every certificate in each PEM file; a missing file or one without a certificate is an error that
    /// names `option`, the flag (or variable) the user gave the file with.
    package convenience init(pemFiles: [String], option: String) throws {
        try self.init(pem: try pemFiles.map { (try Self.pemFile($0, option: option), $0) }, option: option)
    }

    /// A PEM file's bytes, for anchors given with `option`. A CA bundle is a few hundred KiB; pipes (`--cacert <(…)`)
    /// are read like files.
    static func pemFile(_ path: String, option: String) throws -> Data {
        guard case .contents(let data)? = try? InputFile.read(path, limit: 8 * 1_048_576) else {
            throw TrustAnchorError(option: option, path: path, detail: "the file cannot be read, or is larger than 8 MiB")
        }
        return data
    }

    /// Parses every certificate in PEM texts (`name` identifies each in errors).
    package init(pem sources: [(data: Data, name: String)], option: String) throws {
        var parsed: [OpaquePointer] = []
        do {
            for (data, path) in sources {
                let before = parsed.count
                try data.withUnsafeBytes { buffer in
                    guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else {
                        throw TrustAnchorError(option: option, path: path, detail: "out of memory")
                    }
                    defer { BIO_free(bio) }
                    while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) {
                        parsed.append(certificate)
                    }
                    ERR_clear_error()  // the loop ends on an expected "no start line" error
                }
                if parsed.count == before {
                    throw TrustAnchorError(option: option, path: path, detail: "no PEM certificate found in it")
                }
            }
        } catch {
            parsed.forEach { X509_free($0) }
            throw error
        }
        certificates = parsed
        paths = sources.map(\.name)
    }

    deinit { certificates.forEach { X509_free($0) } }

    /// The anchors by name, for messages that say what is trusted.
    package var names: [String] { certificates.map { CertificateInfo($0).displayName } }

    /// A new store holding these anchors.
    func makeStore() -> X509Store? {
        X509Store(certificates: certificates)
    }

    /// Adds the anchors to an `SSL_CTX`'s store (called from curl's SSL context callback).
    func install(into sslContext: UnsafeMutableRawPointer) -> Bool {
        guard let store = dots_ssl_ctx_get_cert_store(sslContext) else { return false }
        for certificate in certificates {
            // An already-present certificate is not an error worth failing the handshake for.
            if X509_STORE_add_cert(store, certificate) != 1 { ERR_clear_error() }
        }
        return true
    }
}
