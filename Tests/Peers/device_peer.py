#!/usr/bin/env python3
"""An OAuth provider built from Authlib's own RFC 8628 (device authorization) and RFC 6749 grants, for dots-sso's tests.

Nobody here wrote the protocol side: Authlib's DeviceAuthorizationEndpoint, DeviceCodeGrant, RefreshTokenGrant and
ResourceOwnerPasswordCredentialsGrant decide every answer; this file only stores what they ask it to store, as
Authlib's documentation shows. It prints "PORT <n>" once listening on a random loopback port.

  POST /device_authorization   Authlib's endpoint (device_code, user_code, verification_uri[_complete], interval)
  POST /token                  device_code, refresh_token (rotated; a spent one is invalid_grant), password (--password-grant)
  POST /device/decide          the member's answer: user_code, username, decision=approve|deny (what a verification page posts)
  GET  /me                     a seed-000 profile for the bearer token
  GET  /.well-known/oauth-authorization-server   RFC 8414 metadata

--slow-down-once answers the first pending poll of each device code with slow_down; --expires-in sets the device
code's lifetime; --interval the polling interval Authlib announces; --log appends "METHOD PATH grant_type" lines.
--private-key-jwt JWK_FILE makes the client confidential: every token request must authenticate with a client
assertion signed by that JWK's private key (RFC 7523 §2.2), checked by Authlib's JWTBearerClientAssertion (the
audience must contain the token endpoint; a jti is accepted once); the log line then ends with the assertion's
"alg kid" so tests see what was sent.
--dpop makes every token DPoP-bound (RFC 9449): a token request without a valid proof is refused (invalid_dpop_proof),
tokens are issued with token_type DPoP and bound to the proof's key (a refresh must prove the same key), and /me takes a
bound token only as `Authorization: DPoP` with a proof of that key for the request (ath included). The proof itself is
checked by idpyoidc's DPoPProof (cryptojwt verifies the signature with the proof's embedded JWK); this file compares the
claims. --dpop-nonce also demands the server's nonce, at /token (400 use_dpop_nonce) and at /me (401 with
WWW-Authenticate: DPoP error="use_dpop_nonce"), each answer carrying DPoP-Nonce. Log lines of proved requests end in
" dpop", refusals log "refused <reason>".
"""
import argparse
import base64
import hashlib
import json
import os
import threading
import time

os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # plain http on loopback

import werkzeug.serving
from authlib.integrations.flask_oauth2 import AuthorizationServer
from authlib.oauth2.rfc6749 import ClientMixin, TokenMixin, grants
from authlib.oauth2.rfc6749 import InvalidClientError
from authlib.oauth2.rfc7523 import JWTBearerClientAssertion
from joserfc import jwt as joserfc_jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet
from authlib.oauth2.rfc8628 import DeviceAuthorizationEndpoint, DeviceCodeGrant, DeviceCredentialDict
from flask import Flask, g, jsonify, request
from cryptojwt.jwk.jwk import key_from_jwk_dict
from idpyoidc.server.oauth2.add_on.dpop import DPoPProof
from parent_watch import exit_with_parent

CLIENT_ID = "dots-cli"
USERS = {"tess": "test-member-password", "jane": "demo"}


class User:
    def __init__(self, name):
        self.name = name

    def get_user_id(self):
        return self.name


AUTH_METHOD = {"name": "none"}


class Client(ClientMixin):
    def get_client_id(self):
        return CLIENT_ID

    def get_default_redirect_uri(self):
        return None

    def get_allowed_scope(self, scope):
        return scope or ""

    def check_redirect_uri(self, redirect_uri):
        return False

    def check_client_secret(self, client_secret):
        return False

    def check_endpoint_auth_method(self, method, endpoint):
        return method == AUTH_METHOD["name"]

    def check_response_type(self, response_type):
        return False

    def check_grant_type(self, grant_type):
        return True


class Token(TokenMixin):
    def __init__(self, data, user, scope):
        self.data, self.user, self.scope, self.revoked = data, user, scope, False
        self.issued_at = time.time()
        self.jkt = None

    def check_client(self, client):
        return client.get_client_id() == CLIENT_ID

    def get_scope(self):
        return self.scope

    def get_expires_in(self):
        return self.data.get("expires_in", 3600)

    def is_expired(self):
        return time.time() > self.issued_at + self.get_expires_in()

    def is_revoked(self):
        return self.revoked


def main():
    exit_with_parent()
    parser = argparse.ArgumentParser()
    parser.add_argument("--slow-down-once", action="store_true")
    parser.add_argument("--password-grant", action="store_true")
    parser.add_argument("--expires-in", type=int, default=1800)
    parser.add_argument("--interval", type=int, default=5)
    parser.add_argument("--log")
    parser.add_argument("--private-key-jwt")
    # What the metadata lists in token_endpoint_auth_signing_alg_values_supported, and all an assertion may be signed
    # with here (a FAPI 2.0 provider lists PS256,ES256): another alg is refused as invalid_client before Authlib looks.
    parser.add_argument("--assertion-algs", default="RS256,ES256")
    parser.add_argument("--dpop", action="store_true")
    parser.add_argument("--dpop-nonce", action="store_true")
    options = parser.parse_args()
    client_jwk = None
    if options.private_key_jwt:
        with open(options.private_key_jwt) as handle:
            client_jwk = json.load(handle)
        AUTH_METHOD["name"] = "private_key_jwt"
    methods = [AUTH_METHOD["name"]]
    assertion_algs = [alg for alg in options.assertion_algs.split(",") if alg]

    lock = threading.Lock()
    devices = {}      # device_code -> DeviceCredentialDict
    decisions = {}    # user_code -> (User, approved)
    slowed = set()    # device codes already told slow_down
    access_tokens = {}
    refresh_tokens = {}
    app = Flask(__name__)
    app.config["OAUTH2_REFRESH_TOKEN_GENERATOR"] = True
    issuer = {}

    def save_token(token, req):
        with lock:
            if g.get("dpop_jkt"):
                token["token_type"] = "DPoP"  # RFC 9449 §5: the token is bound to the proof's key
            record = Token(token, req.user, token.get("scope"))
            record.jkt = g.get("dpop_jkt")
            access_tokens[token["access_token"]] = record
            if "refresh_token" in token:
                refresh_tokens[token["refresh_token"]] = record

    server = AuthorizationServer(app, query_client=lambda cid: Client() if cid == CLIENT_ID else None, save_token=save_token)

    class DeviceEndpoint(DeviceAuthorizationEndpoint):
        EXPIRES_IN = options.expires_in
        INTERVAL = options.interval

        def get_verification_uri(self):
            return f"{issuer['url']}/device"

        def save_device_credential(self, client_id, scope, data):
            with lock:
                devices[data["device_code"]] = DeviceCredentialDict(
                    client_id=client_id, scope=scope, user_code=data["user_code"], expires_at=time.time() + data["expires_in"])

    class DeviceGrant(DeviceCodeGrant):
        TOKEN_ENDPOINT_AUTH_METHODS = methods

        def query_device_credential(self, device_code):
            return devices.get(device_code)

        def query_user_grant(self, user_code):
            return decisions.get(user_code)

        def should_slow_down(self, credential):
            code = request.form.get("device_code")
            if options.slow_down_once and code not in slowed:
                slowed.add(code)
                return True
            return False

    class RefreshGrant(grants.RefreshTokenGrant):
        TOKEN_ENDPOINT_AUTH_METHODS = methods
        INCLUDE_NEW_REFRESH_TOKEN = True

        def authenticate_refresh_token(self, refresh_token):
            token = refresh_tokens.get(refresh_token)
            # RFC 9449 §5: a bound refresh token is refreshed only by a proof of the same key.
            if token and not token.revoked and (token.jkt is None or token.jkt == g.get("dpop_jkt")):
                return token
            return None

        def authenticate_user(self, refresh_token):
            return refresh_token.user

        def revoke_old_credential(self, refresh_token):
            refresh_token.revoked = True

    class PasswordGrant(grants.ResourceOwnerPasswordCredentialsGrant):
        TOKEN_ENDPOINT_AUTH_METHODS = methods

        def authenticate_user(self, username, password):
            if USERS.get(username) == password:
                return User(username)
            return None

    used_jtis = set()

    class PrivateKeyJWT(JWTBearerClientAssertion):
        CLIENT_AUTH_METHOD = "private_key_jwt"

        def get_audiences(self):
            return [f"{issuer['url']}/token"]

        def validate_jti(self, claims, jti):
            with lock:
                if jti in used_jtis:
                    return False
                used_jtis.add(jti)
                return True

        def process_assertion_claims(self, assertion, resolve_key):
            # The algorithms this provider lists are the ones it verifies (joserfc's default set leaves out PS256).
            try:
                token = joserfc_jwt.decode(assertion, resolve_key, algorithms=assertion_algs)
            except JoseError as error:
                raise InvalidClientError(description=error.description) from error
            self.verify_claims(token.claims)
            return token.claims

        def resolve_client_public_key(self, client):
            # The client's registered JWKS: joserfc picks the key by the assertion's kid, so a kid it lacks is refused.
            return KeySet.import_key_set({"keys": [client_jwk]})

    if client_jwk is not None:
        server.register_client_auth_method("private_key_jwt", PrivateKeyJWT())

    server.register_endpoint(DeviceEndpoint)
    server.register_grant(DeviceGrant)
    server.register_grant(RefreshGrant)
    if options.password_grant:
        server.register_grant(PasswordGrant)

    def log(line):
        if options.log:
            with lock, open(options.log, "a") as handle:
                handle.write(f"{time.monotonic():.3f} {line}\n")

    @app.before_request
    def record():
        assertion = request.form.get("client_assertion", "")
        signed = ""
        if assertion.count(".") == 2:
            head = assertion.split(".")[0]
            header = json.loads(base64.urlsafe_b64decode(head + "=" * (-len(head) % 4)))
            signed = f" {header.get('alg')} {header.get('kid')}"
        log(f"{request.method} {request.path} {request.form.get('grant_type', '')}".rstrip() + signed)
        if signed and header.get("alg") not in assertion_algs:
            return jsonify(error="invalid_client",
                           error_description=f"client assertions are accepted signed with {', '.join(assertion_algs)}"), 401

    nonce = {"value": base64.urlsafe_b64encode(os.urandom(16)).rstrip(b"=").decode()}
    used_proofs = set()

    def check_proof(method, url, access_token=None):
        """The request's DPoP proof: (jkt, None) when good, (None, reason) when not, (None, "nonce") without the nonce."""
        header = request.headers.get("DPoP")
        if not header:
            return None, "a DPoP proof is required"
        try:
            proof = DPoPProof().verify_header(header)
            proof.verify()
        except Exception as error:  # cryptojwt's and idpyoidc's refusals: a bad signature, typ, alg or claim
            return None, f"the proof does not verify: {type(error).__name__}"
        if proof["htm"] != method or proof["htu"] != url:
            return None, "the proof is for another request"
        if abs(proof["iat"] - time.time()) > 60:
            return None, "the proof's iat is not within a minute"
        if access_token is not None:
            expected = base64.urlsafe_b64encode(hashlib.sha256(access_token.encode()).digest()).rstrip(b"=").decode()
            if proof.get("ath") != expected:
                return None, "the proof's ath is not the token's hash"
        if options.dpop_nonce and proof.get("nonce") != nonce["value"]:
            return None, "nonce"
        with lock:
            if proof["jti"] in used_proofs:
                return None, "the proof's jti was used before"
            used_proofs.add(proof["jti"])
        key = proof.key or key_from_jwk_dict(proof["jwk"])  # as idpyoidc's own token_post_parse_request does
        return key.thumbprint("SHA-256").decode(), None

    @app.before_request
    def dpop_at_token_endpoint():
        if not options.dpop or request.path != "/token":
            return None
        jkt, reason = check_proof("POST", f"{issuer['url']}/token")
        if reason == "nonce":
            log("refused use_dpop_nonce")
            return jsonify(error="use_dpop_nonce", error_description="a nonce is required"), 400, {"DPoP-Nonce": nonce["value"]}
        if reason:
            log(f"refused {reason}")
            return jsonify(error="invalid_dpop_proof", error_description=reason), 400
        g.dpop_jkt = jkt
        log("proved dpop")
        return None

    @app.post("/device_authorization")
    def device_authorization():
        return server.create_endpoint_response("device_authorization")

    @app.post("/token")
    def token():
        return server.create_token_response()

    @app.post("/device/decide")
    def decide():
        user_code = request.form.get("user_code", "")
        name = request.form.get("username", "")
        if not any(d.get_user_code() == user_code for d in devices.values()) or name not in USERS:
            return jsonify(error="unknown user_code or user"), 400
        decisions[user_code] = (User(name), request.form.get("decision") == "approve")
        return jsonify(ok=True)

    @app.get("/me")
    def me():
        header = request.headers.get("Authorization", "")
        scheme, _, value = header.partition(" ")
        record = access_tokens.get(value.strip())
        if scheme not in ("Bearer", "DPoP") or record is None or record.revoked or record.is_expired():
            return jsonify(error="invalid_token"), 401
        if record.jkt is not None:
            # RFC 9449 §7: a bound token counts only as DPoP, with a proof of its key for this request.
            jkt, reason = check_proof("GET", f"{issuer['url']}/me", value.strip()) if scheme == "DPoP" else (None, "bearer")
            if reason == "nonce":
                log("refused use_dpop_nonce")
                return "", 401, {"WWW-Authenticate": 'DPoP error="use_dpop_nonce"', "DPoP-Nonce": nonce["value"]}
            if reason or jkt != record.jkt:
                log(f"refused {reason or 'another key'}")
                return jsonify(error="invalid_token"), 401, {"WWW-Authenticate": 'DPoP error="invalid_token"'}
            log("proved dpop")
        name = record.user.get_user_id()
        return jsonify(id=f"member-{name}", email=f"{name}@example.com", firstName=name.title(), lastName="Tester",
                       features={"canAccessApp": True})

    @app.get("/.well-known/oauth-authorization-server")
    def metadata():
        grants_supported = ["urn:ietf:params:oauth:grant-type:device_code", "refresh_token"]
        if options.password_grant:
            grants_supported.append("password")
        return jsonify(issuer=issuer["url"], token_endpoint=f"{issuer['url']}/token",
                       device_authorization_endpoint=f"{issuer['url']}/device_authorization",
                       grant_types_supported=grants_supported, token_endpoint_auth_methods_supported=methods,
                       token_endpoint_auth_signing_alg_values_supported=assertion_algs,
                       response_types_supported=["code"],
                       **({"dpop_signing_alg_values_supported": ["ES256", "PS256", "RS256"]} if options.dpop else {}))

    http = werkzeug.serving.make_server("127.0.0.1", 0, app, threaded=True)
    issuer["url"] = f"http://127.0.0.1:{http.server_port}"
    print(f"PORT {http.server_port}", flush=True)
    http.serve_forever()


if __name__ == "__main__":
    main()
