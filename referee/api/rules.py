"""The rules, readable in the service itself: ``/rules/``.

Every refusal cites a section ("Q6", "P4") and links it (``rule_url``). The project's own rules
reference lives in ``docs/`` (Markdown, shipped in the package as ``referee/docs``) and is
served as HTML:

- ``/rules/`` — the contents: every page and every section;
- ``/rules/pitch``, ``/rules/piquet``, ``/rules/irregularities``, ``/rules/records`` — a page;
- ``/rules/Q6`` — redirects to that section in its page (``/rules/piquet#Q6``); an unknown
  section is a 404 problem.

The pages are rendered once per process (Python-Markdown), with a strict policy: no script, only
their own style.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import re
from pathlib import Path
from typing import Any

import markdown
from flask import Blueprint, Response, redirect, request
from markdown.extensions.toc import slugify

from referee.api.errors import ProblemError
from referee.api.problems import NOT_FOUND

#: Where the Markdown lives: ``referee/docs`` (a link to the repository's ``docs/``).
DOCS_DIR = Path(__file__).resolve().parent.parent / "docs"

#: The pages, in the order of the contents: name → (file, title).
PAGES: dict[str, tuple[str, str]] = {
    "pitch": ("rules/pitch.md", "Pitch"),
    "piquet": ("rules/piquet.md", "Piquet"),
    "irregularities": ("rules/irregularities.md", "Irregularities"),
    "records": ("records.md", "Records and the ledger"),
}

#: A section heading starts with its number: "P4 The play", "Q12 Irregularities".
SECTION = re.compile(r"^([PQ][1-9][0-9]?)\b")

STYLE = """
:root { color-scheme: light dark; --fg: #1a1a1a; --bg: #fdfdf8; --accent: #14532d;
        --rule: #d8d8cc; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e8e8e0; --bg: #111510; --accent: #7ccf97; --rule: #3a3f38; } }
body { font: 1.05rem/1.55 system-ui, sans-serif; color: var(--fg); background: var(--bg);
       margin: 0 auto; max-width: 46rem; padding: 0 1rem 4rem; }
nav { display: flex; flex-wrap: wrap; gap: .25rem 1rem; padding: .75rem 0;
      border-bottom: 1px solid var(--rule); }
a { color: var(--accent); }
nav a { padding: .6rem .2rem; min-height: 44px; box-sizing: border-box; }
h2 { margin-top: 2.2rem; scroll-margin-top: 1rem; }
h2:target { outline: 2px solid var(--accent); outline-offset: 4px; }
table { border-collapse: collapse; display: block; overflow-x: auto; }
th, td { border: 1px solid var(--rule); padding: .35rem .5rem; vertical-align: top;
         text-align: left; }
pre { overflow-x: auto; padding: .75rem; border: 1px solid var(--rule); }
code { font-size: .92em; }
"""

#: No script at all; the one style above; images only from here.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; style-src 'sha256-"
    + base64.b64encode(hashlib.sha256(STYLE.encode()).digest()).decode()
    + "'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

blp = Blueprint("rules", __name__, url_prefix="/rules")


def _slug(text: str, separator: str) -> str:
    """A section's anchor is its number ("Q6"); other headings get Markdown's usual slug."""
    found = SECTION.match(text)
    return found.group(1) if found else slugify(text, separator)


@functools.cache
def _source(name: str) -> str:
    return (DOCS_DIR / PAGES[name][0]).read_text(encoding="utf-8")


@functools.cache
def sections() -> dict[str, tuple[str, str]]:
    """Every section number → (the page that states it, its heading), P1…P10 and Q1…Q12."""
    found: dict[str, tuple[str, str]] = {}
    for name in PAGES:
        for line in _source(name).splitlines():
            if line.startswith("## ") and (match := SECTION.match(line[3:])):
                found.setdefault(match.group(1), (name, line[3:].strip()))
    return found


@functools.cache
def _page(name: str) -> tuple[str, str]:
    """A page as HTML, and its ETag."""
    body = markdown.markdown(
        _source(name),
        extensions=["tables", "fenced_code", "toc"],
        extension_configs={"toc": {"slugify": _slug}},
        output_format="html",
    )
    text = _document(PAGES[name][1], body)
    return text, hashlib.sha256(text.encode()).hexdigest()[:16]


@functools.cache
def _contents() -> tuple[str, str]:
    items = []
    for name, (_, title) in PAGES.items():
        entries = "".join(
            f'<li><a href="/rules/{name}#{match.group(1)}">{html.escape(line[3:].strip())}</a></li>'
            for line in _source(name).splitlines()
            if line.startswith("## ") and (match := SECTION.match(line[3:]))
        )
        items.append(f'<h2><a href="/rules/{name}">{html.escape(title)}</a></h2>'
                     + (f"<ul>{entries}</ul>" if entries else ""))
    body = ("<h1>The rules the referee applies</h1><p>Every refusal and every violation names "
            "one of these sections in its <code>rule</code> (and links it in "
            "<code>rule_url</code>).</p>" + "".join(items))
    text = _document("Contents", body)
    return text, hashlib.sha256(text.encode()).hexdigest()[:16]


def _document(title: str, body: str) -> str:
    links = " ".join(f'<a href="/rules/{n}">{html.escape(t)}</a>' for n, (_, t) in PAGES.items())
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)} — referee rules</title>"
        '<link rel="icon" href="/favicon.ico">'
        f"<style>{STYLE}</style></head><body>"
        f'<nav aria-label="Rules"><a href="/rules/">Contents</a> {links} '
        '<a href="/table/">The table</a> <a href="/docs">API</a></nav>'
        f"<main>{body}</main></body></html>\n"
    )


def _html(text: str, etag: str) -> Response:
    response = Response(text, mimetype="text/html")
    response.headers["Cache-Control"] = "public, max-age=3600"
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.set_etag(etag)
    response.make_conditional(request)
    return response


@blp.get("")
def rules_redirect() -> Any:
    """``/rules`` → ``/rules/``."""
    return redirect("/rules/", code=308)


@blp.get("/")
def contents() -> Response:
    """Every page and every section."""
    return _html(*_contents())


@blp.get("/<string:name>")
def page_or_section(name: str) -> Any:
    """A page (``pitch``, ``piquet``, ``irregularities``, ``records``) or a section
    (``Q6`` → ``/rules/piquet#Q6``). :raises ProblemError: 404 for anything else."""
    if name in PAGES:
        return _html(*_page(name))
    number = name.upper()
    if number in sections():
        return redirect(f"/rules/{sections()[number][0]}#{number}", code=302)
    raise ProblemError(
        NOT_FOUND,
        f"There is no section or page {name!r} of the rules: sections are P1-P10 (Pitch) and "
        "Q1-Q12 (Piquet); the contents are at /rules/.",
    )
