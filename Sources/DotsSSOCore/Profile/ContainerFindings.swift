import DotsSSOBasics

/// The codes `containers` reports about the request the app makes for each container of a channel.
package enum ContainerFindings {
    static let loopbackHTTP = FindingCode(
        "containers.url.loopback-http", .warning, source: "seed 000 (TLS 1.2 or newer)",
        """
        A container URL is plain http on loopback. dots-sso allows it for local tests; the app needs https.
        """)
    static let insecure = FindingCode(
        "containers.url.insecure", .error, source: "seed 000 (TLS 1.2 or newer)",
        """
        A container URL is not https. The app loads containers over TLS 1.2 or newer only.
        """)
    static let userSpecific = FindingCode(
        "containers.url.user-specific", .warning, source: "seed 000 (containers)",
        """
        A container URL embeds something of one member (their id, e-mail address or a token). Container URLs are \
        the same for every member; the member is passed by the token and user id the channel configures.
        """)
    static let flagUndocumented = FindingCode(
        "containers.flag.undocumented", .warning, source: "seed 000 (the channel documents each flag)",
        """
        A container depends on a flag the channel's flags do not document. Document it, with its purpose.
        """)
    static let tokenInQuery = FindingCode(
        "containers.token.in-query", .info, source: "RFC 6750 §2.3, §5.3",
        """
        A container receives the partner token in the query string, where it ends up in server logs and browser \
        history. A header is safer.
        """)

    /// Every code above, in the order `containers` reports them.
    package static let all: [FindingCode] = [loopbackHTTP, insecure, userSpecific, flagUndocumented, tokenInQuery]
}
