"""The table page (issue "The table page"): a small phone-first client served by the app.

``/table/`` serves the static files of ``referee/web/`` (HTML, CSS, a little JavaScript, no
external library and no CDN, so it works on a club network cut off from the internet). The
page talks to the public ``/v1`` API only, from the browser; this blueprint serves files and
nothing else.

Share links put the match and its token in the URL's fragment (``/table/#match=<id>&token=<read
token>``): a fragment never reaches the server, nor its logs.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, redirect, send_from_directory

#: Where the page's files live (shipped as package data, see pyproject.toml).
WEB_DIR = Path(__file__).resolve().parent.parent / "web"

#: The page loads only its own files and talks only to this origin.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

blp = Blueprint("table", __name__, url_prefix="/table")


def _headers(response: Response) -> Response:
    # Revalidate on each load: a phone must not keep an old page after an update.
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@blp.get("")
def table_redirect() -> Response:
    """``/table`` → ``/table/`` (relative links in the page need the slash)."""
    return redirect("/table/", code=308)  # type: ignore[return-value]


@blp.get("/")
def table_page() -> Response:
    """The page itself."""
    return _headers(send_from_directory(WEB_DIR, "index.html", max_age=0))


@blp.get("/<path:filename>")
def table_file(filename: str) -> Response:
    """The page's CSS and JavaScript (404 for anything not in ``referee/web/``)."""
    return _headers(send_from_directory(WEB_DIR, filename, max_age=0))
