#!/usr/bin/env python3
"""A real Glewlwyd (Debian's glewlwyd 2.7.5, C, nobody here wrote it) on loopback, for dots-sso's tests.

It makes a SQLite database from the package's own init script, starts glewlwyd on a free port with a config of its
own (nothing under /etc or /var is touched), and sets it up through Glewlwyd's admin API as an operator would: an
OpenID Connect plugin instance signing with a fresh RSA key, refresh tokens used once (rotated), PAR offered,
revocation on; a member with a
password; and the clients the test asks for, each with its redirect URI and either a private_key_jwt JWKS or a
secret. The member has granted the openid scope to each client, so a browser with the member's session cookie is
redirected back with a code at once.

  glewlwyd_peer.py --work DIR --redirect-uri URI --client-jwk FILE [--secret S]
      prints "PORT <n>", "ISSUER <url>", "COOKIES <file>" (the member's session, for curl -b) and serves until the
      parent dies. Clients: "dots-keyed" (private_key_jwt with the JWK in FILE) and "dots-secret" (client_secret_basic
      with S). Member: tess / tess-password.
"""
import argparse
import ctypes
import gzip
import http.cookiejar
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import NameOID
import datetime

from parent_watch import exit_with_parent

INIT_SQL = "/usr/share/doc/glewlwyd/database/init.sqlite3.sql.gz"
MEMBER, MEMBER_PASSWORD = "tess", "tess-password"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def key_and_certificate():
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "glewlwyd test signing key")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
                   .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
                   .not_valid_after(now + datetime.timedelta(days=30)).sign(key, hashes.SHA256()))
    private = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    return private.decode(), certificate.public_bytes(serialization.Encoding.PEM).decode()


def config(port, database, log):
    base = open("/etc/glewlwyd/glewlwyd.conf").read()
    lines = []
    for line in base.splitlines():
        stripped = line.strip()
        if stripped.startswith("@include"):
            continue
        for key, value in (("port", str(port)), ("external_url", f'"http://127.0.0.1:{port}"'), ("log_mode", '"file"'),
                           ("log_file", f'"{log}"'), ("log_level", '"DEBUG"')):
            if stripped.startswith(key + "=") or stripped.startswith(key + " ="):
                line = f"{key}={value}"
        lines.append(line)
    lines.append(f'database =\n{{\n  type = "sqlite3"\n  path = "{database}"\n}};')
    return "\n".join(lines) + "\n"


class Session:
    """A browser-like client of Glewlwyd's API with its own cookie jar."""

    def __init__(self, base, jar_file=None):
        self.base = base
        self.jar = http.cookiejar.MozillaCookieJar(jar_file) if jar_file else http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def call(self, method, path, body=None, expect=(200,)):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"} if data else {})
        try:
            with self.opener.open(request, timeout=10) as response:
                status, text = response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode()
        if status not in expect:
            sys.exit(f"glewlwyd {method} {path} answered {status}: {text[:300]}")
        return text


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", required=True, help="an empty folder the caller removes: database, config, log")
    parser.add_argument("--redirect-uri", required=True)
    parser.add_argument("--client-jwk", required=True)
    parser.add_argument("--secret", default="dots-secret-value")
    args = parser.parse_args()
    exit_with_parent()
    work = args.work
    database = os.path.join(work, "glewlwyd.db")
    with sqlite3.connect(database) as db:
        db.executescript(gzip.open(INIT_SQL).read().decode())
    port = free_port()
    conf = os.path.join(work, "glewlwyd.conf")
    log = os.path.join(work, "glewlwyd.log")
    with open(conf, "w") as out:
        out.write(config(port, database, log))
    # Glewlwyd ends with this peer, however it ends (PR_SET_PDEATHSIG: the kernel kills the child when its parent dies).
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    server = subprocess.Popen(["/usr/bin/glewlwyd", "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              preexec_fn=lambda: libc.prctl(1, 9))
    base = f"http://127.0.0.1:{port}/api"
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            if server.poll() is not None:
                sys.exit(f"glewlwyd ended at start: see {log}: {open(log).read()[-2000:] if os.path.exists(log) else ''}")
            time.sleep(0.05)

    admin = Session(base)
    admin.call("POST", "/auth/", {"username": "admin", "password": "password"})
    key, certificate = key_and_certificate()
    issuer = f"{base}/oidc"
    admin.call("POST", "/mod/plugin/", {
        "module": "oidc", "name": "oidc", "display_name": "OpenID Connect", "enabled": True,
        "parameters": {
            "iss": issuer, "jwt-type": "rsa", "jwt-key-size": "256", "key": key, "cert": certificate,
            "access-token-duration": 3600, "refresh-token-duration": 1209600, "code-duration": 600,
            # allow-non-oidc: Glewlwyd serves the client credentials grant (a machine's token, no id_token) only with it.
            "refresh-token-rolling": True, "refresh-token-one-use": "always", "allow-non-oidc": True, "auth-type-code-enabled": True,
            "auth-type-token-enabled": False, "auth-type-id-token-enabled": True, "auth-type-none-enabled": False,
            "auth-type-password-enabled": False, "auth-type-client-enabled": True, "auth-type-refresh-enabled": True,
            "auth-type-device-enabled": False, "request-parameter-allow": True, "client-jwks-parameter": "jwks",
            "client-pubkey-parameter": "",
            "pkce-allowed": True, "pkce-method-plain-allowed": False, "oauth-par-allowed": True,
            "oauth-par-required": False, "oauth-par-request_uri-prefix": "urn:ietf:params:oauth:request_uri:",
            "oauth-par-duration": 90, "session-management-allowed": False, "introspection-revocation-allowed": True,
            "introspection-revocation-allow-target-client": True, "introspection-revocation-auth-scope": [],
            "scope": [{"name": "openid", "refresh-token-rolling": True}],
        }}, expect=(200,))
    admin.call("POST", "/user/", {"username": MEMBER, "name": "Tess Member", "password": MEMBER_PASSWORD,
                                  "scope": ["openid"], "enabled": True})
    jwk = json.load(open(args.client_jwk))
    admin.call("POST", "/client/", {
        "client_id": "dots-keyed", "name": "dots-sso with a key", "confidential": True, "enabled": True,
        "redirect_uri": [args.redirect_uri], "authorization_type": ["code", "refresh_token", "client_credentials"], "scope": ["openid"],
        "token_endpoint_auth_method": ["private_key_jwt"], "jwks": {"keys": [jwk]}})
    admin.call("POST", "/client/", {
        "client_id": "dots-secret", "name": "dots-sso with a secret", "confidential": True, "enabled": True,
        "password": args.secret, "redirect_uri": [args.redirect_uri], "authorization_type": ["code", "refresh_token", "client_credentials"],
        "scope": ["openid"], "token_endpoint_auth_method": ["client_secret_basic"]})

    cookies = os.path.join(work, "member-cookies.txt")
    member = Session(base, cookies)
    member.call("POST", "/auth/", {"username": MEMBER, "password": MEMBER_PASSWORD})
    for client in ("dots-keyed", "dots-secret"):
        member.call("PUT", f"/auth/grant/{client}", {"scope": "openid"})
    member.jar.save(ignore_discard=True, ignore_expires=True)
    print(f"PORT {port}", flush=True)
    print(f"ISSUER {issuer}", flush=True)
    print(f"COOKIES {cookies}", flush=True)
    print(f"LOG {log}", flush=True)
    try:
        server.wait()
    finally:
        server.kill()


if __name__ == "__main__":
    main()
