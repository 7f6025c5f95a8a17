#!/usr/bin/env python3
"""Runs oidc-provider-mock (from PyPI, unmodified) on a random loopback port for dots-sso's tests.

The mock's own CLI binds a fixed port; this wrapper builds the same app through its public API, binds
port 0, prints "PORT <n>" once listening, and appends every request line ("POST /oauth2/token") to --log
so tests can count what reached the provider.
"""
import argparse
import importlib.metadata
import json
import threading
from datetime import timedelta

import werkzeug.serving
from oidc_provider_mock import app as make_app
from oidc_provider_mock._storage import User
from parent_watch import exit_with_parent


def main():
    exit_with_parent()
    parser = argparse.ArgumentParser()
    parser.add_argument("--user-claims", action="append", default=[])
    parser.add_argument("--token-max-age", type=int, default=3600)
    parser.add_argument("--log", required=True)
    options = parser.parse_args()

    users = []
    for text in options.user_claims:
        claims = json.loads(text)
        sub = claims.pop("sub")
        users.append(User(sub=sub, claims=claims))

    import os
    os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # plain http on loopback, as the mock's own CLI does
    app = make_app(user_claims=users, access_token_max_age=timedelta(seconds=options.token_max_age))
    lock = threading.Lock()

    def logging_app(environ, start_response):
        with lock, open(options.log, "a") as handle:
            handle.write(f"{environ['REQUEST_METHOD']} {environ.get('PATH_INFO', '')}\n")
        return app(environ, start_response)

    server = werkzeug.serving.make_server("127.0.0.1", 0, logging_app, threaded=True)
    # The version tells the tests what this mock accepts: 0.4 (Python >= 3.12) takes public clients; 0.3.4, what
    # Debian 12's Python 3.11 gets, wants every client to authenticate.
    print(f"PORT {server.server_port} VERSION {importlib.metadata.version('oidc-provider-mock')}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
