import COpenSSL
import DotsSSOBasics

/// OpenSSL's verdict on a peer certificate (`X509_V_ERR_*`, as `CURLINFO_SSL_VERIFYRESULT` gives it), as the
/// problem a user fixes: a wrong name, a date, or a chain nobody here trusts.
struct TLSVerdict {
    let problem: HTTPError.TLSProblem

    /// Nil for `X509_V_OK` and `X509_V_ERR_UNSPECIFIED`, which is what a handshake that failed before verification
    /// (a TLS 1.1-only server) or libcurl's own host-name check leaves: the failure was something else.
    init?(_ result: Int) {
        guard let code = Int32(exactly: result), code != X509_V_OK, code != X509_V_ERR_UNSPECIFIED else { return nil }
        switch code {
        case X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH: problem = .hostnameMismatch
        case X509_V_ERR_CERT_HAS_EXPIRED, X509_V_ERR_CERT_NOT_YET_VALID: problem = .expiredCertificate
        default: problem = .untrustedCertificate
        }
    }
}
