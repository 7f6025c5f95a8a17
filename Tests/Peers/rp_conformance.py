#!/usr/bin/env python3
"""The OpenID Foundation's RP conformance modules as a scripted provider, for dots-sso's tests.

The conformance suite (openid-certification/conformance-suite, src/main/java/net/openid/conformance/openid/client/)
tests a relying party by running one provider per test module, each misbehaving in exactly one way. This peer does
the same on one loopback port: the module is the first path segment, so the issuer of module M is <base>/M, and
everything under it (discovery, JWKS, authorization, token, userinfo, end-session) behaves as that module does.
Each module's behaviour is in MODULES below, with the suite's module name; a few of ours follow (dots-*), the id_token
and key defects dots-sso must refuse beyond the suite.

A run of a module is "M~RUN" (any RUN): its issuer, its log lines and its state are its own, so runs of one module
can go on at once, as the suite runs module instances side by side.

The authorization endpoint approves at once (a 302 to redirect_uri with code and state, as the suite's automated
browser does); PKCE S256 is checked at the token endpoint. It prints "PORT <n>" once listening; --log appends one
"MODULE METHOD PATH [no-cache]" line per request.

Strict as the suite is (AbstractOIDCCClientTest.handleClientRequestForPath): a module serves only its own paths —
discovery, jwks, authorize, token, userinfo, and end_session in the logout modules — and any other request fails the
module ("Got unexpected HTTP call to PATH"), as does a refresh grant in a module that does not test refresh ("refresh_token
grant type is not implemented for this test"). A failure is answered 500 and logged as "MODULE FAIL reason".
"""
import argparse
import base64
import hashlib
import hmac
import json
import secrets
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from parent_watch import exit_with_parent

CLIENT_ID = "dots-rp"
CLIENT_SECRET = "rp-conformance-secret"
SUBJECT = "member-1"

# module -> what it changes. Keys: claims (dict merged into the id_token; None removes), header (merged into the JOSE
# header), alg, sign_key, jwks (list of key names; "nokid:" prefix drops the kid), corrupt (flip a signature byte),
# userinfo (dict merged into userinfo), basic_auth, refresh_claims, discovery_issuer, logout_state, rotate.
MODULES = {
    # Basic RP (OIDCCClientBasicTestPlan)
    "oidcc-client-test": {},
    "oidcc-client-test-invalid-iss": {"claims": {"iss": "https://attacker.example/"}},
    "oidcc-client-test-missing-sub": {"claims": {"sub": None}},
    "oidcc-client-test-invalid-aud": {"claims": {"aud": "another-client"}},
    "oidcc-client-test-missing-iat": {"claims": {"iat": None}},
    "oidcc-client-test-kid-absent-single-jwks": {"header": {"kid": None}, "jwks": ["nokid:rsa1"]},
    "oidcc-client-test-kid-absent-multiple-jwks": {"header": {"kid": None}, "jwks": ["nokid:rsa2", "nokid:rsa1"]},
    "oidcc-client-test-idtoken-sig-rs256": {},
    "oidcc-client-test-idtoken-sig-none": {"alg": "none"},
    "oidcc-client-test-invalid-sig-rs256": {"corrupt": True},
    "oidcc-client-test-userinfo-invalid-sub": {"userinfo": {"sub": "someone-else"}},
    "oidcc-client-test-nonce-invalid": {"claims": {"nonce": "not-the-nonce-sent"}},
    "oidcc-client-test-scope-userinfo-claims": {"userinfo": {"name": "Tess Member", "given_name": "Tess", "family_name": "Member",
                                                             "email": "tess@partner.example", "email_verified": True}},
    "oidcc-client-test-client-secret-basic": {"basic_auth": True},
    # Config RP (OIDCCClientConfigTestPlan)
    "oidcc-client-test-discovery-openid-config": {},
    "oidcc-client-test-discovery-jwks-uri-keys": {},
    "oidcc-client-test-discovery-issuer-mismatch": {"discovery_issuer": "https://another-issuer.example/"},
    "oidcc-client-test-signing-key-rotation": {"rotate": True},
    # The issuer's JWKS also holds keys the RP cannot use (RFC 7517 §5: ignored): a post-quantum-shaped key of a type
    # dots-sso does not know, a made-up type, and (ours) an RSA key whose modulus is no base64url.
    "oidcc-client-test-ignores-unparseable-key-in-jwks": {"jwks": ["rsa1", "raw:akp", "raw:made-up", "raw:bad-rsa"]},
    # Refresh (OIDCCClientRefreshTokenProfileTestPlan)
    "oidcc-client-test-refresh-token": {"refresh": True},
    "oidcc-client-test-refresh-token-invalid-issuer": {"refresh": True, "refresh_claims": {"iss": "https://attacker.example/"}},
    "oidcc-client-test-refresh-token-invalid-sub": {"refresh": True, "refresh_claims": {"sub": "someone-else"}},
    "oidcc-client-test-refresh-token-invalid-aud": {"refresh": True, "refresh_claims": {"aud": [CLIENT_ID, "another-client"],
                                                                                        "azp": CLIENT_ID}},
    "oidcc-client-test-refresh-token-invalid-azp": {"refresh": True, "refresh_claims": {"azp": CLIENT_ID}},
    # RP-initiated logout (OIDCCClientRPInitiatedLogoutRPBasicTestPlan)
    "oidcc-client-test-rp-init-logout": {"logout": True},
    "oidcc-client-test-rp-init-logout-other-state": {"logout": True, "logout_state": "other"},
    "oidcc-client-test-rp-init-logout-no-state": {"logout": True, "logout_state": "none"},
    # From the full plan (OIDCCClientTestPlan)
    "oidcc-client-test-missing-aud": {"claims": {"aud": None}},
    "oidcc-client-test-idtoken-sig-es256": {"alg": "ES256", "sign_key": "ec1", "jwks": ["ec1"]},
    "oidcc-client-test-invalid-sig-es256": {"alg": "ES256", "sign_key": "ec1", "jwks": ["ec1"], "corrupt": True},
    "oidcc-client-test-idtoken-sig-hs256": {"alg": "HS256"},
    "oidcc-client-test-userinfo-bearer-header": {},
    # Ours: what dots-sso refuses beyond the suite.
    "dots-rsa-exponent-1": {"alg": "forged-e1", "jwks": ["e1:rsa1"]},
    "dots-rsa-1024": {"sign_key": "rsa1024", "jwks": ["rsa1024"]},
    "dots-crit-unknown": {"header": {"crit": ["urn:example:must-understand"], "urn:example:must-understand": True}},
    "dots-multiple-aud-no-azp": {"claims": {"aud": [CLIENT_ID, "another-client"]}},
    "dots-exp-huge": {"claims": {"exp": 1e300}},
    # A provider that ignores max_age (OIDC Core §3.1.2.1): the member authenticated an hour ago, or it sends no auth_time.
    "dots-auth-time-old": {"auth_time_age": 3600},
    "dots-auth-time-missing": {"claims": {"auth_time": None}},
    # Ours: every other algorithm of RFC 7518 and RFC 8037 that a provider may sign with (FAPI 2.0 asks for PS256 or
    # ES256; Ed25519 is EdDSA), signed by the cryptography package; a broken signature of each kind; and a key whose
    # JWK declares RS256 used for PS256.
    **{f"dots-idtoken-sig-{alg.lower()}": {"alg": alg, "sign_key": key, "jwks": [key]}
       for alg, key in [("RS384", "rsa1"), ("RS512", "rsa1"), ("PS256", "rsa1"), ("PS384", "rsa1"), ("PS512", "rsa1"),
                        ("ES384", "ec384"), ("ES512", "ec521"), ("EdDSA", "ed1")]},
    **{f"dots-invalid-sig-{alg.lower()}": {"alg": alg, "sign_key": key, "jwks": [key], "corrupt": True}
       for alg, key in [("PS256", "rsa1"), ("ES384", "ec384"), ("EdDSA", "ed1")]},
    "dots-jwk-alg-mismatch": {"alg": "PS256", "sign_key": "rsa1", "jwks": ["rsa1"], "jwk_alg": "RS256"},
}

# Keys a relying party cannot use, each with its own kid (the suite's AddUnparseableKeyToServerPublicJwks and ours).
UNUSABLE_KEYS = {
    "akp": {"kty": "AKP", "alg": "ML-DSA-99", "kid": "pq-1", "pub": base64.urlsafe_b64encode(b"\x01" * 64).decode().rstrip("=")},
    "made-up": {"kty": "XYZ", "kid": "made-up-1", "use": "sig", "k": "AQAB"},
    "bad-rsa": {"kty": "RSA", "kid": "bad-rsa-1", "use": "sig", "alg": "RS256", "n": "not base64url!", "e": "AQAB"},
}

ALGORITHMS = {"RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"}
DIGESTS = {"256": hashes.SHA256, "384": hashes.SHA384, "512": hashes.SHA512}
CURVES = {"ec1": ("P-256", 32), "ec384": ("P-384", 48), "ec521": ("P-521", 66)}


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def int_bytes(value):
    return value.to_bytes((value.bit_length() + 7) // 8, "big")


class Keys:
    def __init__(self):
        self.private = {
            "rsa1": rsa.generate_private_key(public_exponent=65537, key_size=2048),
            "rsa2": rsa.generate_private_key(public_exponent=65537, key_size=2048),
            "rsa1024": rsa.generate_private_key(public_exponent=65537, key_size=1024),
            "ec1": ec.generate_private_key(ec.SECP256R1()),
            "ec384": ec.generate_private_key(ec.SECP384R1()),
            "ec521": ec.generate_private_key(ec.SECP521R1()),
            "ed1": ed25519.Ed25519PrivateKey.generate(),
        }

    def jwk(self, spec, alg=None):
        kind, _, name = spec.rpartition(":")
        if kind == "raw":
            return UNUSABLE_KEYS[name]
        key = self.private[name].public_key()
        if isinstance(key, rsa.RSAPublicKey):
            numbers = key.public_numbers()
            jwk = {"kty": "RSA", "use": "sig", "alg": alg or "RS256", "n": b64(int_bytes(numbers.n)),
                   "e": b64(int_bytes(1 if kind == "e1" else numbers.e))}
        elif isinstance(key, ed25519.Ed25519PublicKey):
            jwk = {"kty": "OKP", "use": "sig", "alg": "EdDSA", "crv": "Ed25519",
                   "x": b64(key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw))}
        else:
            numbers = key.public_numbers()
            curve, size = CURVES[name]
            jwk = {"kty": "EC", "use": "sig", "alg": alg or "ES256", "crv": curve,
                   "x": b64(numbers.x.to_bytes(size, "big")), "y": b64(numbers.y.to_bytes(size, "big"))}
        if kind != "nokid":
            jwk["kid"] = name
        return jwk

    def sign(self, header, claims, alg, key_name):
        header = {k: v for k, v in header.items() if v is not None}
        signing_input = (b64(json.dumps(header).encode()) + "." + b64(json.dumps(claims).encode())).encode()
        if alg == "none":
            signature = b""
        elif alg == "HS256":
            signature = hmac.new(CLIENT_SECRET.encode(), signing_input, hashlib.sha256).digest()
        elif alg.startswith("ES"):
            der = self.private[key_name].sign(signing_input, ec.ECDSA(DIGESTS[alg[2:]]()))
            r, s = decode_dss_signature(der)
            size = CURVES[key_name][1]
            signature = r.to_bytes(size, "big") + s.to_bytes(size, "big")
        elif alg == "EdDSA":
            signature = self.private[key_name].sign(signing_input)
        elif alg.startswith("PS"):
            digest = DIGESTS[alg[2:]]()
            signature = self.private[key_name].sign(signing_input, padding.PSS(padding.MGF1(digest), digest.digest_size), digest)
        elif alg in ("RS384", "RS512"):
            signature = self.private[key_name].sign(signing_input, padding.PKCS1v15(), DIGESTS[alg[2:]]())
        elif alg == "forged-e1":
            # With e = 1 a "signature" is the PKCS#1 v1.5 encoding itself: anyone can make it, no private key used.
            modulus_bytes = (self.private[key_name].key_size + 7) // 8
            digest_info = bytes.fromhex("3031300d060960864801650304020105000420") + hashlib.sha256(signing_input).digest()
            signature = b"\x00\x01" + b"\xff" * (modulus_bytes - len(digest_info) - 3) + b"\x00" + digest_info
        else:
            signature = self.private[key_name].sign(signing_input, padding.PKCS1v15(), hashes.SHA256())
        return signing_input.decode() + "." + b64(signature)


class ModuleHandler(BaseHTTPRequestHandler):
    """What every scripted provider's handler shares (this one's and fapi2_conformance.py's): HTTP/1.1, no access log,
    the loopback base URL, and answers that are never cached."""
    protocol_version = "HTTP/1.1"

    def log_message(self, *_):
        pass

    def base(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def send(self, status, body=b"", content_type="application/json", headers=()):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.codes = {}
        self.access = {}
        self.refresh = {}
        self.rotated = set()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--log")
    args = parser.parse_args()
    keys = Keys()
    state = State()

    class Handler(ModuleHandler):
        def redirect(self, target):
            self.send(302, b"", "text/plain", [("Location", target)])

        def record(self, module, method, path):
            if args.log:
                no_cache = " no-cache" if "no-cache" in (self.headers.get("Cache-Control") or "") else ""
                with open(args.log, "a") as log:
                    log.write(f"{module} {method} {path}{no_cache}\n")

        def route(self, method):
            path, _, query = self.path.partition("?")
            parts = path.strip("/").split("/", 1)
            module = parts[0]
            rest = parts[1] if len(parts) > 1 else ""
            self.record(module, method, rest)
            # "M~RUN" is a run of module M of its own (its issuer, log lines and rotation state), so cases can run at once.
            if module.partition("~")[0] not in MODULES:
                self.send(404, {"error": "unknown module"})
                return
            config = MODULES[module.partition("~")[0]]
            issuer = f"{self.base()}/{module}"
            params = dict(urllib.parse.parse_qsl(query))
            if method == "POST":
                length = int(self.headers.get("Content-Length") or 0)
                params.update(urllib.parse.parse_qsl(self.rfile.read(length).decode()))
            paths = {
                ".well-known/openid-configuration": self.discovery, "jwks": self.jwks, "authorize": self.authorize,
                "token": self.token, "userinfo": self.userinfo,
            }
            if config.get("logout"):
                paths["logout"] = self.logout
            handler = paths.get(rest)
            if handler is None:
                self.fail_module(module, f"Got unexpected HTTP call to {rest}")
                return
            handler(module, config, issuer, params)

        def fail_module(self, module, reason):
            """What the suite does with a request its module does not expect: the module fails."""
            if args.log:
                with open(args.log, "a") as log:
                    log.write(f"{module} FAIL {reason}\n")
            self.send(500, {"error": "server_error", "error_description": reason})

        def do_GET(self):
            self.route("GET")

        def do_POST(self):
            self.route("POST")

        def discovery(self, module, config, issuer, params):
            auth_methods = ["client_secret_basic"] if config.get("basic_auth") else ["none", "client_secret_basic"]
            self.send(200, {
                "issuer": config.get("discovery_issuer", issuer), "authorization_endpoint": issuer + "/authorize",
                "token_endpoint": issuer + "/token", "userinfo_endpoint": issuer + "/userinfo", "jwks_uri": issuer + "/jwks",
                **({"end_session_endpoint": issuer + "/logout"} if config.get("logout") else {}),
                "response_types_supported": ["code"],
                "subject_types_supported": ["public"],
                "id_token_signing_alg_values_supported": ["RS256", "ES256"] + [
                    alg for alg in [config.get("alg")] if alg in ALGORITHMS and alg not in ("RS256", "ES256")],
                "scopes_supported": ["openid", "profile", "email"], "code_challenge_methods_supported": ["S256"],
                "grant_types_supported": ["authorization_code", "refresh_token"],
                "token_endpoint_auth_methods_supported": auth_methods,
            })

        def key_names(self, module, config):
            if config.get("rotate"):
                return ["rsa2"] if module in state.rotated else ["rsa1"]
            return config.get("jwks", ["rsa1"])

        def jwks(self, module, config, issuer, params):
            names = self.key_names(module, config)
            if config.get("rotate") and module in state.rotated and "no-cache" not in (self.headers.get("Cache-Control") or ""):
                # After the rotation a cache in front of the JWKS still answers with the old key, until asked not to.
                names = ["rsa1"]
            alg = config.get("jwk_alg", config.get("alg") if config.get("alg") in ALGORITHMS else None)
            self.send(200, {"keys": [keys.jwk(name, alg) for name in names]})

        def authorize(self, module, config, issuer, params):
            code = secrets.token_urlsafe(16)
            with state.lock:
                state.codes[code] = params
            target = params["redirect_uri"] + "?" + urllib.parse.urlencode({"code": code, "state": params.get("state", "")})
            self.redirect(target)

        def id_token(self, module, config, issuer, nonce, extra_claims):
            now = int(time.time())
            claims = {"iss": issuer, "sub": SUBJECT, "aud": CLIENT_ID, "exp": now + 300, "iat": now,
                      "auth_time": now - config.get("auth_time_age", 0)}
            if nonce:
                claims["nonce"] = nonce
            for name, value in {**config.get("claims", {}), **extra_claims}.items():
                if value is None:
                    claims.pop(name, None)
                else:
                    claims[name] = value
            alg = config.get("alg", "RS256")
            key_name = config.get("sign_key", "rsa1")
            if config.get("rotate"):
                key_name = "rsa2" if module in state.rotated else "rsa1"
            header = {"alg": "RS256" if alg == "forged-e1" else alg, "typ": "JWT", "kid": key_name, **config.get("header", {})}
            token = keys.sign(header, claims, alg, key_name)
            if config.get("corrupt"):
                head, _, signature = token.rpartition(".")
                raw = bytearray(base64.urlsafe_b64decode(signature + "=" * (-len(signature) % 4)))
                raw[len(raw) // 2] ^= 0x01
                token = head + "." + b64(bytes(raw))
            return token

        def client_authenticated(self, config, params):
            if not config.get("basic_auth"):
                return params.get("client_id") == CLIENT_ID or self.headers.get("Authorization", "").startswith("Basic ")
            expected = "Basic " + base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
            return hmac.compare_digest(self.headers.get("Authorization", ""), expected) and "client_secret" not in params

        def token(self, module, config, issuer, params):
            if not self.client_authenticated(config, params):
                self.send(401, {"error": "invalid_client"}, headers=[("WWW-Authenticate", "Basic")])
                return
            grant = params.get("grant_type")
            with state.lock:
                if grant == "authorization_code":
                    request = state.codes.pop(params.get("code"), None)
                    verifier = params.get("code_verifier", "")
                    if request is None or request.get("redirect_uri") != params.get("redirect_uri") or \
                            b64(hashlib.sha256(verifier.encode()).digest()) != request.get("code_challenge"):
                        self.send(400, {"error": "invalid_grant"})
                        return
                    id_token = self.id_token(module, config, issuer, request.get("nonce"), {})
                    if config.get("rotate"):
                        state.rotated.add(module)
                elif grant == "refresh_token":
                    if not config.get("refresh"):
                        self.fail_module(module, "refresh_token grant type is not implemented for this test")
                        return
                    if state.refresh.pop(params.get("refresh_token"), None) is None:
                        self.send(400, {"error": "invalid_grant"})
                        return
                    id_token = self.id_token(module, config, issuer, None, config.get("refresh_claims", {}))
                else:
                    self.send(400, {"error": "unsupported_grant_type"})
                    return
                access, refresh = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
                state.access[access] = module
                state.refresh[refresh] = module
            self.send(200, {"access_token": access, "token_type": "Bearer", "expires_in": 300, "refresh_token": refresh,
                            "id_token": id_token, "scope": "openid profile email"})

        def userinfo(self, module, config, issuer, params):
            authorization = self.headers.get("Authorization", "")
            token = authorization[7:] if authorization.startswith("Bearer ") else None
            with state.lock:
                known = state.access.get(token) == module
            if not known:
                self.send(401, {"error": "invalid_token"}, headers=[("WWW-Authenticate", 'Bearer error="invalid_token"')])
                return
            self.send(200, {"sub": SUBJECT, **config.get("userinfo", {})})

        def logout(self, module, config, issuer, params):
            target = params.get("post_logout_redirect_uri")
            if not target:
                self.send(200, b"<!DOCTYPE html><title>Logged out</title><p>You are logged out.</p>", "text/html")
                return
            sent = params.get("state")
            returned = {"other": secrets.token_urlsafe(16), "none": None}.get(config.get("logout_state"), sent)
            self.redirect(target + ("?" + urllib.parse.urlencode({"state": returned}) if returned else ""))

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    exit_with_parent()
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
