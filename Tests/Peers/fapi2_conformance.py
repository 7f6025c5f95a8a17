#!/usr/bin/env python3
"""The OpenID Foundation's FAPI 2.0 Security Profile (final) RP test plan as a scripted provider, for dots-sso's tests.

The conformance suite (openid-certification/conformance-suite, src/main/java/net/openid/conformance/fapi2spfinal/)
tests a client with one provider per module (FAPI2SPFinalClientTestPlan: the modules of
FAPI2MessageSigningFinalClientTestPlan without JARM), each breaking exactly one rule. This peer plays the plan's
"plain_fapi, oidc, unsigned request, plain response, private_key_jwt + DPoP" variant on one loopback port: the module
is the first path segment, and the issuer of module M is <base>/M/ (with the suite's trailing slash). A run of a
module is "M~RUN" (any RUN): each run starts with the state the suite gives a new module instance. A RUN that starts
with "mtls" plays the plan's other variant, **mTLS** client authentication (tls_client_auth) with certificate-bound
tokens (RFC 8705): its token, PAR and userinfo endpoints are the mtls_endpoint_aliases on a second, TLS port that
requires a client certificate from --client-ca (--tls-cert/--tls-key), and the client's certificate must be the
registered one (--client-cert); as handleHttp does, a call to the plain PAR, token or userinfo endpoint fails it.

Strict as AbstractFAPI2SPFinalClientTest is, and any request a module does not expect fails it:
- only discovery, jwks, par, authorize, token and userinfo are served ("Got unexpected HTTP call to PATH"); the
  mtls_endpoint_aliases the discovery names (always, RFC 8705 §5) are on paths that fail the module when a DPoP client
  calls them ("Got unexpected HTTP (using mtls) call to PATH");
- PAR and token requests authenticate with private_key_jwt: the client's registered key (--client-jwk), an algorithm
  of FAPI 2.0 §5.4.1 (PS256, ES256, EdDSA), iss = sub = client_id, jti unused before, exp within a day, and aud the
  issuer as one string (ValidateClientAssertionAudClaimIsIssuerAsString);
- the authorization request carries only client_id and request_uri (EnsureAuthorizationRequestContainsOnlyExpected
  ParamsWhenUsingPAR); the pushed one has response_type code, PKCE S256, openid in scope and the client's redirect_uri;
- DPoP (RFC 9449) as PerformDpopProof*Checks: a proof at the token endpoint (optional at PAR), typ dpop+jwt, a public
  jwk, an allowed alg, a fresh jti, htm, htu (the request URL exactly), iat within 5 minutes, ath only at the resource;
  the authorization code bound to the PAR proof's key (dpop_jkt); the token's cnf.jkt at the resource;
- DPoP nonces as the suite issues them: one for the authorization server made anew after every authorization and token
  response, one for the resource server made anew after every resource response, so a client always meets
  use_dpop_nonce once and must retry with the nonce it was given (not in the no-dpop-nonce module);
- after a faulty authorization response or id_token (the "expect nothing after" modules) any further call to
  authorize, par, token or userinfo fails the module.

It prints "PORT <n>" once listening; --log appends "MODULE METHOD PATH" per request and "MODULE FAIL reason" for what
failed a module (answered 500, as the suite's TestFailureException ends the module).
"""
import argparse
import base64
import hashlib
import json
import secrets
import ssl
import threading
import time
import urllib.parse
from http.server import ThreadingHTTPServer

from cryptography.hazmat.primitives.asymmetric import rsa
from joserfc import jwt as joserfc_jwt
from joserfc.errors import JoseError
from joserfc.jwk import JWKRegistry, KeySet
from parent_watch import exit_with_parent
from rp_conformance import Keys, ModuleHandler, b64

CLIENT_ID = "dots-fapi"
SUBJECT = "member-1"
FAPI_ALGS = ["PS256", "ES256", "EdDSA"]
PREFIX = "fapi2-security-profile-final-client-test-"

# module -> what it changes. claims (merged into the id_token; None removes), alg_alt (signed RS256 by the alt key the
# JWKS lists without alg), alg_none, auth_iss ("invalid" or "remove"), state ("invalid" or "remove"), no_expires_in,
# token_type (as sent), rs_scheme (the WWW-Authenticate scheme of the resource's nonce error), no_nonce (the servers
# never ask for DPoP nonces), discovery_issuer, refresh (the module tests a refresh), expect ("authorization" or
# "id_token": the client must stop there).
MODULES = {
    PREFIX + "happy-path": {},
    PREFIX + "discovery-issuer-mismatch": {"discovery_issuer": "https://attacker.example/", "expect": "discovery"},
    PREFIX + "invalid-iss": {"claims": {"iss": "https://attacker.example/"}, "expect": "id_token"},
    PREFIX + "invalid-aud": {"claims": {"aud": "invalid-client-id"}, "expect": "id_token"},
    PREFIX + "invalid-secondary-aud": {"claims": {"aud": [CLIENT_ID, "invalid-client-id"]}, "expect": "id_token"},
    PREFIX + "invalid-null-alg": {"alg_none": True, "expect": "id_token"},
    PREFIX + "invalid-alternate-alg": {"alg_alt": True, "expect": "id_token"},
    PREFIX + "invalid-expired-exp": {"claims": {"exp": "expired"}, "expect": "id_token"},
    PREFIX + "invalid-missing-exp": {"claims": {"exp": None}, "expect": "id_token"},
    PREFIX + "invalid-missing-aud": {"claims": {"aud": None}, "expect": "id_token"},
    PREFIX + "invalid-missing-iss": {"claims": {"iss": None}, "expect": "id_token"},
    PREFIX + "valid-aud-as-array": {"claims": {"aud": [CLIENT_ID]}},
    PREFIX + "invalid-nonce": {"claims": {"nonce": "not-the-nonce-sent"}, "expect": "id_token"},
    PREFIX + "invalid-missing-nonce": {"claims": {"nonce": None}, "expect": "id_token"},
    PREFIX + "invalid-authorization-response-iss": {"auth_iss": "invalid", "expect": "authorization"},
    PREFIX + "remove-authorization-response-iss": {"auth_iss": "remove", "expect": "authorization"},
    PREFIX + "ensure-authorization-response-with-invalid-state-fails": {"state": "invalid", "expect": "authorization"},
    PREFIX + "ensure-authorization-response-with-invalid-missing-state-fails": {"state": "remove", "expect": "authorization"},
    PREFIX + "token-endpoint-response-without-expires_in": {"no_expires_in": True},
    PREFIX + "token-type-case-insensitivity": {"token_type": "invert"},
    PREFIX + "rs-dpop-auth-scheme-case-insensitivity": {"rs_scheme": "dPoP"},
    PREFIX + "happy-path-no-dpop-nonce": {"no_nonce": True},
    # Ours: FAPI2SPFinalClientRefreshTokenTest runs for Brazil only; a refresh under the profile's rules (the same
    # assertion and DPoP checks, the refresh token rotated, no id_token in the answer as the suite's refresh sends).
    "dots-fapi2-refresh": {"refresh": True},
    # Ours: a provider whose metadata breaks one rule of the profile's authorization server side (discover, check).
    "dots-fapi2-provider-no-par": {"metadata": {"pushed_authorization_request_endpoint": None,
                                                "require_pushed_authorization_requests": None}},
    "dots-fapi2-provider-par-optional": {"metadata": {"require_pushed_authorization_requests": False}},
    "dots-fapi2-provider-no-iss": {"metadata": {"authorization_response_iss_parameter_supported": None}},
    "dots-fapi2-provider-bearer": {"metadata": {"dpop_signing_alg_values_supported": None}},
    "dots-fapi2-provider-secret-auth": {"metadata": {"token_endpoint_auth_methods_supported": ["private_key_jwt", "client_secret_basic"]}},
    "dots-fapi2-provider-rs256": {"metadata": {"id_token_signing_alg_values_supported": ["RS256", "PS256"]}},
    "dots-fapi2-provider-password-grant": {"metadata": {"grant_types_supported": ["authorization_code", "password"]}},
}


class Module:
    """One module's server-side state, as the suite's Environment holds it."""

    def __init__(self):
        self.lock = threading.Lock()
        self.as_nonce = secrets.token_urlsafe(24)
        self.rs_nonce = secrets.token_urlsafe(24)
        self.requests = {}  # request_uri -> pushed parameters and the PAR proof's jkt
        self.codes = {}
        self.access = {}  # token -> jkt
        self.refresh = {}
        self.jtis = set()
        self.assertion_jtis = set()
        self.verifiers = set()
        self.shutdown = None  # why the client must not call again


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--log")
    parser.add_argument("--client-jwk", required=True, help="file with the client's registered public JWK")
    parser.add_argument("--tls-cert", help="the mTLS port's server certificate (PEM)")
    parser.add_argument("--tls-key", help="its key")
    parser.add_argument("--client-ca", help="the CA client certificates must chain to")
    parser.add_argument("--client-cert", help="the registered client's certificate (PEM), for tls_client_auth")
    args = parser.parse_args()
    registered_cert = None
    if args.client_cert:
        with open(args.client_cert) as handle:
            registered_cert = ssl.PEM_cert_to_DER_cert(handle.read())
    bases = {}
    with open(args.client_jwk) as handle:
        client_keys = KeySet.import_key_set({"keys": [json.load(handle)]})
    keys = Keys()
    # The alt key (SetRsaAltServerJwks): an RSA key listed in the JWKS with no alg, which the invalid-alternate-alg
    # module signs RS256 with; a client must refuse RS256 under FAPI 2.0 although the key is the provider's.
    keys.private["alt"] = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    modules = {}
    modules_lock = threading.Lock()

    class Handler(ModuleHandler):
        def base(self):
            scheme = "https" if getattr(self.server, "mtls", False) else "http"
            return f"{scheme}://127.0.0.1:{self.server.server_address[1]}"

        def write_log(self, line):
            if args.log:
                with open(args.log, "a") as log:
                    log.write(line + "\n")

        def fail(self, module, reason):
            """What the suite does with a request its module does not accept: the module fails."""
            self.write_log(f"{module} FAIL {reason}")
            self.send(500, {"error": "server_error", "error_description": reason})

        def route(self, method):
            path, _, query = self.path.partition("?")
            parts = path.strip("/").split("/", 1)
            module, rest = parts[0], parts[1] if len(parts) > 1 else ""
            self.write_log(f"{module} {method} {rest}")
            name = module.partition("~")[0]
            if name not in MODULES:
                self.send(404, {"error": "unknown module"})
                return
            with modules_lock:
                state = modules.setdefault(module, Module())
            config = MODULES[name]
            issuer = f"{bases['plain']}/{module}/"
            self.request_url = f"{self.base()}{path}"
            self.mtls_variant = module.partition("~")[2].startswith("mtls")
            on_mtls = getattr(self.server, "mtls", False)
            # The certificate this connection's client presented (the TLS port requires one), as the suite reads it.
            der = self.connection.getpeercert(binary_form=True) if on_mtls else None
            self.client_cert = der
            self.cert_thumbprint = b64(hashlib.sha256(der).digest()) if der else None
            params = dict(urllib.parse.parse_qsl(query))
            self.query_params = dict(params)
            if method == "POST":
                length = int(self.headers.get("Content-Length") or 0)
                self.form = dict(urllib.parse.parse_qsl(self.rfile.read(length).decode()))
                params.update(self.form)
            if rest.startswith("mtls/") or (on_mtls and rest not in ("token", "par", "userinfo")):
                self.fail(module, f"Got unexpected HTTP (using mtls) call to {rest.removeprefix('mtls/')}")
                return
            if self.mtls_variant and not on_mtls and rest in ("par", "token", "userinfo"):
                self.fail(module, {
                    "par": "The PAR endpoint must be called over an mTLS secured connection when using MTLS client authentication.",
                    "token": "The token endpoint was called without a client certificate (FAPI2-SP-FINAL-5.3.2.1-4): use the "
                             "token_endpoint in mtls_endpoint_aliases.",
                    "userinfo": "The userinfo endpoint must be called over an mTLS secured connection."}[rest])
                return
            handler = {".well-known/openid-configuration": self.discovery, "jwks": self.jwks, "par": self.par,
                       "authorize": self.authorize, "token": self.token, "userinfo": self.userinfo}.get(rest)
            if handler is None:
                self.fail(module, f"Got unexpected HTTP call to {rest}")
                return
            if rest in ("par", "authorize", "token", "userinfo") and state.shutdown:
                self.fail(module, f"Client has incorrectly called '{rest}' after receiving a response that must cause it "
                                  f"to stop interacting with the server ({state.shutdown})")
                return
            handler(module, config, state, issuer, params, method)

        def do_GET(self):
            self.route("GET")

        def do_POST(self):
            self.route("POST")

        def discovery(self, module, config, state, issuer, params, method):
            mtls = f"{bases['mtls']}/{module}/" if "mtls" in bases else f"{self.base()}/{module}/mtls/"
            if config.get("expect") == "discovery":
                state.shutdown = "the discovery document names another issuer"
            document = {
                "issuer": config.get("discovery_issuer", issuer), "authorization_endpoint": issuer + "authorize",
                "token_endpoint": issuer + "token", "userinfo_endpoint": issuer + "userinfo", "jwks_uri": issuer + "jwks",
                "registration_endpoint": issuer + "register",
                "pushed_authorization_request_endpoint": issuer + "par", "require_pushed_authorization_requests": True,
                "mtls_endpoint_aliases": {"token_endpoint": mtls + "token", "registration_endpoint": mtls + "register",
                                          "userinfo_endpoint": mtls + "userinfo",
                                          "pushed_authorization_request_endpoint": mtls + "par"},
                "response_types_supported": ["code"], "authorization_response_iss_parameter_supported": True,
                "code_challenge_methods_supported": ["S256"], "scopes_supported": ["openid"],
                "subject_types_supported": ["public"], "grant_types_supported": ["authorization_code", "refresh_token"],
                "token_endpoint_auth_methods_supported": ["private_key_jwt"],
                "token_endpoint_auth_signing_alg_values_supported": FAPI_ALGS,
                "dpop_signing_alg_values_supported": ["PS256", "ES256", "EdDSA", "Ed25519"],
                "id_token_signing_alg_values_supported": FAPI_ALGS,
            }
            if self.mtls_variant:
                document["token_endpoint_auth_methods_supported"] = ["tls_client_auth"]
                document["tls_client_certificate_bound_access_tokens"] = True
                del document["dpop_signing_alg_values_supported"]
            for key, value in config.get("metadata", {}).items():
                if value is None:
                    document.pop(key, None)
                else:
                    document[key] = value
            self.send(200, document)

        def jwks(self, module, config, state, issuer, params, method):
            # The real PS256 key, decoys of each FAPI algorithm (AugmentRealJwksWithDecoys), the alt key without alg.
            listed = [keys.jwk("rsa1", "PS256"), keys.jwk("rsa2", "PS256"), keys.jwk("ec1", "ES256"), keys.jwk("ed1")]
            alt = keys.jwk("alt")
            alt.pop("alg")
            self.send(200, {"keys": listed + [alt]})

        def client_authenticated(self, module, state, issuer, params, where):
            """ValidateClientAuthenticationWithPrivateKeyJWT, then the aud check FAPI 2.0 adds; in the mTLS variant
            ValidateClientAuthenticationWithMTLS (EnsureClientCertificateMatches). None when it passes."""
            if self.mtls_variant:
                if "client_assertion" in params or "client_secret" in params or self.headers.get("Authorization"):
                    return "the client sent another authentication beside its certificate"
                if params.get("client_id") != CLIENT_ID:
                    return f"client_id is {params.get('client_id')!r}, not the registered client"
                if self.client_cert != registered_cert:
                    return "the client certificate presented is not the registered client's"
                return None
            if params.get("client_assertion_type") != "urn:ietf:params:oauth:client-assertion-type:jwt-bearer":
                return "client_assertion_type is missing or not jwt-bearer"
            if "client_secret" in params or self.headers.get("Authorization", "").startswith("Basic "):
                return "a client secret was sent; this client authenticates with private_key_jwt only"
            try:
                token = joserfc_jwt.decode(params.get("client_assertion", ""), client_keys, algorithms=FAPI_ALGS)
            except (JoseError, ValueError) as error:
                return f"the client assertion does not verify with the registered key and {FAPI_ALGS}: {error}"
            claims, now = token.claims, time.time()
            if claims.get("iss") != CLIENT_ID or claims.get("sub") != CLIENT_ID:
                return f"iss/sub are {claims.get('iss')}/{claims.get('sub')}, not the client id"
            if params.get("client_id", CLIENT_ID) != CLIENT_ID:
                return "client_id does not match the assertion"
            if not claims.get("jti"):
                return "Missing JWT ID"
            with state.lock:
                if claims["jti"] in state.assertion_jtis:
                    return "the client assertion's jti was used before"
                state.assertion_jtis.add(claims["jti"])
            exp, iat = claims.get("exp"), claims.get("iat")
            if not isinstance(exp, (int, float)) or exp < now - 300 or exp > now + 86400:
                return f"exp {exp} is missing, past or more than a day ahead"
            if not isinstance(iat, (int, float)) or iat > now + 86400:
                return f"iat {iat} is missing or unreasonably far in the future"
            aud = claims.get("aud")
            if isinstance(aud, list):
                return "private_key_jwt aud claim is an array but should be a simple string"
            if aud != issuer:
                return f"private_key_jwt aud claim {aud!r} does not match the authentication server issuer url {issuer!r}"
            return None

        def dpop_proof(self, state, method, access_token=None, required=True):
            """PerformDpopProof*Checks. Returns (jkt, problem, nonce_missing)."""
            proof = self.headers.get("DPoP")
            if proof is None:
                return None, ("the request carries no DPoP proof" if required else None), False
            try:
                header = json.loads(base64.urlsafe_b64decode(proof.split(".")[0] + "==="))
                jwk = header.get("jwk") or {}
                if any(name in jwk for name in ("d", "p", "q", "dp", "dq", "qi")):
                    return None, "DPoP Proof jwk contains private key information", False
                key = JWKRegistry.import_key(jwk)
                token = joserfc_jwt.decode(proof, key, algorithms=FAPI_ALGS)
            except (JoseError, ValueError, KeyError, IndexError) as error:
                return None, f"the DPoP proof does not verify with its own jwk and {FAPI_ALGS}: {error}", False
            header, claims, now = token.header, token.claims, time.time()
            if header.get("typ") != "dpop+jwt":
                return None, f"Invalid DPoP Proof 'typ' header {header.get('typ')!r}", False
            if not claims.get("jti"):
                return None, "'jti' claim in DPoP Proof is missing", False
            if claims.get("htm") != method:
                return None, f"Unexpected 'htm' in DPoP Proof: {claims.get('htm')!r}, expected {method}", False
            if (claims.get("htu") or "").split("?")[0].split("#")[0] != self.request_url:
                return None, f"Unexpected 'htu' in DPoP Proof: {claims.get('htu')!r}, expected {self.request_url}", False
            iat = claims.get("iat")
            if not isinstance(iat, (int, float)) or abs(iat - now) > 300:
                return None, f"DPoP Proof 'iat' {iat} is not within 5 minutes of now", False
            if access_token is None and "ath" in claims:
                return None, "DPoP Proof request contains 'ath' claim", False
            if access_token is not None and claims.get("ath") != b64(hashlib.sha256(access_token.encode()).digest()):
                return None, "'ath' claim in DPoP Proof is missing or not the access token's hash", False
            with state.lock:
                if claims["jti"] in state.jtis:
                    return None, "DPoP proof jti was used before", False
                state.jtis.add(claims["jti"])
            return key.thumbprint(), None, claims.get("nonce")

        def par(self, module, config, state, issuer, params, method):
            if method != "POST":
                return self.fail(module, f"Got unexpected HTTP method '{method}' to par endpoint")
            problem = self.client_authenticated(module, state, issuer, self.form, "par")
            if problem:
                return self.fail(module, f"PAR endpoint: {problem}")
            if "request_uri" in self.form:
                return self.fail(module, "PAR request contains request_uri")
            if self.form.get("response_type") != "code":
                return self.fail(module, f"response_type is {self.form.get('response_type')!r}, not code")
            if self.form.get("code_challenge_method") != "S256" or not self.form.get("code_challenge"):
                return self.fail(module, "the pushed request has no S256 code_challenge (FAPI2-SP-FINAL-5.3.3.2-3)")
            if "openid" not in (self.form.get("scope") or "").split():
                return self.fail(module, "openid scope must be used with OIDC")
            if not (self.form.get("redirect_uri") or "").startswith("http://127.0.0.1:"):
                return self.fail(module, "redirect_uri is not the client's loopback redirect")
            jkt, problem, nonce = (None, None, None) if self.mtls_variant else self.dpop_proof(state, "POST", required=False)
            if problem:
                return self.fail(module, f"PAR endpoint: {problem}")
            if jkt and not config.get("no_nonce") and nonce != state.as_nonce:
                return self.send(400, {"error": "use_dpop_nonce", "error_description": "Authorization server requires nonce in DPoP proof"},
                                 headers=[("DPoP-Nonce", state.as_nonce)])
            if jkt and self.form.get("dpop_jkt") and self.form["dpop_jkt"] != jkt:
                return self.fail(module, "dpop_jkt in request doesn't match DPoP proof JWK thumbprint.")
            request_uri = "urn:ietf:params:oauth:request_uri:" + secrets.token_urlsafe(16)
            with state.lock:
                state.requests[request_uri] = {"params": dict(self.form), "jkt": jkt or self.form.get("dpop_jkt") or ""}
            self.send(201, {"request_uri": request_uri, "expires_in": 600})

        def authorize(self, module, config, state, issuer, params, method):
            unexpected = sorted(set(self.query_params) - {"client_id", "request_uri"})
            if unexpected:
                return self.fail(module, "Authorization request contains unexpected parameters when using PAR. Only "
                                         f"'client_id' and 'request_uri' should be present: {unexpected}")
            with state.lock:
                pushed = state.requests.pop(self.query_params.get("request_uri"), None)
            if pushed is None or self.query_params.get("client_id") != CLIENT_ID:
                return self.fail(module, "the request_uri is unknown or was pushed for another client")
            request = pushed["params"]
            code = secrets.token_urlsafe(16)
            with state.lock:
                state.codes[code] = pushed
                # CreateAuthorizationServerDpopNonce after the authorization response: the next token call meets it.
                state.as_nonce = secrets.token_urlsafe(24)
            response = {"code": code}
            if config.get("state") != "remove" and request.get("state"):
                response["state"] = "invalid-" + request["state"] if config.get("state") == "invalid" else request["state"]
            if config.get("auth_iss") == "invalid":
                response["iss"] = "https://attacker.example/"
            elif config.get("auth_iss") != "remove":
                response["iss"] = issuer
            if config.get("expect") == "authorization":
                state.shutdown = "an invalid authorization response"
            self.send(302, b"", "text/plain", [("Location", request["redirect_uri"] + "?" + urllib.parse.urlencode(response))])

        def id_token(self, module, config, issuer, nonce):
            now = int(time.time())
            claims = {"iss": issuer, "sub": SUBJECT, "aud": CLIENT_ID, "exp": now + 300, "iat": now, "auth_time": now}
            if nonce:
                claims["nonce"] = nonce
            for name, value in config.get("claims", {}).items():
                if value is None:
                    claims.pop(name, None)
                elif value == "expired":
                    claims[name] = now - 3600
                else:
                    claims[name] = value
            if config.get("alg_none"):
                return b64(json.dumps({"alg": "none", "typ": "JWT"}).encode()) + "." + b64(json.dumps(claims).encode()) + "."
            if config.get("alg_alt"):
                return keys.sign({"alg": "RS256", "typ": "JWT", "kid": "alt"}, claims, "RS256", "alt")
            return keys.sign({"alg": "PS256", "typ": "JWT", "kid": "rsa1"}, claims, "PS256", "rsa1")

        def token(self, module, config, state, issuer, params, method):
            problem = self.client_authenticated(module, state, issuer, params, "token")
            if problem:
                return self.fail(module, f"Token endpoint: {problem}")
            if self.mtls_variant:
                # Certificate-bound tokens (RFC 8705 §3): the binding is the presented certificate's thumbprint.
                jkt, problem, nonce = self.cert_thumbprint, None, None
            else:
                jkt, problem, nonce = self.dpop_proof(state, "POST")
            if problem:
                return self.fail(module, f"Token endpoint: {problem}")
            if not self.mtls_variant and not config.get("no_nonce") and nonce != state.as_nonce:
                return self.send(400, {"error": "use_dpop_nonce", "error_description": "Authorization server requires nonce in DPoP proof"},
                                 headers=[("DPoP-Nonce", state.as_nonce)])
            grant = params.get("grant_type")
            id_token = None
            with state.lock:
                if grant == "authorization_code":
                    pushed = state.codes.pop(params.get("code"), None)
                    if pushed is None:
                        return self.send(400, {"error": "invalid_grant"})
                    request = pushed["params"]
                    if params.get("redirect_uri") != request.get("redirect_uri"):
                        return self.fail(module, "Didn't find matching redirect uri")
                    verifier = params.get("code_verifier", "")
                    if b64(hashlib.sha256(verifier.encode()).digest()) != request.get("code_challenge") or verifier in state.verifiers:
                        return self.fail(module, "the code_verifier does not match the S256 code_challenge, or was used before")
                    state.verifiers.add(verifier)
                    if pushed["jkt"] and pushed["jkt"] != jkt:
                        return self.fail(module, "Mismatched authorization code DPoP binding")
                    id_token = self.id_token(module, config, issuer, request.get("nonce"))
                elif grant == "refresh_token":
                    if not config.get("refresh"):
                        return self.fail(module, "Got an unexpected grant type on the token endpoint: refresh_token")
                    if state.refresh.pop(params.get("refresh_token"), None) != jkt:
                        return self.send(400, {"error": "invalid_grant"})
                else:
                    return self.fail(module, f"Got an unexpected grant type on the token endpoint: {grant}")
                access, refresh = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
                state.access[access] = jkt
                state.refresh[refresh] = jkt
                # A new nonce after every token response (CreateAuthorizationServerDpopNonce).
                state.as_nonce = secrets.token_urlsafe(24)
                if id_token and config.get("expect") == "id_token":
                    state.shutdown = "an invalid id_token"
            token_type = "Bearer" if self.mtls_variant else "DPoP"
            if config.get("token_type") == "invert":
                token_type = token_type.swapcase()
            body = {"access_token": access, "token_type": token_type, "expires_in": 300,
                    "refresh_token": refresh, "scope": "openid"}
            if config.get("no_expires_in"):
                del body["expires_in"]
            if id_token:
                body["id_token"] = id_token
            self.send(200, body)

        def userinfo(self, module, config, state, issuer, params, method):
            authorization = self.headers.get("Authorization", "")
            scheme, _, token = authorization.partition(" ")
            if self.mtls_variant:
                # RequireMtlsAccessToken: a bearer token in the header, bound to the certificate this connection shows.
                if "access_token" in self.query_params or scheme.lower() != "bearer" or not token:
                    return self.fail(module, "Userinfo endpoint: the access token is not sent as 'Authorization: Bearer <token>'")
                with state.lock:
                    bound = state.access.get(token)
                if bound is None or bound != self.cert_thumbprint:
                    return self.send(401, {"error": "invalid_token"}, headers=[("WWW-Authenticate", 'Bearer error="invalid_token"')])
                return self.send(200, {"sub": SUBJECT})
            if "access_token" in self.query_params or scheme.lower() != "dpop" or not token:
                return self.fail(module, "Userinfo endpoint: the access token is not sent as 'Authorization: DPoP <token>'")
            jkt, problem, nonce = self.dpop_proof(state, method, access_token=token)
            if problem:
                return self.fail(module, f"Userinfo endpoint: {problem}")
            if not config.get("no_nonce") and nonce != state.rs_nonce:
                scheme = config.get("rs_scheme", "DPoP")
                return self.send(401, {"error": "use_dpop_nonce"}, headers=[
                    ("WWW-Authenticate", f'{scheme} error="use_dpop_nonce", error_description="Resource server requires nonce in DPoP proof"'),
                    ("DPoP-Nonce", state.rs_nonce)])
            with state.lock:
                bound = state.access.get(token)
                if bound is None or bound != jkt:
                    return self.send(401, {"error": "invalid_token"}, headers=[("WWW-Authenticate", 'DPoP error="invalid_token"')])
                state.rs_nonce = secrets.token_urlsafe(24)
            self.send(200, {"sub": SUBJECT})

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    bases["plain"] = f"http://127.0.0.1:{server.server_address[1]}"
    if args.tls_cert:
        # The suite's base_mtls_url: TLS 1.2+, a client certificate required and verified against the test CA.
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.load_cert_chain(args.tls_cert, args.tls_key)
        context.load_verify_locations(args.client_ca)
        context.verify_mode = ssl.CERT_REQUIRED
        mtls_server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        mtls_server.daemon_threads = True
        mtls_server.mtls = True
        mtls_server.socket = context.wrap_socket(mtls_server.socket, server_side=True)
        bases["mtls"] = f"https://127.0.0.1:{mtls_server.server_address[1]}"
        threading.Thread(target=mtls_server.serve_forever, daemon=True).start()
    exit_with_parent()
    print(f"PORT {server.server_address[1]}", flush=True)
    if "mtls" in bases:
        print(f"MTLS_PORT {bases['mtls'].rpartition(':')[2]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
