import DotsSSOBasics

/// Failures of the OAuth/OIDC conversation with a provider.
package enum OAuthError: UserFacingError, Equatable {
    case discoveryNotFound(issuer: String, tried: [String])
    case discoveryNotAnObject(url: String)
    case malformedToken(String)
    case invalidIDToken(String)
    case stateMismatch
    case issuerMismatch(expected: String, received: String)
    case authorizationDenied(error: String, description: String?)
    /// An error redirect with the right state but without the `iss` the provider's metadata promises (RFC 9207 §2.4).
    case deniedWithoutIssuer(error: String, description: String?)
    case callbackWithoutCode(String)
    /// Nobody completed the sign-in in time; `waitingFor` names the redirect that never came.
    /// `otherStates`: redirects that did arrive, refused because their state was not this sign-in's.
    case callbackTimeout(seconds: Double, waitingFor: String, otherStates: Int = 0)
    /// The provider refused the authorization request itself (checked before the browser opened).
    case authorizationRequestRefused(status: Int, error: String, description: String?, hint: String)
    /// The authorization request was answered with an error page (200 included) whose words refuse the client id or
    /// the redirect URI; `words` is the page's text, quoted.
    case authorizationPageRefused(status: Int, subject: String, words: String, hint: String)
    /// The authorization endpoint refused the request (4xx) without saying why in words dots-sso can read.
    case authorizationRequestUnexplained(status: Int, answer: String, clientID: String, redirectURI: String)
    case tokenEndpoint(status: Int, error: String, description: String?)
    /// The RFC 7009 revocation endpoint's error answer.
    case revocationRefused(status: Int, error: String, description: String?)
    /// The introspection endpoint (RFC 7662) refused the client: most providers let only confidential clients ask.
    case introspectionRefused(status: Int, error: String, description: String?)
    /// The provider names no introspection endpoint (RFC 7662): it cannot be asked about a token.
    case noIntrospectionEndpoint
    /// The pushed authorization request endpoint (RFC 9126) refused the request: a client, redirect URI or scope the
    /// provider does not accept, said before any browser is opened.
    case pushRefused(status: Int, error: String, description: String?)
    /// The provider refused the client's private_key_jwt assertion: which audience it named, and the other choice.
    case assertionRefused(url: String, status: Int, error: String, description: String?, audience: String, choice: ClientAssertion.Audience)
    /// The provider requires pushed authorization requests and `--no-par` forbade them.
    case pushRequired
    case noPendingAuthorization
    /// The provider metadata names another issuer than the one it was fetched for (OpenID Discovery §4.3).
    case discoveryIssuerMismatch(requested: String, named: String, url: String)
    /// `logout --keep-sign-in` leaves only the browser session to end, and the provider has no end-session endpoint.
    case noEndSessionToKeepSignIn
    /// The browser came back to the loopback post-logout redirect with another logout's state.
    case logoutReturnStateMismatch
    /// The userinfo (profile) answer names another subject than the signed-in id_token (OIDC Core §5.3.2).
    case userinfoSubjectMismatch(idToken: String, userinfo: String, url: String)
    case malformedJWK(keyID: String?, detail: String)
    /// The device authorization endpoint answered without what RFC 8628 §3.2 requires.
    case malformedDeviceAuthorization(url: String, detail: String)
    /// The person declined the device sign-in (RFC 8628 §3.5 `access_denied`).
    case deviceDenied(description: String?)
    /// The device code expired before anyone approved it (`expired_token`, or its `expires_in` passed).
    case deviceCodeExpired(seconds: Double)
    /// `--timeout` passed while the device sign-in was still waiting for approval.
    case deviceTimeout(seconds: Double, userCode: String, verificationURI: String)
    /// The provider does not allow this client a grant type (`unsupported_grant_type`, `unauthorized_client`).
    case grantRefused(grant: String, status: Int, error: String, description: String?)
    /// The flow needs an endpoint the provider does not publish.
    case flowUnavailable(flow: String, reason: String)
    /// The provider accepts client assertions signed with none of the algorithms the client's key can make.
    case assertionAlgorithmRefused(accepted: [String], key: String)
    /// The provider accepts DPoP proofs signed with none of the algorithms dots-sso makes keys for.
    case dpopAlgorithmRefused(accepted: [String])
    /// The channel's security profile (FAPI 2.0) forbids what this sign-in would do: refused before it is sent.
    case profileRefused(section: String, detail: String)

    package var message: String {
        switch self {
        case let .discoveryNotFound(issuer, tried):
            "no OAuth/OIDC metadata for \(issuer): tried \(tried.joined(separator: " and ")); check \(CLIFlag.issuer)"
        case .discoveryNotAnObject(let url):
            "the metadata at \(url) is JSON but not an object"
        case .malformedToken(let detail):
            "malformed token: \(detail)"
        case .invalidIDToken(let detail):
            "the id_token was rejected: \(detail)"
        case .stateMismatch:
            "refusing the callback: its state does not match the one this sign-in sent (a forged or stale redirect); start again with `dots-sso authorize`"
        case let .issuerMismatch(expected, received):
            "refusing the callback: its iss \"\(received)\" is not the provider's issuer \"\(expected)\" (RFC 9207 mix-up protection)"
        case let .authorizationDenied(error, description):
            "the provider refused the sign-in: \(error)\(description.map { " (\($0))" } ?? "")\(Self.meaning(ofAuthorizationError: error))"
        case let .deniedWithoutIssuer(error, description):
            "the provider reported \(error)\(description.map { " (\($0))" } ?? "")\(Self.meaning(ofAuthorizationError: error)); "
                + "its redirect also lacked the iss parameter its metadata promises (authorization_response_iss_parameter_supported), "
                + "so it is refused under RFC 9207 §2.4: a provider bug worth reporting to them"
        case .callbackWithoutCode(let detail):
            "the callback carried no authorization code: \(detail)"
        case let .callbackTimeout(seconds, _, otherStates) where otherStates > 0:
            "the sign-in did not complete within \(Int(seconds)) s: \(otherStates == 1 ? "the only redirect that arrived" : "all \(otherStates) redirects that arrived") "
                + "carried another state than this sign-in's (state mismatch: an old tab, or a tampered or forged link), so "
                + (otherStates == 1 ? "it was" : "they were")
                + " refused. Run `dots-sso authorize` again and sign in from the URL it prints"
        case let .callbackTimeout(seconds, waitingFor, _):
            "nobody completed the sign-in within \(Int(seconds)) s: \(waitingFor) never arrived. If the browser shows an error from the "
                + "provider, fix what it says; otherwise run `dots-sso authorize` again (\(CLIFlag.timeout) SECONDS waits longer)"
        case let .authorizationRequestRefused(status, error, description, hint):
            "the provider refused the authorization request before anyone could sign in (HTTP \(status)): \(error)"
                + "\(description.map { " (\($0))" } ?? ""); \(hint) (\(CLIFlag.noPreflight) skips this check)"
        case let .authorizationPageRefused(status, subject, words, hint):
            "the provider refused \(subject) before anyone could sign in: its page (HTTP \(status)) says \"\(words)\"; \(hint) (\(CLIFlag.noPreflight) skips this check)"
        case let .authorizationRequestUnexplained(status, answer, clientID, redirectURI):
            "the provider refused the authorization request before anyone could sign in (HTTP \(status), \(answer)); check that the client "
                + "id \(clientID) is registered there with the redirect URI \(redirectURI) (\(CLIFlag.redirectUri) sends another; \(CLIFlag.noPreflight) skips this check)"
        case let .discoveryIssuerMismatch(requested, named, url):
            "refusing the provider metadata at \(url): it names the issuer \"\(named)\", not \(requested) it was fetched for"
                + (named.hasSuffix("/") != requested.hasSuffix("/") && named.filter { $0 != "/" } == requested.filter { $0 != "/" }
                    ? " (they differ only by a trailing slash: pass \(CLIFlag.issuer) \(named) exactly)" : "")
                + "; OpenID Discovery §4.3 forbids using it (`dots-sso discover` shows the whole document)"
        case .noEndSessionToKeepSignIn:
            "\(CLIFlag.keepSignIn) leaves only the provider's browser session to end, and the provider names no end-session endpoint "
                + "(\(CLIFlag.endSessionEndpoint) URL sets it)"
        case .logoutReturnStateMismatch:
            "the return to the post-logout redirect carried a state this logout did not send (a forged or stale redirect), so it does not "
                + "confirm this logout; the provider's browser session may still be open"
        case let .userinfoSubjectMismatch(idToken, userinfo, url):
            "refusing the profile from \(url): its sub \"\(TerminalText.oneLine(userinfo, limit: 60))\" is not the signed-in member's "
                + "(\"\(TerminalText.oneLine(idToken, limit: 60))\" in the id_token), so none of it is used (OIDC Core §5.3.2)"
        case let .tokenEndpoint(status, error, description):
            "the token endpoint refused the request (HTTP \(status)): \(error)\(description.map { " (\($0))" } ?? "")"
                + (OAuthErrorCode(error).spentGrant ? "; sign in again with `dots-sso authorize`" : "")
                + (OAuthErrorCode(error).refusesClient
                    ? "; check \(CLIFlag.clientId) and the client secret or key (\(CLIFlag.clientKeyFile), and \(CLIFlag.clientKeyId) when the provider registered another kid)"
                    : "")
        case let .pushRefused(status, error, description):
            "the pushed authorization request endpoint refused the request (HTTP \(status)): \(error)\(description.map { " (\($0))" } ?? "")"
                + (OAuthErrorCode(error).refusesClient ? "; check \(CLIFlag.clientId) and the client secret or key" : "")
                + (error == "invalid_redirect_uri" || (description ?? "").lowercased().contains("redirect")
                    ? "; the redirect URI must be one registered for this client" : "")
        case let .assertionRefused(url, status, error, description, audience, choice):
            "\(url) refused the client's private_key_jwt assertion (HTTP \(status)): \(error)\(description.map { " (\($0))" } ?? "")"
                + "; the assertion named the audience \"\(audience)\" (\(choice == .issuer ? "the issuer" : "the endpoint it was sent to")); "
                + "if the provider expects \(choice == .issuer ? "its endpoint's URL" : "its issuer"), set clientAssertionAudience "
                + "\(choice == .issuer ? "endpoint" : "issuer") in the channel or pass \(CLIFlag.clientAssertionAudience) "
                + "\(choice == .issuer ? "endpoint" : "issuer"); otherwise check \(CLIFlag.clientId), \(CLIFlag.clientKeyFile) and \(CLIFlag.clientKeyId)"
        case .pushRequired:
            "the provider requires pushed authorization requests (require_pushed_authorization_requests, RFC 9126), so the sign-in cannot "
                + "start without one; drop \(CLIFlag.noPar)"
        case let .revocationRefused(status, error, description):
            "the revocation endpoint refused the request (HTTP \(status)): \(error)\(description.map { " (\($0))" } ?? "")"
                + (OAuthErrorCode(error).refusesClient
                    ? "; check \(CLIFlag.clientId) and the client secret or key (\(CLIFlag.clientKeyFile), and \(CLIFlag.clientKeyId) when the provider registered another kid)"
                    : "")
        case let .introspectionRefused(status, error, description):
            "the introspection endpoint refused the request (HTTP \(status)): \(error)\(description.map { " (\($0))" } ?? "")"
                + (OAuthErrorCode(error).refusesClient
                    ? "; most providers let only a confidential client introspect: check \(CLIFlag.clientId) and its secret or key"
                    : "")
        case .noIntrospectionEndpoint:
            "the provider names no introspection endpoint (introspection_endpoint, RFC 7662) in its metadata, so it cannot be asked "
                + "about a token; `dots-sso token show` decodes a JWT access token locally"
        case .noPendingAuthorization:
            "no pending authorization to complete: pass \(CLIFlag.codeVerifier), or start with `dots-sso authorize \(CLIFlag.noExchange)`"
        case let .malformedJWK(keyID, detail):
            "the provider's JWKS has a key that cannot be used (kid \(keyID.map { "\"\($0)\"" } ?? "not given")): \(detail); ask the provider to fix its jwks_uri document"
        case let .malformedDeviceAuthorization(url, detail):
            "the device authorization answer from \(url) cannot be used: \(detail) (RFC 8628 §3.2)"
        case .deviceDenied(let description):
            "the device sign-in was declined\(description.map { " (\($0))" } ?? ""): the member refused it on the provider's page; run `dots-sso authorize` again to retry"
        case .deviceCodeExpired(let seconds):
            "the device code expired after \(Int(seconds)) s before anyone approved it; run `dots-sso authorize \(CLIFlag.flow) device` again for a new code"
        case let .deviceTimeout(seconds, userCode, verificationURI):
            "nobody approved the device sign-in within \(Int(seconds)) s (code \(userCode) at \(verificationURI)); run `dots-sso authorize` again "
                + "(\(CLIFlag.timeout) SECONDS waits longer)"
        case let .grantRefused(grant, status, error, description):
            "the provider does not allow this client the \(grant) grant (HTTP \(status)): \(error)\(description.map { " (\($0))" } ?? ""); "
                + (grant == "password"
                    ? "ask the partner to enable the resource-owner password grant for its test client, or sign in with \(CLIFlag.flow) device and use \(CLIFlag.refreshTokenFile)"
                    : "ask the partner to enable it for this client, or choose another \(CLIFlag.flow)")
        case let .flowUnavailable(flow, reason):
            "cannot sign in with \(CLIFlag.flow) \(flow): \(reason)"
        case let .assertionAlgorithmRefused(accepted, key):
            "the provider accepts client assertions signed with \(accepted.joined(separator: ", ")) only "
                + "(token_endpoint_auth_signing_alg_values_supported), and the client key signs \(key): register a key it "
                + "accepts (`dots-sso keys generate` makes RSA, signed PS256 where RS256 is not listed, or P-256 for ES256)"
        case .dpopAlgorithmRefused(let accepted):
            "the provider accepts DPoP proofs signed with \(accepted.joined(separator: ", ")) only "
                + "(dpop_signing_alg_values_supported); dots-sso signs them ES256, PS256 or RS256: sign in with \(CLIFlag.noDpop)"
        case let .profileRefused(section, detail):
            "the FAPI 2.0 Security Profile (\(section)) refuses this sign-in before anything is sent: \(detail)"
        }
    }

    /// What an RFC 6749 §4.1.2.1 error code means for the person signing in, after a `: `.
    static func meaning(ofAuthorizationError error: String) -> String {
        switch error {
        case "access_denied": ": the member declined or cancelled the sign-in"
        case "login_required", "interaction_required", "consent_required":
            ": the provider needs the member to sign in or consent in the browser"
        case "temporarily_unavailable", "server_error": ": the provider is having trouble; try again later"
        default: ""
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .discoveryNotFound, .invalidIDToken, .callbackWithoutCode, .malformedJWK, .userinfoSubjectMismatch, .logoutReturnStateMismatch,
            .discoveryIssuerMismatch:
            .protocolError
        case .discoveryNotAnObject, .malformedToken: .malformedInput
        case .stateMismatch, .issuerMismatch, .authorizationDenied, .deniedWithoutIssuer: .notAuthorized
        // Nobody completed the sign-in in time: DESIGN's "a sign-in nobody completed in time" is temporary.
        // A refused state is a security refusal, not a slow person.
        case let .callbackTimeout(_, _, otherStates): otherStates > 0 ? .notAuthorized : .temporary
        // A client or redirect the provider does not accept is configuration; its own outage is temporary.
        case let .authorizationRequestRefused(_, error, _, _):
            ["server_error", "temporarily_unavailable"].contains(error) ? .temporary : .configuration
        case .authorizationPageRefused, .authorizationRequestUnexplained, .noEndSessionToKeepSignIn: .configuration
        case .noPendingAuthorization: .usage
        case .malformedDeviceAuthorization: .protocolError
        case .deviceDenied: .notAuthorized
        case .deviceCodeExpired, .deviceTimeout: .temporary
        case .grantRefused, .flowUnavailable, .assertionAlgorithmRefused, .dpopAlgorithmRefused, .profileRefused: .configuration
        case let .pushRefused(status, code, _):
            OAuthErrorCode(code).isTemporary ? .temporary : (400...403).contains(status) ? .configuration : .protocolError
        case .pushRequired, .assertionRefused: .configuration
        case let .revocationRefused(status, code, _), let .introspectionRefused(status, code, _):
            Self.status(refusal: OAuthErrorCode(code), httpStatus: status)
        case .noIntrospectionEndpoint: .configuration
        case let .tokenEndpoint(status, code, _):
            [.invalidGrant, .accessDenied].contains(OAuthErrorCode(code))
                ? .notAuthorized : Self.status(refusal: OAuthErrorCode(code), httpStatus: status)
        }
    }

    /// How an endpoint's refusal ends the run: a refused client is configuration, "try later" temporary, a 401 or 403
    /// not authorized, anything else the provider's protocol error.
    static func status(refusal code: OAuthErrorCode, httpStatus: Int) -> ExitStatus {
        if code.refusesClient { return .configuration }
        if code.isTemporary { return .temporary }
        return httpStatus == 401 || httpStatus == 403 ? .notAuthorized : .protocolError
    }
}
