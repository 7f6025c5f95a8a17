import DotsSSOBasics
import DotsSSOCore
import FoundationEssentials
import Hummingbird

/// What a request's DPoP proof (RFC 9449 §4.3) came to.
enum DPoPProofOutcome: Sendable, Equatable {
    /// The request carried no `DPoP` header.
    case absent
    /// A good proof, by the key with this thumbprint.
    case valid(jkt: String)
    /// A proof without the sandbox's current nonce: answered with `use_dpop_nonce` and the nonce to use.
    case needsNonce
    /// A broken proof, and why.
    case invalid(String)
}

extension SandboxRoutes {
    /// The algorithms the sandbox takes DPoP proofs signed with (its metadata's `dpop_signing_alg_values_supported`).
    static let dpopAlgorithms: [JWSAlgorithm] = [.es256, .ps256, .rs256]

    /// Checks the request's DPoP proof as RFC 9449 §4.3 says: one JWT of type `dpop+jwt`, signed with an asymmetric
    /// algorithm by the public JWK in its header (never a private one), for this method and URL, made within the last
    /// minute, its `jti` never seen before, and for a resource request the token's `ath`. The token endpoint also wants
    /// the sandbox's nonce (§8); its resources do not (§9 leaves that to each server).
    func dpopProof(_ request: Request, target: String, accessToken: String? = nil) async -> DPoPProofOutcome {
        let values = request.headers[values: HTTPFields.Element.Name("DPoP")!]
        guard !values.isEmpty else { return .absent }
        guard values.count == 1, let proof = try? JWT(values[0]) else { return .invalid("the DPoP header is not one compact JWT") }
        guard proof.header["typ"] == .string("dpop+jwt") else { return .invalid("the proof's typ is not dpop+jwt") }
        guard let algorithm = proof.algorithm.flatMap(JWSAlgorithm.init(rawValue:)), Self.dpopAlgorithms.contains(algorithm) else {
            return .invalid("the proof is not signed with \(Self.dpopAlgorithms.map(\.rawValue).joined(separator: ", "))")
        }
        guard case .object(let jwk)? = proof.header["jwk"], jwk["d"] == nil, let jkt = JWKThumbprint.of(jwk),
            let keys = try? JWKSet(document: .object(["keys": .array([.object(jwk)])])), keys.verifies(proof, algorithm: algorithm)
        else { return .invalid("the proof's signature does not verify with the public key in its jwk header") }
        guard proof.claims["htm"] == .string(request.method.rawValue), proof.claims["htu"] == .string(target) else {
            return .invalid("the proof is for another request (htm \(request.method.rawValue) and htu \(target) expected)")
        }
        let now = settings.now().timeIntervalSince1970
        guard case .number(let issued)? = proof.claims["iat"], abs(issued - now) <= 60 else {
            return .invalid("the proof's iat is not within a minute of now")
        }
        if let accessToken {
            guard let hash = try? DPoPKey.accessTokenHash(accessToken), proof.claims["ath"] == .string(hash) else {
                return .invalid("the proof's ath is not the access token's hash")
            }
        }
        if accessToken == nil, proof.claims["nonce"] != .string(state.dpopNonce) { return .needsNonce }
        guard case .string(let jti)? = proof.claims["jti"], !jti.isEmpty,
            await state.firstUse(ofAssertion: "dpop \(jti)", until: issued + 120)
        else { return .invalid("the proof's jti was used before") }
        return .valid(jkt: jkt)
    }

    /// The token endpoint's answer to a proof that is missing its nonce (RFC 9449 §8) or is broken.
    func dpopRefusal(_ outcome: DPoPProofOutcome) -> Response {
        if outcome == .needsNonce {
            return oauthError(
                .badRequest, DPoPKey.nonceError, "DPoP proofs here carry the server's nonce",
                extra: [HTTPFields.Element.Name("DPoP-Nonce")!: state.dpopNonce])
        }
        let reason = if case .invalid(let why) = outcome { why } else { "a DPoP proof is required" }
        return oauthError(.badRequest, "invalid_dpop_proof", reason)
    }
}
