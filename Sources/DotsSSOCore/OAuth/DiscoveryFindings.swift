import DotsSSOBasics

/// The codes `discover` (and `check`'s discovery check) reports about a provider's metadata and keys.
package enum DiscoveryFindings {
    static let metadataRFC8414 = FindingCode(
        "discover.metadata.rfc8414", .info, source: "RFC 8414 §3; OpenID Connect Discovery 1.0 §4",
        """
        The provider publishes no /.well-known/openid-configuration, only RFC 8414's OAuth authorization server \
        metadata. Sign-in works, but nothing promises an id_token or a userinfo endpoint: the channel needs a \
        profile endpoint of its own.
        """)
    static let issuerMissing = FindingCode(
        "discover.issuer.missing", .error, source: "OpenID Connect Discovery 1.0 §4.3; RFC 8414 §3.3",
        """
        The metadata has no "issuer". Clients compare it with the issuer they asked for and with every id_token's \
        "iss"; without it nothing can be validated. Publish "issuer" exactly as the channel's issuer URL.
        """)
    static let issuerMismatch = FindingCode(
        "discover.issuer.mismatch", .error, source: "OpenID Connect Discovery 1.0 §4.3; RFC 8414 §3.3",
        """
        The metadata's "issuer" is not exactly the URL it was fetched for (a trailing slash counts). The app \
        refuses such metadata, and id_tokens would fail issuer validation. Make the two identical, or set the \
        channel's issuer to what the provider publishes.
        """)
    static let endpointMissing = FindingCode(
        "discover.endpoint.missing", .error, source: "seed 000 (sign-in); RFC 8414 §2",
        """
        The authorization or token endpoint is missing. The app signs members in with the authorization-code flow \
        and needs both.
        """)
    static let endpointInsecure = FindingCode(
        "discover.endpoint.insecure", .error, source: "seed 000 (TLS 1.2 or newer); RFC 8252 §8.3",
        """
        An endpoint is not an https URL. The app connects with TLS 1.2 or newer only; plain http is accepted only \
        on loopback, for tests.
        """)
    static let pkceS256Missing = FindingCode(
        "discover.pkce.s256-missing", .error, source: "RFC 7636 §4.2; RFC 8252 §8.1",
        """
        code_challenge_methods_supported does not list S256. The app always sends a PKCE S256 challenge; a \
        provider without it refuses the sign-in or, worse, ignores it.
        """)
    static let pkceNotAdvertised = FindingCode(
        "discover.pkce.not-advertised", .warning, source: "RFC 8414 §2; RFC 7636",
        """
        code_challenge_methods_supported is absent, so the metadata does not say whether PKCE S256 is supported. \
        Many providers support it anyway: confirm it, and list ["S256"].
        """)
    static let responseTypeCodeMissing = FindingCode(
        "discover.response-type.code-missing", .error, source: "OpenID Connect Discovery 1.0 §3",
        """
        response_types_supported does not list "code". The app uses the authorization-code flow only.
        """)
    static let responseTypeMissing = FindingCode(
        "discover.response-type.missing", .error, source: "OpenID Connect Discovery 1.0 §3",
        """
        response_types_supported is required in an OpenID configuration and must include "code".
        """)
    static let clientAuthNoneMissing = FindingCode(
        "discover.client-auth.none-missing", .warning, source: "RFC 8252 §8.4; RFC 8414 §2",
        """
        The channel's client has no secret (a public, native client, as the app is) but the provider does not \
        list "none" among its token endpoint auth methods: it may refuse the code exchange. Register the app as a \
        public client, or give the channel a client secret.
        """)
    static let clientAuthNoneUnlisted = FindingCode(
        "discover.client-auth.none-unlisted", .info, source: "RFC 8252 §8.4",
        """
        The provider does not list "none" among its token endpoint auth methods. The app is a public client with \
        no secret; many providers accept one without listing it, so confirm this one does.
        """)
    static let dpopUnadvertised = FindingCode(
        "discover.dpop.unadvertised", .warning, source: "RFC 9449 §5.1",
        """
        The channel binds its tokens with DPoP, but the provider's metadata has no dpop_signing_alg_values_supported: \
        it may not do DPoP, and then ignores the proofs and issues bearer tokens anyone who copies them can use.
        """)
    static let dpopAlgorithmUnsupported = FindingCode(
        "discover.dpop.algorithm-unsupported", .error, source: "RFC 9449 §5.1",
        """
        The channel binds its tokens with DPoP, but the provider accepts proofs signed with none of ES256, PS256 and \
        RS256, the algorithms dots-sso signs them with: every sign-in with DPoP is refused before it starts.
        """)
    static let idTokenSymmetricAlgorithm = FindingCode(
        "discover.id-token.symmetric-alg", .warning, source: "OpenID Connect Core 1.0 §10.1",
        """
        The provider may sign id_tokens with HS256/384/512, keyed by the client secret. A native app has no secret \
        and cannot verify them, so dots-sso refuses them. Register the app's client for RS256, PS256, ES256 or EdDSA.
        """)
    static let endpointRFC8414Only = FindingCode(
        "discover.endpoint.rfc8414-only", .info, source: "RFC 8414 §3; OpenID Connect Discovery 1.0",
        """
        An endpoint (revocation, end session) is listed only in the RFC 8414 document, not in the OpenID \
        configuration. dots-sso uses it; clients that read only the OpenID configuration miss it. List it in both.
        """)
    static let rfc8414IssuerMismatch = FindingCode(
        "discover.rfc8414.issuer-mismatch", .warning, source: "RFC 8414 §3.3",
        """
        The RFC 8414 document names another issuer than the OpenID configuration, so its endpoints were not used. \
        Both documents must name the same issuer.
        """)
    static let refreshGrantMissing = FindingCode(
        "discover.grant.refresh-missing", .warning, source: "seed 000 (tokens are refreshed); RFC 6749 §6",
        """
        grant_types_supported does not list refresh_token. The app refreshes access tokens as they expire; without \
        refresh tokens members are sent back to sign in each time one ends.
        """)
    static let userinfoMissing = FindingCode(
        "discover.userinfo.missing", .info, source: "seed 000 (the profile); OpenID Connect Core 1.0 §5.3",
        """
        No userinfo endpoint. The partner must deliver a profile endpoint URL for the channel instead.
        """)
    static let revocationMissing = FindingCode(
        "discover.revocation.missing", .info, source: "RFC 7009",
        """
        No revocation endpoint. On logout the app cannot revoke the member's refresh token at the provider; it stays \
        valid until it expires.
        """)
    static let endSessionMissing = FindingCode(
        "discover.end-session.missing", .info, source: "OpenID Connect RP-Initiated Logout 1.0",
        """
        No end_session_endpoint. Logging out of the app cannot end the provider's browser session, so the next \
        sign-in may complete without asking for a password.
        """)
    static let jwksUnreadable = FindingCode(
        "discover.jwks.unreadable", .warning, source: "OpenID Connect Discovery 1.0 §3 (jwks_uri); RFC 7517",
        """
        The provider's jwks_uri could not be fetched or parsed, so its id_tokens cannot be verified. Check the URL \
        answers 200 with a JSON Web Key Set.
        """)
    static let jwksKeyUnusable = FindingCode(
        "discover.jwks.key-unusable", .error, source: "RFC 7517 §4-5; RFC 7518 §6",
        """
        The JWKS or one of its keys cannot be read (a missing or malformed member). No id_token signed with it can \
        be verified.
        """)
    static let jwksKeyRefused = FindingCode(
        "discover.jwks.key-refused", .error, source: "RFC 7518 §3, §6; NIST SP 800-131A",
        """
        A key dots-sso never verifies with: an RSA key under 2048 bits, or an RSA exponent that is even or at most \
        3. id_tokens it signs are refused; publish a key of 2048 bits or more with the exponent 65537.
        """)
    static let jwksKeyWeak = FindingCode(
        "discover.jwks.key-weak", .warning, source: "RFC 7518 §3; NIST SP 800-131A",
        """
        A key dots-sso accepts but doubts: an RSA exponent under 65537. id_tokens still verify; replace the key \
        at the next rotation.
        """)
    static let jwksEmpty = FindingCode(
        "discover.jwks.empty", .warning, source: "RFC 7517 §5",
        """
        The JWKS has no key dots-sso can verify id_tokens with (RSA, EC P-256/P-384/P-521 or Ed25519), so every \
        id_token the provider signs is refused.
        """)

    /// Every code above, in the order `discover` reports them.
    package static let all: [FindingCode] = [
        metadataRFC8414, issuerMissing, issuerMismatch, endpointMissing, endpointInsecure, pkceS256Missing, pkceNotAdvertised,
        responseTypeCodeMissing, responseTypeMissing, clientAuthNoneMissing, clientAuthNoneUnlisted, dpopUnadvertised,
        dpopAlgorithmUnsupported, idTokenSymmetricAlgorithm,
        endpointRFC8414Only, rfc8414IssuerMismatch, refreshGrantMissing, userinfoMissing, revocationMissing, endSessionMissing,
        jwksUnreadable, jwksKeyUnusable, jwksKeyRefused, jwksKeyWeak, jwksEmpty,
    ]
}
