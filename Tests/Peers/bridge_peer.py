#!/usr/bin/env python3
"""A Bridge-style e-mail sign-in server (seed 001) and app-link files, for dots-sso's tests.

Prints "PORT <n>" once listening on a random loopback port.

  POST /v3/auth/email            202, or 429 while an earlier link is pending (--throttle; otherwise silent 202)
  POST /v3/auth/email/signIn     200 session, 412 session (consent pending), 404 Account not found
  GET  /_test/outbox?email=      the token and link "e-mailed" last (what the participant would tap)
  GET  /_test/password?email=    the password the last sign-in set
  GET  /<case>/.well-known/...   apple-app-site-association and assetlinks.json, good and broken (see APPLINKS)
  GET  /.well-known/...          the good files at the root (a second host a link may point to)
  POST /v3/auth/signUp           {email, password, study} → 201; a known address → 400
  POST /v3/auth/signIn           {email, password, study} → 200/412 session; a wrong password → 404 Account

Studies: "demo" (enabled), "closed" (e-mail sign-in disabled); anything else is unknown.
Accounts: jane@example.com (consented), pending@example.com (consent pending).
"""
import argparse

from parent_watch import exit_with_parent
import json
import secrets
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from socketserver import ThreadingMixIn
from urllib.parse import parse_qs, quote, urlparse

ACCOUNTS = {"jane@example.com": True, "pending@example.com": False}
TEAM = "ABCDE12345"
GOOD_AASA = {
    "applinks": {
        "details": [
            {
                "appIDs": [f"{TEAM}.org.thedots.app"],
                "components": [
                    {"/": "/mobile/private/*", "exclude": True, "comment": "never opens the app"},
                    {"/": "/mobile/verify.html", "?": {"token": "?*"}},
                    {"/": "/m/*"},
                ],
            },
            {"appID": f"{TEAM}.org.thedots.legacy", "paths": ["NOT /old/blocked/*", "/old/*"]},
        ]
    }
}
FINGERPRINT = ":".join(["AB", "CD", "EF", "01"] * 8)
GOOD_ASSETS = [
    {
        "relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "android_app", "package_name": "org.thedots.app", "sha256_cert_fingerprints": [FINGERPRINT]},
    }
]

APPLINKS = {
    "good": (GOOD_AASA, GOOD_ASSETS),
    "bad-appid": ({"applinks": {"details": [{"appIDs": ["abc.org.thedots.app"], "components": [{"/": "/m/*"}]}]}}, GOOD_ASSETS),
    "bad-fingerprint": (GOOD_AASA, [{"relation": ["delegate_permission/common.handle_all_urls"],
                                     "target": {"namespace": "android_app", "package_name": "org.thedots.app",
                                                "sha256_cert_fingerprints": ["ab:cd:ef"]}}]),
    "no-grant": (GOOD_AASA, [{"relation": ["delegate_permission/common.get_login_creds"],
                              "target": {"namespace": "android_app", "package_name": "org.thedots.app",
                                         "sha256_cert_fingerprints": [FINGERPRINT]}}]),
}


class Server(ThreadingMixIn, HTTPServer):
    daemon_threads = True


def make_handler(options):
    lock = threading.Lock()
    tokens = {}  # email -> (token, issued_at)
    passwords = {}
    outbox = {}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def reply(self, status, payload=None, content_type="application/json", headers=()):
            body = b"" if payload is None else (payload if isinstance(payload, bytes) else json.dumps(payload).encode())
            self.send_response(status)
            if payload is not None:
                self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

        def error(self, status, message, kind, entity=None):
            payload = {"statusCode": status, "message": message, "type": kind}
            if entity:
                payload["entityClass"] = entity
            self.reply(status, payload)

        def study_problem(self, study):
            if study == "closed":
                self.error(404, "Email sign-in is not enabled for this study.", "EndpointNotFoundException")
                return True
            if study != "demo":
                self.error(404, "Study not found.", "EntityNotFoundException", "Study")
                return True
            return False

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            try:
                body = json.loads(self.rfile.read(length) or b"{}")
            except ValueError:
                return self.error(400, "Invalid JSON.", "BadRequestException")
            email, study = body.get("email", ""), body.get("study", "")
            if self.path == "/v3/auth/email":
                if self.study_problem(study):
                    return
                with lock:
                    pending = tokens.get(email)
                    if options.throttle and pending and time.time() - pending[1] < 60:
                        return self.reply(429, {"statusCode": 429, "message": "Too many requests.", "type": "RateLimitExceededException"},
                                          headers=[("Retry-After", "60")])
                    if email in ACCOUNTS:
                        token = secrets.token_urlsafe(12)
                        tokens[email] = (token, time.time())
                        outbox[email] = {"token": token, "link": f"https://app.thedots.example/mobile/verify.html?email={quote(email)}&study={study}&token={token}"}
                return self.reply(202, {"message": "Email sent."})
            if self.path == "/v3/auth/email/signIn":
                if self.study_problem(study):
                    return
                with lock:
                    issued = tokens.get(email)
                    if not issued or issued[0] != body.get("token") or email not in ACCOUNTS:
                        return self.error(404, "Account not found.", "EntityNotFoundException", "Account")
                    del tokens[email]  # single use
                    if "password" in body:
                        passwords[email] = body["password"]
                consented = ACCOUNTS[email]
                session = {"type": "UserSessionInfo", "authenticated": True, "consented": consented, "email": email,
                           "id": "user-" + email.split("@")[0], "sessionToken": "session-" + secrets.token_hex(16),
                           "reauthToken": "reauth-" + secrets.token_hex(16), "dataGroups": []}
                return self.reply(200 if consented else 412, session)
            if self.path == "/v3/auth/signUp":
                # Bridge's sign-up: 201 "Signed up." (the account exists, unconsented); an address already known is 400.
                if self.study_problem(study):
                    return
                password = body.get("password", "")
                if len(password) < 8:
                    return self.error(400, "password must be at least 8 characters", "InvalidEntityException")
                with lock:
                    if email in ACCOUNTS:
                        return self.error(400, "Email address has already been used by another account.", "EntityAlreadyExistsException")
                    ACCOUNTS[email] = False
                    passwords[email] = password
                return self.reply(201, {"message": "Signed up."})
            if self.path == "/v3/auth/signIn":
                if self.study_problem(study):
                    return
                with lock:
                    if email not in ACCOUNTS or passwords.get(email) != body.get("password"):
                        return self.error(404, "Account not found.", "EntityNotFoundException", "Account")
                consented = ACCOUNTS[email]
                session = {"type": "UserSessionInfo", "authenticated": True, "consented": consented, "email": email,
                           "id": "user-" + email.split("@")[0], "sessionToken": "session-" + secrets.token_hex(16),
                           "reauthToken": "reauth-" + secrets.token_hex(16), "dataGroups": []}
                return self.reply(200 if consented else 412, session)
            self.reply(404, {"statusCode": 404, "message": "Not found.", "type": "EndpointNotFoundException"})

        def do_GET(self):
            url = urlparse(self.path)
            query = {key: values[0] for key, values in parse_qs(url.query).items()}
            if url.path == "/_test/outbox":
                with lock:
                    return self.reply(200, outbox.get(query.get("email"), {}))
            if url.path == "/_test/password":
                with lock:
                    return self.reply(200, {"password": passwords.get(query.get("email"))})
            parts = url.path.strip("/").split("/")
            if len(parts) == 2 and parts[0] == ".well-known":
                # The files at the root, as a second host serves them when a link points there.
                aasa, assets = APPLINKS["good"]
                return self.reply(200, aasa if parts[1] == "apple-app-site-association" else assets)
            if len(parts) == 3 and parts[1] == ".well-known":
                case, name = parts[0], parts[2]
                if case == "redirect":
                    return self.reply(301, b"", headers=[("Location", f"https://www.example.com/.well-known/{name}")])
                if case == "html":
                    return self.reply(200, b"<!DOCTYPE html><html><body>Not found</body></html>", "text/html")
                if case == "oversize":
                    big = dict(GOOD_AASA)
                    big["padding"] = "x" * (200 * 1024)
                    return self.reply(200, big if name == "apple-app-site-association" else GOOD_ASSETS)
                if case == "plain-type":
                    files = APPLINKS["good"]
                    return self.reply(200, json.dumps(files[0] if name == "apple-app-site-association" else files[1]).encode(), "text/plain")
                if case in APPLINKS:
                    aasa, assets = APPLINKS[case]
                    return self.reply(200, aasa if name == "apple-app-site-association" else assets)
            self.reply(404, {"statusCode": 404, "message": "Not found."})

    return Handler


def main():
    exit_with_parent()
    parser = argparse.ArgumentParser()
    parser.add_argument("--throttle", action="store_true", help="answer 429 while an earlier link is pending (60 s)")
    options = parser.parse_args()
    server = Server(("127.0.0.1", 0), make_handler(options))
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
