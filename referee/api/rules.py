"""The rules, readable in the service itself: ``/rules/``.

Every refusal cites a section ("Q6", "P4") and links it (``rule_url``). The project's own rules
reference lives in ``docs/`` (Markdown, shipped in the package as ``referee/docs``) and is
served as HTML:

- ``/rules/`` — the contents: every page and every section;
- ``/rules/pitch``, ``/rules/piquet``, ``/rules/irregularities``, ``/rules/pitch-variants``,
  ``/rules/laws-of-piquet``, ``/rules/records`` — a page;
- ``/rules/Q6`` — redirects to that section in its page (``/rules/piquet#Q6``; the games with
  more points' ``V9`` to ``/rules/pitch-variants#V9``); a law of Piquet, ``/rules/PT54`` (or
  ``PT 54``, ``PT59III``), to its row of the laws (``/rules/laws-of-piquet#PT54``,
  ``#PT59-III``) and a case, ``/rules/PT-case-XXI``, to its line; an unknown section is a 404
  problem.

Each is answered in the request's language (Accept-Language, or ``?lang=fr``): the English
text is the reference.  A page translated whole (``docs/rules/<lang>/<page>.md``, written for
this project from the English) is served in that language with the English page's anchors
("Q6", "P4" and every other heading's, heading by heading), and a note that the English is the
reference (every page is, in French, German and Polish); a page not yet translated (a
language added later) has its headings, the contents and the links translated (the catalogs'
``rules.*`` entries), with the same anchors, and a note at the top, and in the contents, says
that the text itself is English.

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
from referee.api.language import requested
from referee.api.problems import NOT_FOUND
from referee.i18n import DEFAULT, LOCALES, Message, message
from referee.i18n.details import RULES_NOT_FOUND

#: Where the Markdown lives: ``referee/docs`` (a link to the repository's ``docs/``).
DOCS_DIR = Path(__file__).resolve().parent.parent / "docs"

#: The pages, in the order of the contents: name → (file, title).
PAGES: dict[str, tuple[str, str]] = {
    "pitch": ("rules/pitch.md", "Pitch"),
    "piquet": ("rules/piquet.md", "Piquet"),
    "irregularities": ("rules/irregularities.md", "Irregularities"),
    "pitch-variants": ("rules/pitch-variants.md", "Pitch with more points"),
    "laws-of-piquet": ("rules/laws-of-piquet.md", "Laws of Piquet"),
    "records": ("records.md", "Records and the ledger"),
}

#: A section heading starts with its number: "P4 The play", "Q12 Irregularities", "V9
#: Bidding" (a numbered part of one, "V14.1 …", is no section of its own).
SECTION = re.compile(r"^([PQV][1-9][0-9]?)(?=\s|$)")

#: The page of the laws of Piquet (Cavendish's code, "PT" in irregularities.md): each law is
#: a row of its tables, each case a line of its list, anchored by :func:`_law_anchors`.
LAWS = "laws-of-piquet"
#: A law as a ruling or a reader cites it: "PT 54", "PT54", "pt 59 iii", "PT59-III".
LAW = re.compile(r"^PT ?([1-9][0-9]?)(?:[ -]?(I|II|III|IV|V))?$", re.I)
#: A case of the laws: "PT-case-XXI" (Cases I-XXII).
CASE = re.compile(r"^PT-case-([IVX]+)$", re.I)
_LAW_ROW = re.compile(r"<tr>\n<td>([1-9][0-9]?)(?: (I|II|III|IV|V))?</td>")
_CASE_LINE = re.compile(r"<li><strong>([IVX]+)(?:, [IVX]+)?</strong>")

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
table:focus-visible, pre:focus-visible { outline: 2px solid var(--accent); }
table { border-collapse: collapse; display: block; overflow-x: auto; }
tr:target, li:target { outline: 2px solid var(--accent); outline-offset: 2px; }
th, td { border: 1px solid var(--rule); padding: .35rem .5rem; vertical-align: top;
         text-align: left; }
pre { overflow-x: auto; padding: .75rem; border: 1px solid var(--rule); }
code { font-size: .92em; }
p, li { overflow-wrap: break-word; }
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


def translated_path(name: str, locale: str) -> Path:
    """Where page ``name`` translated whole into ``locale`` lives:
    ``docs/rules/<locale>/<file>`` (e.g. ``docs/rules/fr/piquet.md``)."""
    return DOCS_DIR / "rules" / locale / Path(PAGES[name][0]).name


@functools.cache
def _translation(name: str, locale: str) -> str | None:
    """Page ``name`` translated whole into ``locale``, or None when it is not (yet)."""
    path = translated_path(name, locale)
    return path.read_text(encoding="utf-8") if locale != DEFAULT and path.is_file() else None


_ANCHOR = re.compile(r'<h([1-3]) id="([^"]*)"')


def anchors(html_text: str) -> list[str]:
    """The anchors of a page's headings (``h1``–``h3``), in order."""
    return [found.group(2) for found in _ANCHOR.finditer(html_text)]


def _with_anchors(body: str, wanted: list[str]) -> str:
    """``body`` (a translated page's HTML) with its headings' anchors replaced, in order, by
    the English page's ``wanted`` ones, so that a link opens the same section in every
    language."""
    names = iter(wanted)
    return _ANCHOR.sub(lambda m: f'<h{m.group(1)} id="{next(names, m.group(2))}"', body)


def law_anchor(law: int, part: str | None = None) -> str:
    """The anchor of law ``law`` (``54``) or of its part ``part`` (``"III"``) in the laws'
    page: ``"PT54"``, ``"PT59-III"``."""
    return f"PT{law}-{part}" if part else f"PT{law}"


def _law_anchors(body: str) -> str:
    """The laws' page (HTML, in any language) with each law's row anchored by its number
    (:func:`law_anchor`, the row's first cell) and each case's line by its numeral
    (``PT-case-XXI``; "XV, XVI" by the first)."""
    body = _LAW_ROW.sub(lambda m: (f'<tr id="{law_anchor(int(m.group(1)), m.group(2))}">'
                                   + m.group(0)[4:]), body)
    return _CASE_LINE.sub(lambda m: f'<li id="PT-case-{m.group(1)}">' + m.group(0)[4:], body)


def row_anchors(html_text: str) -> list[str]:
    """The anchors of a page's law rows and case lines, in order."""
    return re.findall(r'<(?:tr|li) id="([^"]*)"', html_text)


def _markdown(text: str) -> str:
    """``text`` (Markdown) as HTML; each table and code block, which scroll in their own box
    on a narrow screen, can take the keyboard's focus so that they scroll from it too."""
    made = str(markdown.markdown(
        text,
        extensions=["tables", "fenced_code", "toc"],
        extension_configs={"toc": {"slugify": _slug}},
        output_format="html",
    ))
    return made.replace("<table>", '<table tabindex="0">').replace("<pre>", '<pre tabindex="0">')


def _headings() -> dict[str, Message]:
    """Every heading of the pages (``#`` to ``###``), by its English text."""
    found: dict[str, Message] = {}
    for name in PAGES:
        for line in _source(name).splitlines():
            if re.match(r"#{1,3} ", line):
                text = line.lstrip("#").strip()
                found[text] = message(f"rules.heading.{slugify(text, '-')}", text)
    return found


#: The headings' words in each language, by their English.
HEADINGS = _headings()
#: The navigation's and the contents' words.
WORDS = {key: message(f"rules.{key}", english) for key, english in (
    ("contents", "Contents"), ("table", "The table"),
    ("page.pitch", "Pitch"), ("page.piquet", "Piquet"), ("page.irregularities", "Irregularities"),
    ("page.pitch-variants", "Pitch with more points"), ("page.laws-of-piquet", "Laws of Piquet"),
    ("page.records", "Records and the ledger"),
    ("title", "The rules the referee applies"),
    ("intro", "Every refusal and every violation names one of these sections in its "
              "<code>rule</code> (and links it in <code>rule_url</code>)."),
    ("note", "The English text is the reference: in this language the headings, the contents "
             "and the links are translated; the text of the sections, their tables and the "
             "examples are in English for now."),
    ("suffix", "referee rules"),
    ("translated", "This page is a translation made for this service; the English text is the "
                   "reference."),
)}
_HEADING = re.compile(r"<h([1-3])([^>]*)>(.*?)</h\1>")


def _title(name: str, locale: str) -> str:
    return WORDS[f"page.{name}"](locale)


def _translated(body: str, locale: str) -> str:
    """The headings of ``body`` (HTML) in ``locale``, marked with their language, and the
    note after the first heading."""
    def heading(found: re.Match[str]) -> str:
        english = html.unescape(found.group(3))
        words = HEADINGS.get(english)
        if words is None:
            return found.group(0)
        return (f'<h{found.group(1)}{found.group(2)} lang="{locale}">'
                f"{html.escape(words(locale))}</h{found.group(1)}>")

    body = _HEADING.sub(heading, body)
    note = f'<p lang="{locale}"><em>{html.escape(WORDS["note"](locale))}</em></p>'
    end = body.find("</h1>")
    return body[:end + 5] + note + body[end + 5:] if end >= 0 else note + body


@functools.cache
def sections() -> dict[str, tuple[str, str]]:
    """Every section number → (the page that states it, its heading), P1…P10, Q1…Q12 and
    V1…V15."""
    found: dict[str, tuple[str, str]] = {}
    for name in PAGES:
        for line in _source(name).splitlines():
            if line.startswith("## ") and (match := SECTION.match(line[3:])):
                found.setdefault(match.group(1), (name, line[3:].strip()))
    return found


@functools.cache
def _page(name: str, locale: str = DEFAULT) -> tuple[str, str]:
    """A page as HTML in ``locale`` (its translation when there is one, else
    :func:`_translated`), and its ETag."""
    body = _markdown(_source(name))
    whole = _translation(name, locale)
    if whole is not None:
        body = _with_anchors(_markdown(whole), anchors(body))
        note = f'<p><em>{html.escape(WORDS["translated"](locale))}</em></p>'
        end = body.find("</h1>")
        body = body[:end + 5] + note + body[end + 5:] if end >= 0 else note + body
    elif locale != DEFAULT:
        body = _translated(body, locale)
    if name == LAWS:
        body = _law_anchors(body)
    text = _document(_title(name, locale), body, locale, whole=whole is not None)
    return text, hashlib.sha256(text.encode()).hexdigest()[:16]


@functools.cache
def _contents(locale: str = DEFAULT) -> tuple[str, str]:
    items = []
    for name in PAGES:
        chapters = [line[3:].strip() for line in _source(name).splitlines()
                    if line.startswith("## ")]
        # A page of numbered sections lists those; one without (the laws, the records) its
        # chapters.
        numbered = [text for text in chapters if SECTION.match(text)]
        entries = "".join(
            f'<li><a href="/rules/{name}#{_slug(text, "-")}">'
            f"{html.escape(HEADINGS[text](locale))}</a></li>"
            for text in numbered or chapters
        )
        items.append(f'<h2><a href="/rules/{name}">{html.escape(_title(name, locale))}</a></h2>'
                     + (f"<ul>{entries}</ul>" if entries else ""))
    # The note that the sections' text is English only while a page is not translated whole.
    said = ("" if locale == DEFAULT else "translated"
            if all(_translation(name, locale) is not None for name in PAGES) else "note")
    note = f"<p><em>{html.escape(WORDS[said](locale))}</em></p>" if said else ""
    body = (f"<h1>{html.escape(WORDS['title'](locale))}</h1><p>{WORDS['intro'](locale)}</p>"
            + note + "".join(items))
    text = _document(WORDS["contents"](locale), body, locale, whole=True)
    return text, hashlib.sha256(text.encode()).hexdigest()[:16]


def _document(title: str, body: str, locale: str = DEFAULT, whole: bool = False) -> str:
    """The HTML page: ``lang`` is the locale's when the whole page is in it (the contents),
    else English, each translated heading marking its own language."""
    links = " ".join(f'<a href="/rules/{n}">{html.escape(_title(n, locale))}</a>'
                     for n in PAGES)
    page_lang = locale if whole else DEFAULT
    nav_lang = "" if page_lang == locale else f' lang="{locale}"'
    return (
        f'<!doctype html>\n<html lang="{page_lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)} — {html.escape(WORDS['suffix'](locale))}</title>"
        '<link rel="icon" href="/favicon.ico">'
        f"<style>{STYLE}</style></head><body>"
        f'<nav aria-label="Rules"{nav_lang}><a href="/rules/">'
        f"{html.escape(WORDS['contents'](locale))}</a> {links} "
        f'<a href="/table/">{html.escape(WORDS["table"](locale))}</a> '
        '<a href="/docs">API</a></nav>'
        f"<main>{body}</main></body></html>\n"
    )


def _locale() -> str:
    """The language of a rules page: ``?lang=`` when it names one, else Accept-Language."""
    asked = request.args.get("lang", "")
    return asked if asked in LOCALES else requested()


def _html(text: str, etag: str, locale: str = DEFAULT) -> Response:
    response = Response(text, mimetype="text/html")
    response.headers["Content-Language"] = locale
    response.vary.add("Accept-Language")
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
    locale = _locale()
    return _html(*_contents(locale), locale)


@blp.get("/<string:name>")
def page_or_section(name: str) -> Any:
    """A page (``pitch``, ``piquet``, ``irregularities``, ``records``) or a section
    (``Q6`` → ``/rules/piquet#Q6``). :raises ProblemError: 404 for anything else."""
    if name in PAGES:
        locale = _locale()
        return _html(*_page(name, locale), locale)
    asked = request.args.get("lang", "")
    query = f"?lang={asked}" if asked in LOCALES else ""
    number = name.upper()
    if number in sections():
        return redirect(f"/rules/{sections()[number][0]}{query}#{number}", code=302)
    anchor = _law_or_case(name.strip())
    if anchor is not None:
        return redirect(f"/rules/{LAWS}{query}#{anchor}", code=302)
    raise ProblemError(NOT_FOUND, RULES_NOT_FOUND.said(name=name))


def _law_or_case(name: str) -> str | None:
    """The anchor of a law of Piquet (one of its page's rows: 1-78, the parts I-V of law 59)
    or of a case (I-XXII) as ``name`` cites it, or None when it cites neither."""
    law, case = LAW.match(name), CASE.match(name)
    if case:
        return _case_lines().get(case.group(1).upper())
    if not law:
        return None
    anchor = law_anchor(int(law.group(1)), law.group(2) and law.group(2).upper())
    return anchor if anchor in _law_rows() else None


@functools.cache
def _law_rows() -> frozenset[str]:
    """The anchors of the laws' page's rows: each law, and the parts of law 59."""
    return frozenset(row_anchors(_page(LAWS)[0]))


@functools.cache
def _case_lines() -> dict[str, str]:
    """Each case the laws' page numbers (its numeral: ``"XVI"``) and the anchor of the line
    that states it: ``PT-case-<numeral>`` of the line's first numeral, so that a case stated
    on another's line ("XV, XVI") opens that line."""
    return {numeral: f"PT-case-{listed.split(', ')[0]}"
            for listed in re.findall(r"^- \*\*([IVX, ]+)\*\*", _source(LAWS), re.M)
            for numeral in listed.split(", ")}
