import DotsSSOBasics

/// The codes `check`'s tls check reports for each https host a channel names.
package enum TLSFindings {
    static let version = FindingCode(
        "tls.version", .error, source: "seed 000 (TLS 1.2 or newer); RFC 8996",
        """
        The host speaks only TLS 1.1 or older (deprecated by RFC 8996). The app connects with TLS 1.2 or newer, so \
        it cannot reach this host at all. Enable TLS 1.2 and 1.3.
        """)
    static let certificateExpired = FindingCode(
        "tls.certificate.expired", .error, source: "RFC 5280 §4.1.2.5",
        """
        The host's certificate has expired (or is not valid yet). Every connection from the app fails until it is \
        renewed.
        """)
    static let certificateHostname = FindingCode(
        "tls.certificate.hostname", .error, source: "RFC 6125 §6",
        """
        The host's certificate does not name the host. The app refuses the connection; serve a certificate whose \
        subject alternative names include this host.
        """)
    static let certificateUntrusted = FindingCode(
        "tls.certificate.untrusted", .error, source: "RFC 5280 §6",
        """
        The host's certificate does not chain to a root the system trusts: self-signed, a private CA, or an \
        intermediate the server does not send. Serve the full chain from a public CA.
        """)
    static let handshake = FindingCode(
        "tls.handshake", .error, source: "RFC 8446; RFC 5246",
        """
        The TLS handshake failed for another reason (no shared cipher, a reset connection, a protocol error); the \
        finding quotes what OpenSSL said.
        """)
    static let certificateUnread = FindingCode(
        "tls.certificate.unread", .warning, source: "RFC 5280",
        """
        The handshake completed but the host's certificate could not be read, so its dates were not checked.
        """)
    static let certificateExpiring = FindingCode(
        "tls.certificate.expiring", .warning, source: "dots-sso (30 days' notice)",
        """
        The host's certificate expires within 30 days. Renew it before it lapses and locks members out.
        """)
    static let ok = FindingCode(
        "tls.ok", .info, source: "seed 000 (TLS 1.2 or newer)",
        """
        The host negotiated TLS 1.2 or newer with a trusted certificate for its name; the finding says the version, \
        the cipher and how many days the certificate has left.
        """)
    static let loopbackHTTP = FindingCode(
        "tls.loopback-http", .info, source: "RFC 8252 §7.3 (loopback)",
        """
        The host is plain http on loopback, a local test partner. TLS is not checked there; a real partner's hosts \
        are https.
        """)
    static let unreachable = FindingCode(
        "tls.unreachable", .error, source: "seed 000 (TLS 1.2 or newer)",
        """
        The host could not be reached at all (no address, a refused connection, a timeout), so neither TLS nor the \
        certificate could be checked.
        """)

    /// Every code above.
    package static let all: [FindingCode] = [
        version, certificateExpired, certificateHostname, certificateUntrusted, handshake, certificateUnread, certificateExpiring, ok,
        loopbackHTTP, unreachable,
    ]
}
