import DotsSSOBasics

/// The codes `echo verify` reports about an OAuth Echo (Digits) header it verified.
package enum EchoFindings {
    static let timestampSkew = FindingCode(
        "echo.timestamp.skew", .warning, source: "RFC 5849 §3.3 (oauth_timestamp); seed 003 (OAuth Echo)",
        """
        The header's oauth_timestamp is further from now than \(CLIFlag.maxSkew) allows. The provider still accepted it, but \
        a backend should refuse it: it is a replayed header, or the client's clock is off.
        """)

    /// Every code above.
    package static let all: [FindingCode] = [timestampSkew]
}
