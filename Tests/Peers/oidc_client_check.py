#!/usr/bin/env python3
"""Signs in to an OIDC provider as a standard client library would, and validates the id_token with Authlib.

Nobody here wrote the checks: Authlib's PKCE helpers build the request, and Authlib's CodeIDToken validates the
id_token (signature from the JWKS, iss, aud, exp, iat, nonce, and auth_time against max_age, OIDC Core §3.1.2.1).
The provider must approve at once (the sandbox's --auto-approve). Only loopback is contacted.

  oidc_client_check.py ISSUER CLIENT_ID [--max-age N]     prints {"sub": …, "auth_time": …} and exits 0, or the reason and 1
"""
import argparse
import json
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

from authlib.common.security import generate_token
from authlib.jose import JsonWebKey, jwt
from authlib.oauth2.rfc6749.parameters import prepare_grant_uri
from authlib.oauth2.rfc7636 import create_s256_code_challenge
from authlib.oidc.core import CodeIDToken

REDIRECT_URI = "http://127.0.0.1:4711/callback"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def get(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("issuer")
    parser.add_argument("client_id")
    parser.add_argument("--max-age", type=int, default=300)
    args = parser.parse_args()
    if not args.issuer.startswith("http://127.0.0.1:"):
        sys.exit("loopback issuers only")
    metadata = get(args.issuer + "/.well-known/openid-configuration")
    verifier, state, nonce = generate_token(48), generate_token(20), generate_token(20)
    url = prepare_grant_uri(metadata["authorization_endpoint"], args.client_id, "code", redirect_uri=REDIRECT_URI,
                            scope="openid email", state=state, code_challenge=create_s256_code_challenge(verifier),
                            code_challenge_method="S256", nonce=nonce, max_age=str(args.max_age))
    opener = urllib.request.build_opener(NoRedirect)
    try:
        opener.open(url, timeout=10)
        sys.exit("the provider did not redirect back")
    except urllib.error.HTTPError as redirect:
        location = redirect.headers.get("Location", "")
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(location).query))
    if query.get("state") != state or "code" not in query:
        sys.exit(f"no code for this state: {query}")
    form = urllib.parse.urlencode({"grant_type": "authorization_code", "code": query["code"], "redirect_uri": REDIRECT_URI,
                                   "client_id": args.client_id, "code_verifier": verifier}).encode()
    with urllib.request.urlopen(urllib.request.Request(metadata["token_endpoint"], data=form), timeout=10) as response:
        tokens = json.loads(response.read())
    keys = JsonWebKey.import_key_set(get(metadata["jwks_uri"]))
    claims = jwt.decode(tokens["id_token"], keys, claims_cls=CodeIDToken,
                        claims_options={"iss": {"essential": True, "value": args.issuer}},
                        claims_params={"nonce": nonce, "client_id": args.client_id, "max_age": args.max_age})
    try:
        claims.validate(now=int(time.time()), leeway=60)
    except Exception as error:  # Authlib's own words are the point of this check.
        sys.exit(f"Authlib refused the id_token: {error}")
    print(json.dumps({"sub": claims["sub"], "auth_time": claims.get("auth_time"), "alg": claims.header.get("alg")}))


if __name__ == "__main__":
    main()
