import DotsSSOBasics
import FoundationEssentials

/// Checks the parameters of an authorization response (RFC 6749 §4.1.2, RFC 9207) and yields the code.
package enum AuthorizationCallback {
    /// The query (or fragment) of a redirect URL the user pasted, as form fields.
    package static func parameters(fromURL text: String) throws -> [(String, String)] {
        let trimmed = text.trimmed()
        guard let components = URLComponents(string: trimmed), components.scheme != nil else {
            throw UsageError.invalid("'\(Redactor.redactURL(trimmed))' is not the URL the browser landed on")
        }
        let query = components.percentEncodedQuery ?? components.percentEncodedFragment ?? ""
        return FormEncoding.decode(query)
    }

    /// What a request to the loopback callback is.
    package enum Arrival: Sendable, Equatable {
        /// This sign-in's redirect: its state, and a code or an error.
        case redirect
        /// A redirect (a code or an error) with another state: an old tab, or a tampered or forged link.
        case otherState
        /// Not a redirect at all: a bare `/callback`, a probe, a favicon.
        case notARedirect
    }

    /// Tells this sign-in's redirect from anything else; only `.redirect` may end the sign-in.
    package static func arrival(_ parameters: [(String, String)], expectedState: String) -> Arrival {
        func value(_ name: String) -> String? { parameters.first { $0.0 == name }?.1 }
        let isRedirect = value("code").map { !$0.isEmpty } == true || value("error") != nil
        guard isRedirect else { return .notARedirect }
        guard let state = value("state"), ConstantTime.equals(state, expectedState) else { return .otherState }
        return .redirect
    }

    /// Verifies `state` (and `iss` when present or promised) before looking at `error` or `code`,
    /// so a forged redirect can neither complete nor fail a sign-in.
    package static func code(
        from parameters: [(String, String)],
        expectedState: String,
        issuer: String?,
        issuerParameterRequired: Bool
    ) throws -> String {
        func value(_ name: String) -> String? { parameters.first { $0.0 == name }?.1 }
        guard let state = value("state"), ConstantTime.equals(state, expectedState) else { throw OAuthError.stateMismatch }
        // The provider's error words, made fit for one line.
        let denial = value("error").map {
            (error: ServerWords.line($0), description: value("error_description").map { ServerWords.line($0) })
        }
        if let received = value("iss") {
            if let issuer, received != issuer { throw OAuthError.issuerMismatch(expected: issuer, received: received) }
        } else if issuerParameterRequired, let issuer {
            // RFC 9207 §2.4: still refused, but a member who cancelled is told so, and the provider's lapse named as such.
            if let denial { throw OAuthError.deniedWithoutIssuer(error: denial.error, description: denial.description) }
            throw OAuthError.issuerMismatch(expected: issuer, received: "(missing)")
        }
        if let denial { throw OAuthError.authorizationDenied(error: denial.error, description: denial.description) }
        guard let code = value("code"), !code.isEmpty else {
            throw OAuthError.callbackWithoutCode("neither code nor error in the redirect")
        }
        return code
    }
}
