import CCurl
import COpenSSL
import DotsSSOBasics
import FoundationEssentials

/// Reads a connection's TLS session from inside curl's prerequest callback — the one moment the connection is up
/// and the request not yet sent — then tells curl to stop. Used only by `CurlHTTPClient.inspectTLS`.
final class TLSProbe {
    let handle: CurlEasyHandle
    private(set) var reached = false
    private(set) var protocolVersion: String?
    private(set) var cipher: String?
    private(set) var certificate: CertificateInfo?

    init(handle: CurlEasyHandle) { self.handle = handle }

    static let read: dots_curl_prereq_callback = { context, _, _, _, _ in
        guard let context else { return Int32(CURL_PREREQFUNC_ABORT) }
        let probe = Unmanaged<TLSProbe>.fromOpaque(context).takeUnretainedValue()
        probe.reached = true
        if let ssl = probe.handle.openSSLSession {
            probe.protocolVersion = SSL_get_version(ssl).map { String(cString: $0) }
            probe.cipher = SSL_get_current_cipher(ssl).flatMap { SSL_CIPHER_get_name($0) }.map { String(cString: $0) }
            if let peer = SSL_get1_peer_certificate(ssl) {
                probe.certificate = CertificateInfo(peer)
                X509_free(peer)
            }
        }
        return Int32(CURL_PREREQFUNC_ABORT)
    }
}
