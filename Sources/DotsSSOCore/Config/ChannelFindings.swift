import DotsSSOBasics

/// The codes `check`'s channel check reports about a channel file itself, before anything is fetched.
package enum ChannelFindings {
    static let endpointsMissing = FindingCode(
        "channel.endpoints.missing", .error, source: "seed 000 (sign-in)",
        """
        The channel has neither an issuer (whose discovery names the endpoints) nor both an authorization and a \
        token endpoint, so nobody can sign in with it. Set issuer, or authorizationEndpoint and tokenEndpoint.
        """)
    static let clientIDMissing = FindingCode(
        "channel.client-id.missing", .error, source: "seed 000; RFC 6749 §2.2",
        """
        The channel has no clientId. The partner registers The Dots app as an OAuth client with its provider and \
        gives the client id; every sign-in sends it.
        """)
    static let profileEndpointMissing = FindingCode(
        "channel.profile-endpoint.missing", .error, source: "seed 000 (the profile)",
        """
        The channel has no profileEndpoint and no issuer whose userinfo endpoint could stand in, so the app cannot \
        read a member's id, names or flags.
        """)
    static let urlInsecure = FindingCode(
        "channel.url.insecure", .error, source: "seed 000 (TLS 1.2 or newer); RFC 8252 §8.3",
        """
        An endpoint or container URL in the channel is not https (plain http is accepted only on loopback, for \
        tests) or is not a URL at all. The app connects with TLS 1.2 or newer only.
        """)
    static let flagsMissing = FindingCode(
        "channel.flags.missing", .error, source: "seed 000 (documented flags; canAccessApp)",
        """
        The channel documents no feature flags. At least canAccessApp, the app-launch rule, must be documented, \
        each flag with the purpose it serves.
        """)
    static let launchFlagMissing = FindingCode(
        "channel.flags.launch-missing", .error, source: "seed 000 (the app-launch rule)",
        """
        canAccessApp is not among the channel's documented flags. The app logs out every member whose profile lacks \
        it, so the partner must know to send it.
        """)
    static let flagPurposeMissing = FindingCode(
        "channel.flag.purpose-missing", .error, source: "seed 000 (the channel documents each flag)",
        """
        A documented flag has an empty purpose. Say what it controls, so the app team knows what it gates.
        """)
    static let containerDuplicate = FindingCode(
        "channel.container.duplicate", .error, source: "seed 000 (containers)",
        """
        Two containers have the same name. The app tells containers apart by name; names must be unique.
        """)
    static let containerNoToken = FindingCode(
        "channel.container.no-token", .info, source: "seed 000 (containers)",
        """
        A container receives no partner token, so its page cannot tell which member is looking. Say where the token \
        goes (token: {in: header or query, name}) if the page needs to know the member.
        """)
    static let profileMappingInvalid = FindingCode(
        "channel.profile-mapping.invalid", .error, source: "seed 000 (the profile); RFC 9535 (JSONPath)",
        """
        A profileMapping entry names a field dots-sso does not map (the message lists the ones it does), or its \
        path is not a JSONPath it can follow. Fix the name or the path, for example "id": "$.data.user.id".
        """)
    static let clientKeyIDWithoutKey = FindingCode(
        "channel.client-key-id.without-key", .warning, source: "RFC 7523 §2.2; RFC 7515 §4.1.4 (kid)",
        """
        clientKeyId is set but clientKeyFile is not. The kid only names the key a private_key_jwt assertion is signed \
        with; without the key the client authenticates another way (a secret, or none) and the kid is ignored. Set \
        clientKeyFile, or remove clientKeyId.
        """)
    static let authParamsInvalid = FindingCode(
        "channel.auth-params.invalid", .error, source: "OIDC Core §3.1.2.1; RFC 8707 §2 (resource)",
        """
        An authParams entry cannot go on an authorization request: a parameter dots-sso sets itself (state, code challenge, \
        nonce, redirect_uri, scope), a max_age that is not a whole number of seconds, a resource that is not an \
        absolute URI without a fragment, or prompt none combined with another value. Every sign-in of the channel \
        is refused until it is fixed.
        """)
    static let duplicateKey = FindingCode(
        "channel.duplicate-key", .error, source: "RFC 8259 §4",
        """
        A key appears twice in one object of the channel file. Readers disagree on which copy wins, so dots-sso \
        refuses the file rather than guess. Keep one.
        """)

    /// Every code above, in the order the channel check reports them.
    package static let all: [FindingCode] = [
        authParamsInvalid,
        endpointsMissing, clientIDMissing, profileEndpointMissing, urlInsecure, flagsMissing, launchFlagMissing, flagPurposeMissing,
        containerDuplicate, containerNoToken, profileMappingInvalid, clientKeyIDWithoutKey, duplicateKey,
    ]
}
