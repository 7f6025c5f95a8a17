import DotsSSOBasics

/// What `discover` and `check` find when they judge a provider against the FAPI 2.0 Security Profile (the
/// authorization server's side, §5.2-§5.4), for a channel whose `securityProfile` is `fapi2`.
package enum FAPI2Findings {
    static let parMissing = FindingCode(
        "discover.fapi2.par-missing", .error, source: "FAPI 2.0 Security Profile §5.3.2.2; RFC 9126 §5",
        """
        A FAPI 2.0 provider takes authorization requests only pushed (PAR), and its metadata names no \
        pushed_authorization_request_endpoint: every sign-in held to the profile is refused before it starts.
        """)
    static let parOptional = FindingCode(
        "discover.fapi2.par-optional", .warning, source: "FAPI 2.0 Security Profile §5.3.2.2; RFC 9126 §5",
        """
        The provider offers PAR but does not say it requires it (require_pushed_authorization_requests is not \
        true): a FAPI 2.0 provider refuses authorization requests that were not pushed.
        """)
    static let issUnadvertised = FindingCode(
        "discover.fapi2.iss-unadvertised", .error, source: "FAPI 2.0 Security Profile §5.3.2.2; RFC 9207 §3",
        """
        A FAPI 2.0 provider returns iss in every authorization response (RFC 9207) and says so with \
        authorization_response_iss_parameter_supported true; this one does not say so.
        """)
    static let senderConstraintMissing = FindingCode(
        "discover.fapi2.sender-constraint-missing", .error, source: "FAPI 2.0 Security Profile §5.3.2.1; RFC 9449; RFC 8705",
        """
        A FAPI 2.0 provider issues only sender-constrained access tokens, by DPoP (dpop_signing_alg_values_supported) \
        or mTLS (tls_client_certificate_bound_access_tokens true); the metadata offers neither.
        """)
    static let clientAuthentication = FindingCode(
        "discover.fapi2.client-auth", .error, source: "FAPI 2.0 Security Profile §5.3.2.1",
        """
        A FAPI 2.0 provider authenticates clients with private_key_jwt or mTLS (tls_client_auth, \
        self_signed_tls_client_auth) only; the metadata lists another method or none of these.
        """)
    static let algorithm = FindingCode(
        "discover.fapi2.algorithm", .error, source: "FAPI 2.0 Security Profile §5.4.1",
        """
        FAPI 2.0 allows PS256, ES256 and EdDSA (Ed25519) only, for id_tokens, client assertions and DPoP proofs; a \
        list of the provider's names none of them, or names others too (RS256 is what a FAPI 2.0 client refuses).
        """)
    static let grantForbidden = FindingCode(
        "discover.fapi2.grant-forbidden", .error, source: "FAPI 2.0 Security Profile §5.3.2.1, §5.3.2.2",
        """
        A FAPI 2.0 provider rejects the resource owner password and implicit grants and answers only the code \
        response type; the metadata offers one of the others.
        """)

    /// Every code above, in the order `discover` reports them.
    package static let all: [FindingCode] = [
        parMissing, parOptional, issUnadvertised, senderConstraintMissing, clientAuthentication, algorithm, grantForbidden,
    ]
}
