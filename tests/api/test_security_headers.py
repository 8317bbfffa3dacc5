"""referee.api.serving.security_headers: each security header once, an answer's own kept
(whatever the case of its name), in one pass over the answer's headers."""

from __future__ import annotations

import base64
import hashlib

import pytest
from flask import Flask, Response
from werkzeug.datastructures import Headers

from referee.api.serving import API_CSP, HTML_CSP, security_headers


def test_an_answer_gets_each_header_once_in_order(app: Flask) -> None:
    with app.test_request_context("/v1/matches/x/events", method="POST"):
        answer = security_headers(Response("{}", 201, mimetype="application/json",
                                           headers={"ETag": '"v1"'}))
    assert [name for name, _ in answer.headers] == [
        "ETag", "Content-Type", "Content-Length", "X-Content-Type-Options",
        "Referrer-Policy", "X-Frame-Options", "Content-Security-Policy"]
    assert answer.headers["Content-Security-Policy"] == API_CSP


def test_an_answers_own_headers_are_kept(app: Flask) -> None:
    own = {"x-frame-options": "SAMEORIGIN", "content-security-policy": "default-src 'self'"}
    with app.test_request_context("/table/", base_url="https://club.example"):
        answer = security_headers(Response("<p>", mimetype="text/html", headers=own))
    assert answer.headers.getlist("X-Frame-Options") == ["SAMEORIGIN"]
    assert answer.headers.getlist("Content-Security-Policy") == ["default-src 'self'"]
    assert answer.headers.getlist("Referrer-Policy") == ["no-referrer"]
    assert answer.headers["Strict-Transport-Security"].startswith("max-age=")


def test_the_headers_are_added_in_one_pass_never_looked_up_again(
    app: Flask, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each header the hook writes is one the answer lacks (its one pass says so): added, never
    set (werkzeug's ``set`` scans the headers again to replace) nor looked for; JSON, an HTML
    page and /docs each get their policy (bench/RESULTS.md §30)."""

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a header set, or looked for, again")

    page = "<html><script>start()</script></html>"
    answers = {}
    for path, body, mimetype in (("/v1/matches/x/events", "{}", "application/json"),
                                 ("/table/", "<p>", "text/html"),
                                 ("/docs", page, "text/html")):
        with app.test_request_context(path):
            answer = Response(body, mimetype=mimetype)
            with monkeypatch.context() as patched:
                for name in ("set", "__setitem__", "__contains__"):
                    patched.setattr(Headers, name, refused)
                answers[path] = security_headers(answer)
    assert answers["/v1/matches/x/events"].headers["Content-Security-Policy"] == API_CSP
    assert answers["/table/"].headers["Content-Security-Policy"] == HTML_CSP
    docs = answers["/docs"].headers["Content-Security-Policy"]
    digest = base64.b64encode(hashlib.sha256(b"start()").digest()).decode()
    assert f"script-src 'self' 'sha256-{digest}';" in docs
    for answer in answers.values():
        assert [n for n, _ in answer.headers][-4:] == [
            "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options",
            "Content-Security-Policy"]
