#!/usr/bin/env python3
"""Writes the dots-sso(1) man page (mdoc) from the binary's own command tree (`--experimental-dump-help`), so every
command, option and example in it is the one the binary parses, plus the sections a man page needs that the tree
does not hold: EXIT STATUS (from `dots-sso help exit-codes`), ENVIRONMENT (from `dots-sso help environment`), FILES, EXAMPLES and SEE ALSO.

  Scripts/man.py BINARY DATE > man/dots-sso.1     (Scripts/generate-docs runs it; DATE is YYYY-MM-DD)

The output is clean under `mandoc -Tlint` and groff (`man -l`): one sentence a line, no blank lines, text escaped.
"""
import datetime
import json
import re
import subprocess
import sys


FILES = [
    ("$XDG_CONFIG_HOME/dots-sso/channels/NAME.json", "Channel configurations (channel init, set, show, list); 0600, never a secret."),
    ("$XDG_CACHE_HOME/dots-sso/", "The token cache: one 0600 file per channel and account in a 0700 folder, written atomically under an advisory lock beside each entry; cache list and cache clear manage it."),
    ("FILE given to --refresh-token-file", "A CI's refresh token; rewritten atomically (0600) when the provider rotates it, with a lock file .FILE.lock beside it."),
    ("DIR given to sandbox --outbox", "The sandbox's sent e-mails (magic links), one file each."),
    ("$TMPDIR/dots-sso-check/", "Where check draws the loading animation's contact sheet unless --pictures DIR is given."),
]

EXAMPLES = [
    ("Sign in on a laptop, then look at the member as the app will:", [
        "dots-sso authorize --channel acme",
        "dots-sso profile --channel acme",
        "dots-sso flags check --channel acme"]),
    ("Sign in over SSH with no display (a code and a QR code to approve from a phone):", [
        "dots-sso authorize --channel acme --flow device"]),
    ("Give CI a member, and check every deliverable there:", [
        "dots-sso authorize --channel acme --flow device --save-refresh-token acme.refresh-token",
        "dots-sso check --channel acme --refresh-token-file acme.refresh-token --junit reports/acme.xml"]),
    ("Verify passes and a loading animation as Wallet and lottie-ios would:", [
        "dots-sso pkpass inspect passes/*.pkpass",
        "dots-sso bodymovin validate loader.json"]),
    ("Try everything against the embedded sandbox partner:", [
        "dots-sso demo"]),
]


SPECIAL = {"→": "\\(->", "←": "\\(<-", "§": "\\(sc", "≤": "\\(<=", "≥": "\\(>=", "×": "\\(mu", "–": "\\(en", "—": "\\(em",
           "…": "...", "⇔": "\\(<>", "✓": "ok", "✗": "FAIL"}


def characters(text):
    """Backslashes doubled and the few non-ASCII characters of our help as roff's named characters."""
    text = text.replace("\\", "\\e")
    for character, name in SPECIAL.items():
        text = text.replace(character, name)
    return text


def escape(text):
    """A text line as mdoc reads it: characters escaped, a leading dot or quote guarded."""
    text = characters(text)
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def sentences(paragraph):
    """One sentence a line (mdoc's rule), each line at most ~80 bytes by breaking at spaces."""
    lines = []
    for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z`$(\"'])", " ".join(paragraph.split())):
        line = ""
        for word in characters(sentence).split(" "):
            # Bytes, not characters: mandoc counts an arrow as three.
            if line and len(line.encode()) + 1 + len(word.encode()) > 76:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        if line:
            lines.append(line)
    # A line may not end a sentence mid-line: a break after an abbreviation's dot would read as a sentence end.
    return ["\\&" + line if line.startswith((".", "'")) else line for line in lines]


def prose(text, out):
    """Help text: paragraphs become .Pp, indented lines (examples, tables) a literal display."""
    paragraph, literal = [], []

    def flush_paragraph():
        if paragraph:
            out.append(".Pp")
            out.extend(sentences(" ".join(paragraph)))
            paragraph.clear()

    def flush_literal():
        if literal:
            out.append(".Bd -literal -offset indent")
            out.extend(escape(line.strip()) for line in literal)
            out.append(".Ed")
            literal.clear()

    for raw in text.split("\n"):
        if raw.startswith("  ") and raw.strip():
            flush_paragraph()
            literal.append(raw)
        elif not raw.strip():
            flush_paragraph()
            flush_literal()
        elif raw.rstrip().endswith(":") and len(raw) < 40 and not paragraph:
            flush_literal()
            out.append(".Pp")
            out.append(escape(raw.strip()))
        else:
            flush_literal()
            paragraph.append(raw.strip())
    flush_paragraph()
    flush_literal()


def option_head(argument):
    names = argument.get("names") or []
    value = argument.get("valueName")
    if argument["kind"] == "positional":
        return f"Ar {value}"
    parts = []
    for name in names:
        flag = f"Fl {'-' if name['kind'] == 'long' else ''}{name['name']}".replace("Fl -", "Fl \\-")
        parts.append(flag)
    head = " , ".join(parts) if parts else f"Ar {value}"
    if argument["kind"] == "option":
        head += f" Ar {value}"
    return head


def options(arguments, out):
    shown = [a for a in arguments if a.get("shouldDisplay", True) and (a.get("names") or a["kind"] == "positional")]
    shown = [a for a in shown if not any(n["name"] in ("help", "version") for n in a.get("names") or [])]
    if not shown:
        return
    out.append(".Bl -tag -width Ds")
    for argument in shown:
        out.append(f".It {option_head(argument)}")
        abstract = argument.get("abstract") or ""
        if argument.get("defaultValue") not in (None, "", "false"):
            abstract += f" (default: {argument['defaultValue']})"
        out.extend(sentences(abstract) if abstract else [])
    out.append(".El")


def command(node, path, out):
    name = " ".join(path)
    out.append(f".Ss {escape(name)}")
    out.extend(sentences(node.get("abstract") or ""))
    if node.get("discussion"):
        prose(node["discussion"], out)
    options(node.get("arguments") or [], out)
    for child in node.get("subcommands") or []:
        if child["commandName"] != "help" and child.get("shouldDisplay", True):
            command(child, path + [child["commandName"]], out)


def main():
    binary, date = sys.argv[1], sys.argv[2]
    tree = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True, text=True).stdout)["command"]
    day = datetime.date.fromisoformat(date)
    out = [f".Dd {day.strftime('%B')} {day.day}, {day.year}", ".Dt DOTS-SSO 1", ".Os", ".Sh NAME", ".Nm dots-sso"]
    out.append(".Nd " + escape(tree["abstract"].rstrip(".")))
    out += [".Sh SYNOPSIS", ".Nm", ".Ar command", ".Op Ar subcommand", ".Op Ar options", ".Nm", ".Fl \\-version", ".Op Fl \\-verbose",
            ".Nm", ".Ar command", ".Fl \\-help"]
    out.append(".Sh DESCRIPTION")
    discussion = tree.get("discussion") or ""
    # The root help's examples and exit-code table have sections of their own here.
    description = discussion.split("\nExamples:")[0]
    rest = subprocess.run([binary, "help", "exit-codes"], capture_output=True, text=True, check=True).stdout
    prose(description, out)
    out.extend(sentences("Every command takes --json (one JSON document on stdout), -v (an HTTP trace on stderr, secrets redacted), "
                         "-q (results, warnings and errors only) and --color auto|always|never; "
                         "diagnostics, progress and prompts go to stderr, results to stdout."))
    out.append(".Sh COMMANDS")
    out.extend(sentences("One subsection per command, with its options; dots-sso help COMMAND shows the same."))
    for child in tree.get("subcommands") or []:
        if child["commandName"] != "help" and child.get("shouldDisplay", True):
            command(child, ["dots-sso", child["commandName"]], out)
    # ENVIRONMENT is the binary's own list (`dots-sso help environment`), as the README's table is.
    listed = subprocess.run([binary, "help", "environment"], capture_output=True, text=True, check=True).stdout
    environment = [tuple(re.split(r"\s{2,}", line.strip(), maxsplit=1)) for line in listed.splitlines() if line.strip()]
    if len(environment) < 5 or any(len(entry) != 2 for entry in environment):
        sys.exit("man.py: dots-sso help environment lists no variables")
    for section, macro, entries in (("ENVIRONMENT", "Ev", environment), ("FILES", "Pa", FILES)):
        out += [f".Sh {section}", ".Bl -tag -width Ds"]
        for name, meaning in entries:
            out.append(f".It {macro} {escape(name)}")
            out.extend(sentences(meaning))
        out.append(".El")
    out.append(".Sh EXIT STATUS")
    out.extend(sentences("Every command ends with one of these statuses; the last line on stderr says why."))
    out.append(".Bl -tag -width Ds")
    table = re.findall(r"^\s*(\d+)\s+(.+)$", rest, flags=re.M)
    if len(table) < 5:
        sys.exit("man.py: the root help has no exit-code table")
    for code, meaning in table:
        out.append(f".It {code}")
        out.extend(sentences(meaning[0].upper() + meaning[1:] + ("" if meaning.endswith(".") else ".")))
    out.append(".El")
    out.append(".Sh EXAMPLES")
    for title, lines in EXAMPLES:
        out.extend(sentences(title))
        out.append(".Bd -literal -offset indent")
        out.extend(f"$ {escape(line)}" for line in lines)
        out.append(".Ed")
        out.append(".Pp")
    out.pop()
    out += [".Sh SEE ALSO", ".Xr curl 1 ,", ".Xr openssl 1", ".Pp",
            "RFC 6749 (OAuth 2.0), RFC 7636 (PKCE), RFC 8252 (native apps),",
            "RFC 8628 (device authorization), RFC 7009 (revocation),",
            "RFC 9207 (issuer identification), RFC 9700 (OAuth security BCP),",
            "OpenID Connect Core 1.0 and RP-Initiated Logout 1.0.",
            ".Pp", "README.md and CHANGELOG.md in the release tarball, or /usr/share/doc/dots-sso."]
    # Nothing may leave an empty line or a paragraph macro right before a section.
    cleaned = []
    for line in out:
        if line.startswith((".Sh", ".Ss", ".El", ".Bl")) and cleaned and cleaned[-1] == ".Pp" and not line.startswith(".Bl"):
            cleaned.pop()
        if line == ".Pp" and cleaned and (cleaned[-1].startswith((".Sh", ".Ss", ".Pp")) or cleaned[-1].startswith(".It")):
            continue
        cleaned.append(line)
    print("\n".join(line for line in cleaned if line.strip()))


if __name__ == "__main__":
    main()
