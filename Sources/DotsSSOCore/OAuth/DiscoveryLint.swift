import DotsSSOBasics
import FoundationEssentials

/// Checks provider metadata against what The Dots app needs (seed 000, RFC 8414, RFC 7636, OIDC Discovery).
package enum DiscoveryLint {
    /// `publicClient`: whether the channel's client has no secret (a native app), when known; it decides whether a
    /// provider that does not list `none` among its token endpoint auth methods predicts a refused exchange. `dpop`:
    /// whether the client binds its tokens with DPoP, which the provider must then support. `profile`: the security
    /// profile the channel holds its sign-ins to, whose provider rules are judged too.
    package static func findings(
        for metadata: ProviderMetadata, publicClient: Bool? = nil, dpop: Bool = false, profile: SecurityProfile? = nil
    ) -> [Finding] {
        var lint = MetadataRules(metadata: metadata)
        lint.identity()
        lint.endpoints()
        lint.flow()
        lint.clientAuthentication(publicClient: publicClient)
        lint.proofOfPossession(dpop: dpop)
        lint.idTokenAlgorithms()
        lint.supplements()
        lint.optionalFeatures()
        return lint.findings + (profile == .fapi2 ? FAPI2ProviderLint.findings(for: metadata) : [])
    }

    static func trimSlash(_ text: String) -> String {
        text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// Findings about a JWKS document: keys refused or doubted (by `kid`), a key that cannot be read, none to verify with.
    package static func keyFindings(_ document: JSONValue, at location: FindingLocation) -> [Finding] {
        let keys: JWKSet
        do {
            keys = try JWKSet(document: document)
        } catch let error as UserFacingError {
            return [Finding(DiscoveryFindings.jwksKeyUnusable, at: location, error.message)]
        } catch {
            return [Finding(DiscoveryFindings.jwksKeyUnusable, at: location, "the JWKS cannot be read")]
        }
        var findings: [Finding] = keys.unusable.map { key in
            let name = key.keyID.map { "key \"\(TerminalText.oneLine($0, limit: 60))\"" } ?? "a key without kid"
            return Finding(
                DiscoveryFindings.jwksKeyUnusable, at: location, "\(name) cannot be used (\(key.reason)); id_tokens it signs are refused")
        }
        for key in keys.keys {
            let name = key.keyID.map { "key \"\(TerminalText.oneLine($0, limit: 60))\"" } ?? "a key without kid"
            if let refusal = key.refusal {
                findings.append(
                    Finding(DiscoveryFindings.jwksKeyRefused, at: location, "\(name): \(refusal); id_tokens it signs are refused"))
            } else if let caution = key.caution {
                findings.append(Finding(DiscoveryFindings.jwksKeyWeak, at: location, "\(name): \(caution)"))
            }
        }
        if keys.keys.isEmpty {
            findings.append(
                Finding(
                    DiscoveryFindings.jwksEmpty, at: location,
                    "the JWKS has no signing key dots-sso can verify id_tokens with (RSA, EC P-256/P-384/P-521 or Ed25519)"))
        }
        return findings
    }
}

/// One metadata document's lint, rule group by rule group (`DiscoveryLint.findings` runs them in order).
private struct MetadataRules {
    let metadata: ProviderMetadata
    var findings: [Finding] = []

    var source: String { metadata.source }

    func at(_ key: String) -> FindingLocation { FindingLocation(file: metadata.source(of: key), path: "$.\(key)") }

    /// The metadata's kind (an RFC 8414 document stands in for a missing OpenID configuration) and its issuer, which must be
    /// identical to the one it was fetched for (OIDC Discovery §4.3, RFC 8414 §3.3).
    mutating func identity() {
        if metadata.kind == "oauth-authorization-server" {
            findings.append(
                Finding(
                    DiscoveryFindings.metadataRFC8414, at: FindingLocation(file: source),
                    "the provider has no OpenID configuration; using its RFC 8414 OAuth metadata (no id_token or userinfo endpoint to rely on)"
                ))
        }

        // OIDC Discovery §4.3 / RFC 8414 §3.3: the issuer must be identical to the one the metadata was fetched for.
        switch metadata.issuer {
        case nil:
            findings.append(
                Finding(
                    DiscoveryFindings.issuerMissing, at: at("issuer"),
                    "the metadata has no \"issuer\"; it must equal \(metadata.requestedIssuer)"))
        case let issuer? where issuer != metadata.requestedIssuer:
            let hint =
                DiscoveryLint.trimSlash(issuer) == DiscoveryLint.trimSlash(metadata.requestedIssuer)
                ? " (they differ only by a trailing slash, which still fails an exact comparison)" : ""
            findings.append(
                Finding(
                    DiscoveryFindings.issuerMismatch, at: at("issuer"),
                    "the metadata says issuer \"\(issuer)\" but was fetched for \"\(metadata.requestedIssuer)\"\(hint); tokens would fail issuer validation"
                ))
        default:
            break
        }
    }

    /// The endpoints the authorization-code flow needs, each over https.
    mutating func endpoints() {
        for key in ["authorization_endpoint", "token_endpoint"] where metadata.document[key]?.stringValue == nil {
            findings.append(
                Finding(
                    DiscoveryFindings.endpointMissing, at: at(key),
                    "\"\(key)\" is missing; the authorization-code flow needs it"))
        }
        for (key, url) in metadata.endpoints {
            do {
                _ = try URLPolicy.validate(url)
            } catch {
                findings.append(
                    Finding(
                        DiscoveryFindings.endpointInsecure, at: at(key),
                        "\(key) \(Redactor.redactURL(url)) is not an https URL (plain http is only acceptable on loopback); the app connects with TLS 1.2 or newer only"
                    ))
            }
        }
    }

    /// PKCE S256 and the code response type (RFC 7636, RFC 8252 §8.1, OIDC Discovery).
    mutating func flow() {
        if let methods = metadata.document["code_challenge_methods_supported"] {
            if !(methods.stringArray ?? []).contains("S256") {
                findings.append(
                    Finding(
                        DiscoveryFindings.pkceS256Missing, at: at("code_challenge_methods_supported"),
                        "\"S256\" is not in code_challenge_methods_supported; the app uses PKCE with S256 (RFC 7636, RFC 8252 §8.1)"))
            }
        } else {
            findings.append(
                Finding(
                    DiscoveryFindings.pkceNotAdvertised, at: at("code_challenge_methods_supported"),
                    "code_challenge_methods_supported is absent, so PKCE S256 support is not advertised; confirm the provider enforces it"))
        }

        if let types = metadata.document["response_types_supported"] {
            if !(types.stringArray ?? []).contains("code") {
                findings.append(
                    Finding(
                        DiscoveryFindings.responseTypeCodeMissing, at: at("response_types_supported"),
                        "\"code\" is not in response_types_supported; the app needs the authorization-code flow"))
            }
        } else if metadata.kind == "openid-configuration" {
            findings.append(
                Finding(
                    DiscoveryFindings.responseTypeMissing, at: at("response_types_supported"),
                    "response_types_supported is required by OIDC Discovery and must include \"code\""))
        }
    }

    /// Whether the provider takes a client with no secret at its token endpoint.
    mutating func clientAuthentication(publicClient: Bool?) {
        if let methods = metadata.document["token_endpoint_auth_methods_supported"]?.stringArray, !methods.contains("none") {
            if publicClient == true {
                findings.append(
                    Finding(
                        DiscoveryFindings.clientAuthNoneMissing, at: at("token_endpoint_auth_methods_supported"),
                        "the client has no secret (a public, native client) but token_endpoint_auth_methods_supported (\(methods.joined(separator: ", "))) "
                            + "does not list \"none\": the provider may refuse the code exchange; register the app as a public client, or set clientSecretEnv"
                    ))
            } else {
                // Many providers accept public clients without listing `none`; the app is one, so say it once.
                findings.append(
                    Finding(
                        DiscoveryFindings.clientAuthNoneUnlisted, at: at("token_endpoint_auth_methods_supported"),
                        "token_endpoint_auth_methods_supported (\(methods.joined(separator: ", "))) does not list \"none\"; The Dots app is a public "
                            + "client with no secret, so confirm the provider accepts one (many do without listing it)"))
            }
        }
    }

    /// DPoP (RFC 9449), when the client binds its tokens: advertised, with an algorithm dots-sso signs with.
    mutating func proofOfPossession(dpop: Bool) {
        if dpop {
            switch metadata.dpopSigningAlgorithms {
            case nil:
                findings.append(
                    Finding(
                        DiscoveryFindings.dpopUnadvertised, at: FindingLocation(file: source),
                        "the channel binds tokens with DPoP, but the metadata has no dpop_signing_alg_values_supported: the provider "
                            + "may ignore the proofs and issue bearer tokens"))
            case let listed? where DPoPKey.algorithm(accepting: listed) == nil:
                findings.append(
                    Finding(
                        DiscoveryFindings.dpopAlgorithmUnsupported, at: at("dpop_signing_alg_values_supported"),
                        "dpop_signing_alg_values_supported (\(listed.joined(separator: ", "))) lists none of ES256, PS256 and RS256, "
                            + "which dots-sso signs DPoP proofs with"))
            default:
                break
            }
        }
    }

    /// id_token algorithms a public client can verify (OIDC Core §10.1).
    mutating func idTokenAlgorithms() {
        // OIDC Core §10.1: HS256 id_tokens are signed with the client secret, which a native app does not have.
        if let algorithms = metadata.document["id_token_signing_alg_values_supported"]?.stringArray,
            let symmetric = algorithms.first(where: { $0.hasPrefix("HS") })
        {
            let asymmetric = algorithms.filter { !$0.hasPrefix("HS") && $0 != "none" }
            findings.append(
                Finding(
                    DiscoveryFindings.idTokenSymmetricAlgorithm, at: at("id_token_signing_alg_values_supported"),
                    "id_token_signing_alg_values_supported lists \(symmetric), which signs id_tokens with the client secret: a public client "
                        + "cannot verify it. "
                        + (asymmetric.isEmpty
                            ? "List RS256 or ES256 and sign the app's id_tokens with it"
                            : "Make sure the app's client is registered for \(asymmetric.joined(separator: " or "))")))
        }
    }

    /// Endpoints taken from the RFC 8414 document beside the OpenID configuration, and one not used.
    mutating func supplements() {
        for (key, url) in metadata.supplied.sorted(by: { $0.key < $1.key }) where ProviderMetadata.supplementedEndpointKeys.contains(key) {
            findings.append(
                Finding(
                    DiscoveryFindings.endpointRFC8414Only, at: at(key),
                    "\(key) is listed only in the RFC 8414 document \(url), not in the OpenID configuration; dots-sso uses it, "
                        + "but clients that read only the OpenID configuration will miss it: list it there too"))
        }
        if let ignored = metadata.supplementIgnored {
            findings.append(
                Finding(
                    DiscoveryFindings.rfc8414IssuerMismatch, at: FindingLocation(file: metadata.consulted ?? source, path: "$.issuer"),
                    "the RFC 8414 document was not used: \(ignored); both documents must name the same issuer"))
        }
    }

    /// What the app uses when the provider has it: the refresh grant, userinfo, revocation and end session.
    mutating func optionalFeatures() {
        if let grants = metadata.document["grant_types_supported"]?.stringArray, !grants.contains("refresh_token") {
            findings.append(
                Finding(
                    DiscoveryFindings.refreshGrantMissing, at: at("grant_types_supported"),
                    "\"refresh_token\" is not in grant_types_supported; the app refreshes access tokens as needed (seed 000)"))
        }

        if metadata.userinfoEndpoint == nil {
            findings.append(
                Finding(
                    DiscoveryFindings.userinfoMissing, at: at("userinfo_endpoint"),
                    "no userinfo_endpoint; the partner must deliver a profile endpoint URL separately"))
        }
        let inEither = metadata.consulted.map { " (in neither the OpenID configuration nor \($0))" } ?? ""
        if metadata.revocationEndpoint == nil {
            findings.append(
                Finding(
                    DiscoveryFindings.revocationMissing, at: at("revocation_endpoint"),
                    "no revocation_endpoint\(inEither); refresh tokens cannot be revoked on logout (RFC 7009)"))
        }
        if metadata.endSessionEndpoint == nil {
            findings.append(
                Finding(
                    DiscoveryFindings.endSessionMissing, at: at("end_session_endpoint"),
                    "no end_session_endpoint\(inEither); logging out cannot end the provider's browser session"))
        }
    }
}
