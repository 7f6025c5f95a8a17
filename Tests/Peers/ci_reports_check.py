"""Reads dots-sso's JUnit and GitLab Code Quality reports with code nobody here wrote, and prints what a CI system
would show, as JSON on stdout (the Swift test compares it with what the run did):

  ci_reports_check.py junit FILE.xml         {"suites": {name: {"tests", "failures", "errors", "skipped",
                                               "cases": {case: "passed"|"failure"|"error"|"skipped", ...},
                                               "messages": {case: message}}}, "totals": {...}}
  ci_reports_check.py codequality FILE.json  {"issues": n, "problems": [...]} — each issue held to GitLab's
                                               published field rules (docs.gitlab.com, Code Quality report format)

JUnit goes through junitparser (PyPI), which parses the XML and the outcome of each case as Jenkins and GitLab do.
"""
import json
import sys

from junitparser import Error, Failure, JUnitXml, Skipped

GITLAB_SEVERITIES = {"info", "minor", "major", "critical", "blocker"}


def junit(path):
    xml = JUnitXml.fromfile(path)
    suites = {}
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for suite in xml:
        cases, messages = {}, {}
        for case in suite:
            outcome = "passed"
            for result in case.result:
                if isinstance(result, Failure):
                    outcome = "failure"
                elif isinstance(result, Error):
                    outcome = "error"
                elif isinstance(result, Skipped):
                    outcome = "skipped"
                if result.message:
                    messages[case.name] = result.message
            cases[case.name] = outcome
        suites[suite.name] = {
            "tests": suite.tests, "failures": suite.failures, "errors": suite.errors, "skipped": suite.skipped,
            "cases": cases, "messages": messages,
        }
        for key in totals:
            totals[key] += getattr(suite, key)
    # The root's own totals, as the file states them, must be the suites' sums.
    stated = {key: int(xml._elem.get(key, "0")) for key in totals}
    return {"suites": suites, "totals": totals, "stated": stated}


def codequality(path):
    with open(path, encoding="utf-8") as handle:
        issues = json.load(handle)
    problems = []
    if not isinstance(issues, list):
        return {"issues": 0, "problems": ["the report is not a JSON array"]}
    seen = set()
    for index, issue in enumerate(issues):
        where = f"[{index}]"
        for key in ("description", "check_name", "fingerprint"):
            if not isinstance(issue.get(key), str) or not issue[key]:
                problems.append(f"{where}.{key} is not a non-empty string")
        if issue.get("severity") not in GITLAB_SEVERITIES:
            problems.append(f"{where}.severity {issue.get('severity')!r} is not one of GitLab's")
        location = issue.get("location") or {}
        if not isinstance(location.get("path"), str) or not location["path"]:
            problems.append(f"{where}.location.path is not a non-empty string")
        lines = location.get("lines") or {}
        begin = lines.get("begin")
        if not isinstance(begin, int) or isinstance(begin, bool) or begin < 1:
            problems.append(f"{where}.location.lines.begin is not a line number")
        fingerprint = issue.get("fingerprint")
        if fingerprint in seen:
            problems.append(f"{where}.fingerprint {fingerprint} repeats an earlier issue's")
        seen.add(fingerprint)
    return {"issues": len(issues), "problems": problems}


def main():
    kind, path = sys.argv[1], sys.argv[2]
    print(json.dumps(junit(path) if kind == "junit" else codequality(path), sort_keys=True))


if __name__ == "__main__":
    main()
