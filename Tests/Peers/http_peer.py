#!/usr/bin/env python3
"""A small, deliberately misbehaving HTTP(S) server for dots-sso's tests.

It listens on a random loopback port and prints "PORT <n>" once ready. The first path segment picks
the behaviour, so one server covers every case:

  /ok/...            a well-formed OpenID discovery document whose issuer is <base>/ok
  /planted/...       a discovery document plus a Set-Cookie and token fields holding the --secret value
  /hang/...          accepts the request and never answers
  /huge/...          streams --huge-bytes of JSON-looking data without a Content-Length
  /huge-length/...   announces --huge-bytes in Content-Length, then streams
  /html/...          an HTML error page with status 200
  /redirect-http/... 302 to plain http on a non-loopback host
  /redirect-loop/... 302 to itself, forever
  /drip/...          200 with a Content-Length of 1000, then one byte every half second
  /gzip-bomb/...     Content-Encoding: gzip over 256 MiB of zeros (256 KiB on the wire)
  /cut/...           a Content-Length of 100000, 1000 bytes, then the connection is closed
  /badutf8/...       200 application/json whose string is not UTF-8
  /echo              answers JSON describing the request it got (headers and body)
  /profiles/<case>   a member profile with one of the mistakes partners make (see PROFILES), Bearer required
  /status/<code>     an empty answer with that HTTP status
  /container/...     200 text/html, for container probes; records the query and headers like every request
  /member/<case>     --pass-dir/<case>.json with "{base}" replaced by this server's URL (a profile or a passes
                     list), Bearer required like /profiles
  /passes/<name>     --pass-dir/<name> as application/vnd.apple.pkpass (.pkpasses as the bundle type), 404 if absent
  /slow-passes/<n>   the same after 0.3 s, counting requests in flight
  /stats             {"max_in_flight": …} for /slow-passes since the last /stats
  /authz/<case>/...  a provider whose issuer is <base>/authz/<case>: discovery, and an /authorize that answers
                     as <case> says: json400 (400 JSON invalid_request about redirect_uri), scope400 (400 JSON
                     invalid_scope), html400 (an unreadable 400 page), errorredirect (302 back to redirect_uri
                     with error=unauthorized_client), loginredirect (302 to a login page), login200 (200 login page),
                     clientpage200 / redirectpage200 (200 error pages with no form), text400 (400, one sentence),
                     script200 (a login page drawn by script: no form, no words)

With --all CASE every path behaves as /CASE/ (for clients that choose the path themselves, such as applinks check).
Every request is appended to --log as one JSON line (method, path, headers, body).
"""
import argparse
from parent_watch import exit_with_parent
import json
import urllib.parse
import os
import socketserver
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

# The public modulus of an RSA 2048 key, for the JWKS the scripted providers publish.
PEER_RSA_MODULUS = ("3QHf9kFprTeYgWXpNSMPA5vpnpd0d5chbeOTsW2dBORvvHhHGx_RWCCdw1K05JElPQwdJi_5XO7NIGmNFzVFyNT6nUAzYOT5XQ8ZNCJFlUWZXJdDpIzrzQWunlIM"
                    "phWFUIBSHy1OCURmEhEqoBPQ79cbYcrfjgLg_IEaLwAUuuETxnKHNH6NKP6KFM-w8gCj5T6X_abkR9SJolGiAu_lvpxrl-levyPyG8QTNI2kbep1BeBJP5Vqg72gfLem4"
                    "8OjqG4d8XWS-38aK2OdKJ1zk09rqTlJZz62N1mIit30O6zte2_FufxOh58g7q3Gh_lx7Z6mLfao-tRh-OyiLUgN5Q")


class Server(socketserver.ThreadingMixIn, HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # socketserver's default backlog of 5 drops the SYNs of a client opening more connections at once
    # (`passes fetch --parallel 8`, `curl -Z`), which then wait a second for the retransmit.
    request_queue_size = 64


# The mistakes partners make, one profile per case; the in-process contract tests read the same file.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "partner_profiles.json"), encoding="utf-8") as handle:
    PROFILES = json.load(handle)


def make_handler(options, scheme):
    log_lock = threading.Lock()
    flight = {"now": 0, "max": 0}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # Headers and body leave in separate writes; with Nagle on, the body waits for the client's delayed ACK
        # (40 ms on Linux), which made every kept-alive response 40 ms slow and hid the clients' own costs.
        disable_nagle_algorithm = True

        def log_message(self, *args):
            pass

        def base(self):
            return f"{scheme}://127.0.0.1:{self.server.server_address[1]}"

        def record(self, body):
            if not options.log:
                return
            with log_lock, open(options.log, "a") as handle:
                handle.write(json.dumps({
                    "method": self.command,
                    "path": self.path,
                    "headers": dict(self.headers.items()),
                    "body": body.decode("utf-8", "replace"),
                }) + "\n")

        def send_json(self, status, payload, extra_headers=()):
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in extra_headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def discovery(self, issuer):
            return {
                "issuer": issuer,
                "authorization_endpoint": issuer + "/authorize",
                "token_endpoint": issuer + "/token",
                "userinfo_endpoint": issuer + "/userinfo",
                "jwks_uri": issuer + "/jwks",
                "revocation_endpoint": issuer + "/revoke",
                "end_session_endpoint": issuer + "/logout",
                "response_types_supported": ["code"],
                "grant_types_supported": ["authorization_code", "refresh_token"],
                "code_challenge_methods_supported": ["S256"],
                "subject_types_supported": ["public"],
                "id_token_signing_alg_values_supported": ["RS256"],
            }

        def send_page(self, status, html, extra_headers=()):
            data = html.encode()
            self.send_response(status)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            for name, value in extra_headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def authz(self):
            path, _, query = self.path.partition("?")
            parts = path.strip("/").split("/")
            case = parts[1] if len(parts) > 1 else ""
            issuer = f"{self.base()}/authz/{case}"
            rest = "/".join(parts[2:])
            if rest == ".well-known/openid-configuration":
                doc = self.discovery(issuer)
                doc["scopes_supported"] = ["openid", "profile", "email"]
                if case == "cancel":
                    doc["authorization_response_iss_parameter_supported"] = True
                self.send_json(200, doc)
                return
            if case == "cancel" and rest == "cancel":
                # The consent page's Cancel button: an error redirect with state but without the promised iss.
                params = dict(urllib.parse.parse_qsl(query))
                target = params.get("redirect_uri", "") + "?" + urllib.parse.urlencode({
                    "error": "access_denied", "error_description": "The resource owner denied the request.",
                    "state": params.get("state", "")})
                self.send_response(302)
                self.send_header("Location", target)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if rest != "authorize":
                self.send_page(200, "<!DOCTYPE html><html><head><title>Sign in</title></head><body><form>login</form></body></html>")
                return
            params = dict(urllib.parse.parse_qsl(query))
            if case == "json400":
                self.send_json(400, {"error": "invalid_request", "error_description": "Invalid parameter: redirect_uri"})
            elif case == "scope400":
                self.send_json(400, {"error": "invalid_scope", "error_description": "unknown scope requested"})
            elif case == "html400":
                self.send_page(400, "<!DOCTYPE html><html><head><title>Oops</title></head><body><h1>We are sorry</h1><p>Something went wrong.</p></body></html>")
            elif case == "clientpage200":
                # django-oidc-provider's error page: HTTP 200, no form, the refusal in words.
                self.send_page(200, "<!DOCTYPE html><html><head><title>Error</title></head><body><h3>Client ID Error</h3>"
                               "<p>The client identifier (client_id) is missing or invalid.</p></body></html>")
            elif case == "redirectpage200":
                self.send_page(200, "<!DOCTYPE html><html><head><title>Error</title></head><body><h3>Redirect URI Error</h3>"
                               "<p>The request fails due to a missing, invalid, or mismatching redirection URI (redirect_uri).</p></body></html>")
            elif case == "text400":
                # A Python OP library's answer: 400 text/html, one sentence, no markup.
                self.send_page(400, "Something went wrong: Unknown client_id")
            elif case == "script200":
                # A login page drawn by script: no form in the HTML and no words, which must still go on quietly.
                self.send_page(200, "<!DOCTYPE html><html><head><title></title><script>renderLogin()</script></head><body><div id=app></div></body></html>")
            elif case == "errorredirect":
                target = params.get("redirect_uri", "") + "?" + urllib.parse.urlencode(
                    {"error": "unauthorized_client", "error_description": "client not allowed", "state": params.get("state", "")})
                self.send_response(302)
                self.send_header("Location", target)
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif case == "loginredirect":
                self.send_response(302)
                self.send_header("Location", issuer + "/login")
                self.send_header("Content-Length", "0")
                self.end_headers()
            else:
                self.send_page(200, "<!DOCTYPE html><html><head><title>Sign in</title></head><body><form>login</form></body></html>")

        def handle_any(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            self.record(body)
            segment = options.all or self.path.split("?")[0].strip("/").split("/")[0]
            if not options.all and self.path.split("?")[0].endswith("/jwks") and segment in ("ok", "evil", "planted", "split"):
                # The providers' signing keys: one RSA 2048 key (public only; nothing here signs).
                self.send_json(200, {"keys": [{"kty": "RSA", "use": "sig", "alg": "RS256", "kid": "peer-1", "e": "AQAB", "n": PEER_RSA_MODULUS}]})
                return
            if self.path.split("?")[0] == "/.well-known/oauth-authorization-server/split":
                # RFC 8414 §3.1 location of the "split" provider's OAuth metadata: the only one listing revocation.
                issuer = self.base() + "/split"
                self.send_json(200, {
                    "issuer": issuer,
                    "authorization_endpoint": issuer + "/authorize",
                    "token_endpoint": issuer + "/token",
                    "revocation_endpoint": issuer + "/revoke",
                    "response_types_supported": ["code"],
                    "code_challenge_methods_supported": ["S256"],
                })
            elif segment == "split":
                rest = self.path.split("?")[0].strip("/")[len("split"):].strip("/")
                if rest == ".well-known/openid-configuration":
                    doc = self.discovery(self.base() + "/split")
                    del doc["revocation_endpoint"]
                    self.send_json(200, doc)
                elif rest == "revoke" and self.command == "POST":
                    self.send_response(200)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                else:
                    self.send_json(404, {"error": "not_found"})
            elif segment == "bigheader":
                # A 1 MB header line: libcurl refuses anything over 100 KiB.
                self.send_response(200)
                self.send_header("X-Big", "a" * 1_000_000)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"{}")
            elif segment == "evil":
                # Terminal control sequences in a response header: clear the screen, retitle the window.
                self.send_json(200, self.discovery(self.base() + "/evil"), [("X-Evil", "\x1b[2J\x1b]0;pwned\x07")])
            elif segment == "ok":
                self.send_json(200, self.discovery(self.base() + "/ok"))
            elif segment == "authz":
                self.authz()
            elif segment == "planted":
                doc = self.discovery(self.base() + "/planted")
                doc["access_token"] = options.secret
                doc["nested"] = {"refresh_token": options.secret, "client_secret": options.secret}
                self.send_json(200, doc, [("Set-Cookie", f"session={options.secret}; HttpOnly")])
            elif segment == "hang":
                time.sleep(600)
            elif segment in ("huge", "huge-length"):
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                if segment == "huge-length":
                    self.send_header("Content-Length", str(options.huge_bytes))
                else:
                    self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                chunk = b"[" + b"1," * 32767 + b"1"
                sent = 0
                try:
                    while sent < options.huge_bytes:
                        if segment == "huge-length":
                            self.wfile.write(chunk)
                        else:
                            self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                        sent += len(chunk)
                except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
                    pass
                self.server.huge_sent = sent
            elif segment == "drip":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", "1000")
                self.end_headers()
                try:
                    for _ in range(1000):
                        self.wfile.write(b" ")
                        self.wfile.flush()
                        time.sleep(0.5)
                except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
                    pass
            elif segment == "gzip-bomb":
                bomb = gzip_bomb()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(bomb)))
                self.end_headers()
                try:
                    self.wfile.write(bomb)
                except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
                    pass
            elif segment == "cut":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", "100000")
                self.end_headers()
                self.wfile.write(b"[" + b"1," * 499 + b"1")
                self.wfile.flush()
                self.close_connection = True
                self.connection.shutdown(2)
            elif segment == "badutf8":
                data = b'{"issuer": "\xff\xfe", "applinks": {"details": []}}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            elif segment == "html":
                page = b"<!DOCTYPE html><html><head><title>Service Unavailable</title></head><body>down</body></html>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)
            elif segment == "redirect-http":
                self.send_response(302)
                self.send_header("Location", "http://example.invalid/.well-known/openid-configuration")
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif segment == "redirect-loop":
                self.send_response(302)
                self.send_header("Location", self.path)
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif segment == "profiles":
                case = self.path.split("?")[0].strip("/").split("/")[1] if "/" in self.path.strip("/") else "good"
                auth = self.headers.get("Authorization", "")
                if not auth.startswith("Bearer ") or (options.expect_token and auth != "Bearer " + options.expect_token):
                    self.send_response(401)
                    self.send_header("WWW-Authenticate", 'Bearer error="invalid_token"')
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                elif case not in PROFILES:
                    self.send_json(404, {"error": "unknown profile case"})
                else:
                    self.send_json(200, PROFILES[case])
            elif segment == "status":
                code = int(self.path.split("?")[0].strip("/").split("/")[1])
                self.send_response(code)
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif segment == "container":
                page = b"<!DOCTYPE html><title>container</title>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)
            elif segment == "member":
                case = self.path.split("?")[0].strip("/").split("/")[1]
                auth = self.headers.get("Authorization", "")
                if not auth.startswith("Bearer ") or (options.expect_token and auth != "Bearer " + options.expect_token):
                    self.send_json(401, {"error": "invalid_token"}, [("WWW-Authenticate", 'Bearer error="invalid_token"')])
                    return
                try:
                    with open(os.path.join(options.pass_dir, os.path.basename(case) + ".json"), "rb") as handle:
                        data = handle.read().replace(b"{base}", self.base().encode())
                except OSError:
                    self.send_json(404, {"error": "no such member case"})
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            elif segment in ("passes", "slow-passes"):
                name = os.path.basename(self.path.split("?")[0].rstrip("/"))
                if segment == "slow-passes":
                    with log_lock:
                        flight["now"] += 1
                        flight["max"] = max(flight["max"], flight["now"])
                    time.sleep(0.3)
                    with log_lock:
                        flight["now"] -= 1
                try:
                    with open(os.path.join(options.pass_dir, name), "rb") as handle:
                        data = handle.read()
                except OSError:
                    self.send_json(404, {"error": "no such pass"})
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/vnd.apple.pkpasses" if name.endswith(".pkpasses") else "application/vnd.apple.pkpass")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            elif segment == "stats":
                with log_lock:
                    seen, flight["max"] = flight["max"], 0
                self.send_json(200, {"max_in_flight": seen})
            elif segment == "echo":
                self.send_json(200, {
                    "method": self.command,
                    "path": self.path,
                    "headers": dict(self.headers.items()),
                    "body": body.decode("utf-8", "replace"),
                    "access_token": options.secret,
                })
            else:
                self.send_json(404, {"error": "not_found"})

        do_GET = handle_any
        do_POST = handle_any
        do_HEAD = handle_any

    return Handler


_BOMB = []
_BOMB_LOCK = threading.Lock()


def gzip_bomb():
    """256 MiB of zeros, gzip-compressed once per server (about 256 KiB)."""
    import zlib
    with _BOMB_LOCK:
        if not _BOMB:
            compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
            zeros = bytes(1024 * 1024)
            parts = [compressor.compress(zeros) for _ in range(256)]
            parts.append(compressor.flush())
            _BOMB.append(b"".join(parts))
        return _BOMB[0]


def main():
    exit_with_parent()
    parser = argparse.ArgumentParser()
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--tls-min", choices=["1.2", "1.3"])
    parser.add_argument("--tls-max", choices=["1.2", "1.3"])
    parser.add_argument("--log")
    parser.add_argument("--secret", default="planted-secret-value")
    parser.add_argument("--huge-bytes", type=int, default=200 * 1024 * 1024)
    parser.add_argument("--pass-dir", default=".", help="where /member and /passes read their files")
    parser.add_argument("--expect-token", help="profiles answer 401 unless this exact bearer token is sent")
    parser.add_argument("--all", help="every path behaves as /ALL/ (drip, gzip-bomb, cut, hang, huge, ...)")
    options = parser.parse_args()

    scheme = "https" if options.cert else "http"
    server = Server(("127.0.0.1", 0), make_handler(options, scheme))
    if options.cert:
        versions = {"1.2": ssl.TLSVersion.TLSv1_2, "1.3": ssl.TLSVersion.TLSv1_3}
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(options.cert, options.key)
        if options.tls_min:
            context.minimum_version = versions[options.tls_min]
        if options.tls_max:
            context.maximum_version = versions[options.tls_max]
        server.socket = context.wrap_socket(server.socket, server_side=True)
    if options.all == "gzip-bomb":
        # Compressed before saying ready: the first request must measure the client, not this peer compressing
        # 256 MiB (seconds on a loaded runner, which ran past the tests' --timeout 3).
        gzip_bomb()
    print(f"PORT {server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    sys.exit(0)


if __name__ == "__main__":
    main()
