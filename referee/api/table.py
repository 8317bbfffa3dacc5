"""The table page (README, "The table page"): a small phone-first client served by the app.

``/table/`` serves the static files of ``referee/web/`` (HTML, CSS, JavaScript modules, no
external library and no CDN, so it works on a club network cut off from the internet). The
page talks to the public ``/v1`` API only, from the browser; this blueprint serves files and
nothing else.

Caching: every ``__ASSET_VERSION__`` in the page's text
files is replaced by :func:`asset_version`, a hash of all the web files. The page
(``/table/``) and its service worker (``/table/sw.js``) are revalidated on each load
(``no-cache``, answered 304 when unchanged); the files they name under
``/table/static/<version>/`` never change under that URL, so a phone keeps them a year
(``immutable``) and a new release gets new URLs. The old ``/table/<file>`` URLs still work
(``no-cache``).

Share links put the match and its token in the URL's fragment (``/table/#match=<id>&token=<read
token>``): a fragment never reaches the server, nor its logs.
"""

from __future__ import annotations

import functools
import hashlib
import json
import mimetypes
from pathlib import Path

from flask import Blueprint, Response, abort, redirect, request
from werkzeug.security import safe_join
from werkzeug.wrappers import Response as WerkzeugResponse

#: Where the page's files live (shipped as package data, see pyproject.toml).
WEB_DIR = Path(__file__).resolve().parent.parent / "web"

#: The placeholder the page's files use for the current asset version.
VERSION_MARK = b"__ASSET_VERSION__"

#: A year: versioned files never change under their URL.
IMMUTABLE = "public, max-age=31536000, immutable"

#: The page loads only its own files and talks only to this origin (the stream included).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; worker-src 'self'; manifest-src 'self'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)

#: Types Python's table may not know everywhere.
_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
          ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json",
          ".json": "application/json", ".html": "text/html"}

blp = Blueprint("table", __name__, url_prefix="/table")


@functools.cache
def asset_version() -> str:
    """12 hex digits of the SHA-256 of every file of ``referee/web`` (names and contents):
    it changes whenever any of them does (computed once per process)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in WEB_DIR.rglob("*") if p.is_file()):
        digest.update(path.relative_to(WEB_DIR).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


@functools.lru_cache(maxsize=256)
def _file(filename: str) -> tuple[bytes, str] | None:
    """A web file's bytes (with the asset version put in) and its type; None if not one."""
    joined = safe_join(str(WEB_DIR), filename)
    if joined is None or not Path(joined).is_file():
        return None
    path = Path(joined)
    data = path.read_bytes()
    mimetype = _TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or (
        "application/octet-stream")
    if VERSION_MARK in data:
        data = data.replace(VERSION_MARK, asset_version().encode())
    return data, mimetype


def _serve(filename: str, cache_control: str) -> Response:
    found = _file(filename)
    if found is None:
        abort(404)
    data, mimetype = found
    response = Response(data, mimetype=mimetype)
    response.headers["Cache-Control"] = cache_control
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.set_etag(hashlib.sha256(data).hexdigest()[:16])
    response.make_conditional(request)
    return response


@blp.get("")
def table_redirect() -> WerkzeugResponse:
    """``/table`` → ``/table/`` (relative links in the page need the slash)."""
    return redirect("/table/", code=308)


@blp.get("/")
def table_page() -> Response:
    """The page itself, naming its files under ``static/<asset version>/``."""
    return _serve("index.html", "no-cache")


@blp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, at the page's scope; revalidated on every load so an update is
    seen at once (it names the versioned files it precaches)."""
    return _serve("sw.js", "no-cache")


@blp.get("/static/<string:version>/<path:filename>")
def versioned_file(version: str, filename: str) -> Response:
    """A file of the page under its version: kept a year by browsers. A page of an older
    version still gets the file (the current one), but not for keeps."""
    current = version == asset_version()
    return _serve(filename, IMMUTABLE if current else "no-cache")


@blp.get("/i18n/<string:locale>.json")
def page_words(locale: str) -> Response:
    """The page's words in ``locale`` (referee/i18n/page.py): ``{"locale", "locales",
    "messages": {name: words}}``, from the same catalogs as the API's sentences; revalidated
    on each load (``no-cache``, 304 when unchanged) and kept offline by the service worker.
    404 for a locale the service does not speak."""
    from referee.i18n import LOCALES
    from referee.i18n.page import catalog_json

    if locale not in LOCALES:
        abort(404)
    data = json.dumps(catalog_json(locale), ensure_ascii=False, sort_keys=True).encode()
    response = Response(data, mimetype="application/json")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Content-Language"] = locale
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.set_etag(hashlib.sha256(data).hexdigest()[:16])
    response.make_conditional(request)
    return response


@blp.get("/<path:filename>")
def table_file(filename: str) -> Response:
    """The page's files at their old URLs (404 for anything not in ``referee/web/``)."""
    return _serve(filename, "no-cache")


def favicon() -> Response:
    """``/favicon.ico``: the page's SVG icon (browsers ask for it on every site)."""
    return _serve("favicon.svg", "public, max-age=86400")
