"""The person at the browser, played by Debian's headless Chromium through Selenium.

Used as `dots-sso authorize --browser-command`: the authorization URL is the last argument. It signs in on the
sandbox's real login page the way a person would and writes what it saw (each page's title, text, HTTP status and
response headers) to --report as JSON, with a screenshot of each page under --artifacts. dots-sso starts it with
stdout and stderr discarded, so every problem goes into the report's "error".

Modes:
  login   a wrong password first (the error must be shown), then the right one; lands on the callback page.
          Given the sandbox's device page (a device sign-in, RFC 8628) instead, it approves the code there as the
          person on a second device would, and reports to REPORT.device so the login's report is kept
  deny    the Cancel button (access_denied); lands on the callback page
  tamper  the URL's state is changed before loading it, then the right password; lands on the callback page

No traffic leaves loopback: Selenium gets the chromedriver path and SE_OFFLINE/SE_AVOID_STATS, Chromium gets
--disable-background-networking --disable-component-update --no-first-run, and a host-resolver rule that makes every
name but 127.0.0.1 unresolvable.
"""

import argparse
import json
import os
import shutil
import signal
import sys
import tempfile
import urllib.parse

os.environ["SE_OFFLINE"] = "true"
os.environ["SE_AVOID_STATS"] = "true"

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


def chromium_options(profile_dir):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in [
        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
        "--disable-background-networking", "--disable-component-update", "--no-first-run",
        "--no-default-browser-check", "--disable-sync", "--disable-extensions", "--disable-default-apps",
        "--disable-client-side-phishing-detection", "--disable-domain-reliability", "--metrics-recording-only",
        "--disable-features=OptimizationHints,MediaRouter,Translate,AutofillServerCommunication",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
        "--window-size=900,760", f"--user-data-dir={profile_dir}",
    ]:
        options.add_argument(flag)
    # The DevTools network events carry each document's status and headers, which WebDriver does not expose.
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return options


SECRET_PARAMETERS = {"code", "state", "code_challenge", "nonce"}


def shown(url):
    """The URL with the code and other one-time values replaced: the report is a test artifact."""
    parts = urllib.parse.urlsplit(url)
    query = [(k, "[redacted]" if k in SECRET_PARAMETERS else v) for k, v in urllib.parse.parse_qsl(parts.query, keep_blank_values=True)]
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))


class Person:
    def __init__(self, driver, artifacts, prefix):
        self.driver = driver
        self.artifacts = artifacts
        self.prefix = prefix
        self.pages = {}
        self.responses = {}

    def collect_responses(self):
        """Remembers the last document response per URL from the DevTools log read so far."""
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"]).get("message", {})
            if message.get("method") != "Network.responseReceived":
                continue
            params = message.get("params", {})
            if params.get("type") != "Document":
                continue
            response = params.get("response", {})
            self.responses[response.get("url", "")] = {
                "status": response.get("status"),
                "headers": {name.lower(): value for name, value in response.get("headers", {}).items()},
            }

    def record(self, name):
        """What the person sees now: title, text, the document's status and headers, and a screenshot."""
        self.collect_responses()
        url = self.driver.current_url
        answer = self.responses.get(url, {})
        screenshot = os.path.join(self.artifacts, f"{self.prefix}-{name}.png")
        self.driver.save_screenshot(screenshot)
        self.pages[name] = {
            "url": shown(url),
            "title": self.driver.title,
            "text": self.driver.find_element(By.TAG_NAME, "body").text,
            "status": answer.get("status"),
            "headers": answer.get("headers", {}),
            "scripts": len(self.driver.find_elements(By.TAG_NAME, "script")),
            "screenshot": screenshot,
        }

    def wait_for(self, locator):
        return WebDriverWait(self.driver, 20).until(expected_conditions.presence_of_element_located(locator))

    def sign_in(self, username, password):
        field = self.wait_for((By.ID, "username"))
        field.clear()
        field.send_keys(username)
        secret = self.driver.find_element(By.ID, "password")
        secret.clear()
        secret.send_keys(password)
        self.driver.find_element(By.CSS_SELECTOR, "button[value='sign-in']").click()

    def wait_for_callback(self, port):
        prefix = f"http://127.0.0.1:{port}/callback"
        WebDriverWait(self.driver, 60).until(lambda d: d.current_url.startswith(prefix) and d.find_elements(By.TAG_NAME, "h1"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--report", required=True)
    parser.add_argument("--artifacts", required=True)
    parser.add_argument("--mode", choices=["login", "deny", "tamper"], default="login")
    parser.add_argument("--username", default="jane")
    parser.add_argument("--password", default="demo")
    parser.add_argument("url")
    args = parser.parse_args()

    report = {"mode": args.mode, "pages": {}, "error": None}

    def write_report():
        with open(args.report + ".part", "w") as out:
            json.dump(report, out, indent=2)
        os.replace(args.report + ".part", args.report)

    def give_up(_signum, _frame):
        raise TimeoutError("the browser helper ran out of time")

    signal.signal(signal.SIGALRM, give_up)
    signal.alarm(120)
    os.makedirs(args.artifacts, exist_ok=True)
    url = args.url
    redirect = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query)).get("redirect_uri", "")
    port = urllib.parse.urlsplit(redirect).port
    if args.mode == "tamper":
        parts = urllib.parse.urlsplit(url)
        query = [(k, ("tampered-" + v[:8]) if k == "state" else v) for k, v in urllib.parse.parse_qsl(parts.query)]
        url = urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))

    device_page = urllib.parse.urlsplit(url).path == "/device"
    if device_page:
        args.report += ".device"

    driver = person = None
    profile = tempfile.mkdtemp(prefix="dots-sso-chromium-")
    try:
        service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
        driver = webdriver.Chrome(service=service, options=chromium_options(profile))
        person = Person(driver, args.artifacts, args.mode)
        driver.get(url)
        person.wait_for((By.ID, "username"))
        if device_page:
            # The code arrives filled in from verification_uri_complete; the person signs in and approves.
            person.record("device")
            person.wait_for((By.ID, "username")).send_keys(args.username)
            driver.find_element(By.ID, "password").send_keys(args.password)
            driver.find_element(By.CSS_SELECTOR, "button[value='approve']").click()
            WebDriverWait(driver, 20).until(lambda d: "Device signed in" in d.find_element(By.TAG_NAME, "h1").text)
            person.record("device-approved")
            report["pages"] = person.pages
            return 0
        person.record("login")
        if args.mode == "deny":
            driver.find_element(By.CSS_SELECTOR, "button[value='cancel']").click()
        else:
            if args.mode == "login":
                person.sign_in(args.username, "not-" + args.password)
                person.wait_for((By.ID, "login-error"))
                person.record("wrong-password")
            person.sign_in(args.username, args.password)
        person.wait_for_callback(port)
        person.record("callback")
        report["pages"] = person.pages
    except BaseException as error:  # the report is the only channel back to the test
        report["error"] = f"{type(error).__name__}: {error}".strip()[:2000]
        if person is not None:
            try:
                report["pages"] = person.pages
                report["lastURL"] = shown(driver.current_url)
                report["lastText"] = driver.find_element(By.TAG_NAME, "body").text[:2000]
            except Exception:
                pass
    finally:
        signal.alarm(0)
        write_report()
        if driver is not None:
            driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
    return 0 if report["error"] is None else 1


if __name__ == "__main__":
    sys.exit(main())
