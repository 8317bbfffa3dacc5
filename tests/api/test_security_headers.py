"""referee.api.serving.security_headers: each security header once, an answer's own kept
(whatever the case of its name), in one pass over the answer's headers."""

from __future__ import annotations

from flask import Flask, Response

from referee.api.serving import API_CSP, security_headers


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
