import DotsSSOBasics
import DotsSSOCore
import Foundation
import Testing

/// The provider side of FAPI 2.0 as a sign-in checks it before sending anything: each rule alone.
@Suite("FAPI 2.0 provider rules before a sign-in")
struct FAPI2ProfileTests {
    /// A provider that keeps every rule.
    static var provider: ProviderEndpoints {
        var endpoints = ProviderEndpoints()
        endpoints.issuer = "https://sso.partner.example"
        endpoints.pushedAuthorization = "https://sso.partner.example/par"
        endpoints.codeChallengeMethods = ["S256"]
        endpoints.assertionAlgorithms = ["PS256", "ES256"]
        endpoints.dpopAlgorithms = ["ES256"]
        return endpoints
    }

    static func refusal(_ endpoints: ProviderEndpoints, par: Bool? = nil, assertions: Bool = true, dpop: Bool = true) -> String? {
        do {
            try FAPI2Profile.checkProvider(endpoints, par: par, assertions: assertions, dpop: dpop)
            return nil
        } catch let error as OAuthError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test("a provider keeping every rule passes; each broken rule is refused naming its section")
    func eachRule() {
        #expect(Self.refusal(Self.provider) == nil)
        #expect(Self.refusal(Self.provider, par: false)?.contains("(§5.3.3.2)") == true)
        var noPAR = Self.provider
        noPAR.pushedAuthorization = nil
        #expect(Self.refusal(noPAR)?.contains("pushed_authorization_request_endpoint") == true)
        var noIssuer = Self.provider
        noIssuer.issuer = nil
        #expect(Self.refusal(noIssuer)?.contains("iss is checked against the issuer") == true)
        var plainPKCE = Self.provider
        plainPKCE.codeChallengeMethods = ["plain"]
        #expect(Self.refusal(plainPKCE)?.contains("PKCE uses S256") == true)
    }

    @Test("algorithms are judged only for what the client signs: assertions with a key, proofs with DPoP")
    func algorithmsOfWhatIsSigned() {
        var rsaOnly = Self.provider
        rsaOnly.assertionAlgorithms = ["RS256"]
        rsaOnly.dpopAlgorithms = ["RS256"]
        #expect(Self.refusal(rsaOnly)?.contains("(§5.4.1)") == true, "a key and DPoP: RS256 alone is refused")
        #expect(Self.refusal(rsaOnly, assertions: false, dpop: false) == nil, "tls_client_auth and certificate-bound tokens sign neither")
        #expect(Self.refusal(rsaOnly, assertions: false, dpop: true)?.contains("DPoP proofs") == true)
        #expect(Self.refusal(rsaOnly, assertions: true, dpop: false)?.contains("client assertions") == true)
    }

    @Test("what a client may sign with at a provider: the profile's algorithms it lists, all of them when it lists none")
    func restrict() {
        #expect(FAPI2Profile.restrict(nil) == ["PS256", "ES256", "EdDSA"])
        #expect(FAPI2Profile.restrict(["RS256", "ES256", "Ed25519"]) == ["ES256", "Ed25519"])
        #expect(FAPI2Profile.restrict(["RS256"]).isEmpty)
    }
}
