"""What the app does for every request whatever its route.

- :class:`BodyReader`: the request body is read in full before the app sees it, within the
  size limit (``MAX_CONTENT_LENGTH``; 413 past it, chunked bodies too: Werkzeug cut those at
  the limit and the truncated JSON got a 400) and within a time limit under gevent (408: a
  phone that stops sending mid-body holds a greenlet, never a database connection).
- :func:`check_request_url`: NUL or a lone surrogate in the path or query is a 400.
- :func:`security_headers`: ``nosniff``, ``Referrer-Policy``, framing refused and a
  Content-Security-Policy on every response (a stricter one for the API's JSON, one that
  Swagger UI works with for ``/docs``; a response that sets its own, such as the table page,
  keeps it); ``Strict-Transport-Security`` on a response to a request that came over TLS
  (docs/operations.md, "HTTPS at the club").
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import io
import re
import sys
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, Response, current_app, request

from referee.api.errors import problem_response
from referee.api.inbound import check_url
from referee.api.language import environ_locale, word_answer
from referee.api.problems import REQUEST_ENTITY_TOO_LARGE, REQUEST_TIMEOUT
from referee.i18n.details import TIMEOUT, TOO_LARGE

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]

#: Seconds a request body may take to arrive, under gevent (REFEREE_BODY_TIMEOUT).
DEFAULT_BODY_TIMEOUT = 20.0

#: Seconds a browser that met the service over https keeps to https for it
#: (``Strict-Transport-Security: max-age``; REFEREE_HSTS_MAX_AGE): a year.
DEFAULT_HSTS_MAX_AGE = 365 * 24 * 3600

#: How much of an oversized body is read and dropped before the 413, in multiples of the limit.
DRAIN_FACTOR = 4

#: JSON and other non-HTML answers: nothing to load, never framed.
API_CSP = "default-src 'none'; frame-ancestors 'none'"

#: HTML pages without their own policy: this origin's files only, no inline script.
HTML_CSP = "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

#: Swagger UI (/docs): its files from this origin, its one inline start-up script by hash
#: (added per page), inline styles (the UI sets style attributes), data: images (its icons),
#: fetches to this origin only (the document, "Try it out").
DOCS_CSP = (
    "default-src 'self'; script-src 'self' {hashes}; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)

_INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)


class BodyReader:
    """WSGI middleware reading each request body in full before the app.

    :param app: the Flask app (its ``MAX_CONTENT_LENGTH`` and ``BODY_TIMEOUT`` config are
        read per request, so tests may change them).
    """

    def __init__(self, app: Flask) -> None:
        self.flask_app = app
        self.wrapped: WSGIApp = app.wsgi_app

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Any:
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        declared = environ.get("CONTENT_LENGTH") or ""
        if not chunked and declared in ("", "0"):
            return self.wrapped(environ, start_response)
        limit = self.flask_app.config.get("MAX_CONTENT_LENGTH")
        if limit is not None and not chunked and declared.isdigit() and int(declared) > limit:
            return _too_large(limit, self._hsts(environ), environ)(environ, start_response)
        cap = None if limit is None else limit + 1
        if not chunked and declared.isdigit():
            cap = int(declared) if cap is None else min(cap, int(declared))
        try:
            body = _read(environ["wsgi.input"], cap,
                         float(self.flask_app.config.get("BODY_TIMEOUT", DEFAULT_BODY_TIMEOUT)))
            if limit is not None and len(body) > limit:
                # Drain a little more so that the client, still sending, reads the 413
                # (closing on unread data resets the connection and loses the answer).
                _drain(environ["wsgi.input"], DRAIN_FACTOR * limit)
                return _too_large(limit, self._hsts(environ), environ)(environ, start_response)
        except TimeoutError:
            answer = _bare(problem_response(REQUEST_TIMEOUT, TIMEOUT.said(),
                                            headers={"Connection": "close"}),
                           self._hsts(environ), environ)
            return answer(environ, start_response)
        except OSError:  # the client went away mid-body: nobody to answer
            return []
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        return self.wrapped(environ, start_response)

    def _hsts(self, environ: dict[str, Any]) -> str | None:
        return hsts_value(environ.get("wsgi.url_scheme") == "https", self.flask_app.config)


def _too_large(limit: int, hsts: str | None, environ: dict[str, Any]) -> Response:
    return _bare(problem_response(REQUEST_ENTITY_TOO_LARGE, TOO_LARGE.said(limit=limit),
                                  headers={"Connection": "close"}), hsts, environ)


def _bare(answer: Response, hsts: str | None, environ: dict[str, Any]) -> Response:
    """An answer made outside the app (no after_request): its security headers here, and
    its language, the request's (Content-Language, Vary, its sentences: docs/translating.md)."""
    answer.headers["Content-Security-Policy"] = API_CSP
    _common_headers(answer, hsts)
    locale = environ_locale(environ)
    answer.headers["Content-Language"] = locale
    answer.headers["Vary"] = "Accept-Language"
    return word_answer(answer, locale)


def hsts_value(secure: bool, config: Any) -> str | None:
    """The ``Strict-Transport-Security`` header of an answer, or None.

    :param secure: whether the request came over TLS (gunicorn's own, or a proxy's that
        gunicorn trusts: ``forwarded_allow_ips`` and ``secure_scheme_headers``).
    :param config: the app's config (``HSTS_MAX_AGE``, seconds).
    :returns: ``max-age=N`` over TLS; None over plain http, where browsers ignore the header
        (RFC 6797, 8.1) and where a club's first visit must still reach the server.
    """
    if not secure:
        return None
    return f"max-age={int(config.get('HSTS_MAX_AGE', DEFAULT_HSTS_MAX_AGE))}"


def _read(stream: Any, cap: int | None, seconds: float) -> bytes:
    """Read ``stream`` to its end or to ``cap`` bytes; past ``seconds`` (only under gevent,
    where a read yields to the other greenlets) raise :class:`TimeoutError`."""
    timeout = _gevent_timeout(seconds)
    chunks: list[bytes] = []
    size = 0
    try:
        if timeout is not None:
            timeout.start()
        while cap is None or size < cap:
            chunk = stream.read(65536 if cap is None else min(65536, cap - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except BaseException as error:
        if timeout is not None and error is timeout:
            raise TimeoutError("request body too slow") from None
        raise
    finally:
        if timeout is not None:
            timeout.close()
    return b"".join(chunks)


def _drain(stream: Any, cap: int) -> None:
    """Read and drop up to ``cap`` more bytes (2 s at most); errors are the client's."""
    with contextlib.suppress(TimeoutError, OSError):
        _read(stream, cap, 2.0)


def _gevent_timeout(seconds: float) -> Any:
    """A gevent Timeout when this process runs gevent's patched sockets, else None."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is None or not monkey.is_module_patched("socket"):
        return None
    import gevent

    return gevent.Timeout(seconds)


def check_request_url() -> None:
    """``before_request``: refuse NUL / lone surrogates in the path and query (400)."""
    check_url(request.path, request.args)


#: The common headers of every answer, each with its name in lower case: worked out once.
_COMMON = (("x-content-type-options", "X-Content-Type-Options", "nosniff"),
           ("referrer-policy", "Referrer-Policy", "no-referrer"),
           ("x-frame-options", "X-Frame-Options", "DENY"))


def _common_headers(response: Response, hsts: str | None) -> set[str]:
    """Add those of the common headers the answer has not set; returns the names (lower
    case) of the headers it has now. One pass over the headers: werkzeug's lookups scan them
    all, and each miss raises and catches an exception (bench/RESULTS.md §18)."""
    headers = response.headers
    present = {name.lower() for name, _ in headers}
    for lower, name, value in _COMMON:
        if lower not in present:
            headers.add(name, value)
            present.add(lower)
    if hsts is not None and "strict-transport-security" not in present:
        headers.add("Strict-Transport-Security", hsts)
        present.add("strict-transport-security")
    return present


def security_headers(response: Response) -> Response:
    """``after_request``: the security headers of every response (module docstring)."""
    secure = request.is_secure
    present = _common_headers(response, hsts_value(True, current_app.config) if secure
                              else None)
    if "content-security-policy" not in present:  # so added, not set (no look-up again)
        if response.mimetype != "text/html":
            response.headers.add("Content-Security-Policy", API_CSP)
        elif request.path.rstrip("/") == "/docs":
            response.headers.add("Content-Security-Policy", _docs_csp(response))
        else:
            response.headers.add("Content-Security-Policy", HTML_CSP)
    return response


def _docs_csp(response: Response) -> str:
    """The /docs policy, allowing exactly the page's inline scripts by their SHA-256."""
    page = response.get_data()
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(script).digest()).decode() + "'"
        for script in _INLINE_SCRIPT.findall(page)
    )
    return DOCS_CSP.format(hashes=hashes).replace("  ", " ")


def register(app: Flask) -> None:
    """Install the body reader, the URL check and the security headers on ``app``."""
    app.config.setdefault("BODY_TIMEOUT", DEFAULT_BODY_TIMEOUT)
    app.before_request(check_request_url)
    app.after_request(security_headers)
    # Flask's documented way to wrap its WSGI app (mypy sees a method assigned)
    app.wsgi_app = BodyReader(app)  # type: ignore[method-assign]
