import DotsSSOBasics

/// The codes `check`'s authorization check reports about the provider's answer to a well-formed sign-in request.
package enum AuthorizationFindings {
    static let clientIDMissing = FindingCode(
        "authorization.client-id.missing", .error, source: "RFC 6749 §4.1.1",
        """
        The channel has no clientId, so no well-formed authorization request can be made and the provider's answer \
        cannot be checked.
        """)
    static let endpointMissing = FindingCode(
        "authorization.endpoint.missing", .error, source: "RFC 6749 §3.1; RFC 8414 §2",
        """
        No authorization endpoint is configured in the channel or named by the provider's metadata.
        """)
    static let client = FindingCode(
        "authorization.client", .error, source: "RFC 9126 §2; RFC 7523 §2.2",
        """
        The provider takes pushed authorization requests, which carry the client's authentication, but the client's \
        secret or key cannot be used (unset, unreadable, refused). Fix the channel's client secret or key file.
        """)
    static let error = FindingCode(
        "authorization.error", .error, source: "RFC 6749 §4.1.2.1; RFC 9126 §2.3",
        """
        The provider refused the request: an OAuth error (invalid_client, unauthorized_client, invalid_request, an \
        unregistered redirect URI) by redirect, in the push's answer, or on an error page. The finding quotes the \
        provider and says what to check.
        """)
    static let parEndpointMissing = FindingCode(
        "authorization.par-endpoint.missing", .error, source: "RFC 9126 §5",
        """
        The provider requires pushed authorization requests but names no pushed_authorization_request_endpoint, so \
        no sign-in can start.
        """)
    static let unreachable = FindingCode(
        "authorization.unreachable", .error, source: "RFC 6749 §3.1",
        """
        The authorization endpoint could not be reached (no answer, a refused connection, a TLS failure, a timeout).
        """)
    static let notHTML = FindingCode(
        "authorization.not-html", .warning, source: "RFC 6749 §4.1.1",
        """
        The provider answered the request with something that is not a web page (JSON, an empty body). A browser \
        sign-in expects the provider's login page.
        """)
    static let notLoginPage = FindingCode(
        "authorization.not-login-page", .warning, source: "RFC 6749 §4.1.1",
        """
        The provider answered with a page that has no sign-in form: an error page or a landing page. Members would \
        not be asked to sign in.
        """)
    static let status = FindingCode(
        "authorization.status", .error, source: "RFC 6749 §4.1.2.1",
        """
        The provider answered a well-formed request with an unexpected status (a 4xx or 5xx without an OAuth error). \
        Check the client id and the registered redirect URI.
        """)

    /// Every code above.
    package static let all: [FindingCode] = [
        clientIDMissing, endpointMissing, client, error, parEndpointMissing, unreachable, notHTML, notLoginPage, status,
    ]
}
