import DotsSSOBasics
import FoundationEssentials

/// A provider's metadata judged against the FAPI 2.0 Security Profile (the authorization server's side), as the
/// OpenID Foundation's FAPI 2.0 discovery module judges it: PAR, `iss`, a sender constraint, the client
/// authentication methods, the algorithms, the grants.
package enum FAPI2ProviderLint {
    package static func findings(for metadata: ProviderMetadata) -> [Finding] {
        var findings: [Finding] = []
        let document = metadata.document
        func at(_ key: String) -> FindingLocation { FindingLocation(file: metadata.source(of: key), path: "$.\(key)") }
        func add(_ code: FindingCode, _ key: String, _ message: String) { findings.append(Finding(code, at: at(key), message)) }

        if metadata.pushedAuthorizationEndpoint == nil {
            add(
                FAPI2Findings.parMissing, "pushed_authorization_request_endpoint",
                "no pushed_authorization_request_endpoint: the profile pushes every authorization request")
        } else if !metadata.requiresPushedAuthorization {
            add(
                FAPI2Findings.parOptional, "require_pushed_authorization_requests",
                "require_pushed_authorization_requests is not true: the provider also takes requests that were not pushed")
        }
        if document["authorization_response_iss_parameter_supported"] != .bool(true) {
            add(
                FAPI2Findings.issUnadvertised, "authorization_response_iss_parameter_supported",
                "authorization_response_iss_parameter_supported is not true (RFC 9207)")
        }
        let mtlsBound = document["tls_client_certificate_bound_access_tokens"] == .bool(true)
        if metadata.dpopSigningAlgorithms == nil && !mtlsBound {
            add(
                FAPI2Findings.senderConstraintMissing, "dpop_signing_alg_values_supported",
                "neither dpop_signing_alg_values_supported nor tls_client_certificate_bound_access_tokens: tokens would be bearer tokens")
        }
        let strong: Set = ["private_key_jwt", "tls_client_auth", "self_signed_tls_client_auth"]
        if let methods = document["token_endpoint_auth_methods_supported"]?.stringArray {
            let weak = methods.filter { !strong.contains($0) }
            if !methods.contains(where: strong.contains) {
                add(
                    FAPI2Findings.clientAuthentication, "token_endpoint_auth_methods_supported",
                    "token_endpoint_auth_methods_supported (\(methods.joined(separator: ", "))) has none of private_key_jwt, tls_client_auth, self_signed_tls_client_auth"
                )
            } else if !weak.isEmpty {
                add(
                    FAPI2Findings.clientAuthentication, "token_endpoint_auth_methods_supported",
                    "token_endpoint_auth_methods_supported also lists \(weak.joined(separator: ", ")), which a FAPI 2.0 provider does not accept"
                )
            }
        }
        for key in [
            "id_token_signing_alg_values_supported", "token_endpoint_auth_signing_alg_values_supported",
            "dpop_signing_alg_values_supported",
        ] {
            guard let listed = document[key]?.stringArray else { continue }
            let others = listed.filter { !FAPI2Profile.algorithmNames.contains($0) }
            if FAPI2Profile.allowed(listed).isEmpty {
                add(FAPI2Findings.algorithm, key, "\(key) (\(listed.joined(separator: ", "))) names none of \(FAPI2Profile.algorithmList)")
            } else if !others.isEmpty {
                add(
                    FAPI2Findings.algorithm, key,
                    "\(key) also names \(others.joined(separator: ", ")), which FAPI 2.0 does not allow; a client held to the profile refuses what is signed so"
                )
            }
        }
        if let grants = document["grant_types_supported"]?.stringArray {
            let forbidden = grants.filter { ["password", "implicit"].contains($0) }
            if !forbidden.isEmpty {
                add(
                    FAPI2Findings.grantForbidden, "grant_types_supported",
                    "grant_types_supported offers \(forbidden.joined(separator: ", ")), which a FAPI 2.0 provider rejects")
            }
        }
        if let types = document["response_types_supported"]?.stringArray, types.contains(where: { $0 != "code" }) {
            add(
                FAPI2Findings.grantForbidden, "response_types_supported",
                "response_types_supported offers \(types.filter { $0 != "code" }.joined(separator: ", ")); a FAPI 2.0 provider answers only code"
            )
        }
        return findings
    }
}
