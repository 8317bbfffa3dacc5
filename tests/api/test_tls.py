"""HTTPS: Strict-Transport-Security only on answers to requests that came over TLS, and
gunicorn.conf.py's CERTFILE/KEYFILE (docs/operations.md, "HTTPS at the club"). Served over
https in a browser: tests/e2e/test_table_https.py."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("path", ["/healthz", "/table/", "/openapi.json", "/v1/matches/x"])
def test_hsts_over_tls_only(bare_client: FlaskClient, path: str) -> None:
    secure = bare_client.get(path, base_url="https://club.test")
    assert secure.headers["Strict-Transport-Security"] == "max-age=31536000"
    plain = bare_client.get(path, base_url="http://club.test")
    assert "Strict-Transport-Security" not in plain.headers


def test_hsts_from_a_proxy_that_gunicorn_trusts(bare_client: FlaskClient) -> None:
    # gunicorn turns a trusted proxy's X-Forwarded-Proto: https into the https scheme; the
    # header alone (from anyone) changes nothing in the app.
    forged = bare_client.get("/healthz", headers={"X-Forwarded-Proto": "https"})
    assert "Strict-Transport-Security" not in forged.headers
    trusted = bare_client.get("/healthz", environ_overrides={"wsgi.url_scheme": "https"})
    assert "Strict-Transport-Security" in trusted.headers


def test_hsts_max_age_is_a_setting(app: Flask, bare_client: FlaskClient) -> None:
    app.config["HSTS_MAX_AGE"] = 0
    answer = bare_client.get("/healthz", base_url="https://club.test")
    assert answer.headers["Strict-Transport-Security"] == "max-age=0"


def test_an_answer_made_before_the_app_has_hsts_too(app: Flask,
                                                    bare_client: FlaskClient) -> None:
    app.config["MAX_CONTENT_LENGTH"] = 10
    answer = bare_client.post("/v1/matches", data=b"x" * 100, base_url="https://club.test",
                              content_type="application/json")
    assert answer.status_code == 413
    assert answer.headers["Strict-Transport-Security"] == "max-age=31536000"
    plain = bare_client.post("/v1/matches", data=b"x" * 100, content_type="application/json")
    assert "Strict-Transport-Security" not in plain.headers


def _settings(monkeypatch: pytest.MonkeyPatch, **env: str) -> dict[str, object]:
    for name in ("CERTFILE", "KEYFILE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "unused")
    return runpy.run_path(str(ROOT / "gunicorn.conf.py"))


def test_gunicorn_serves_https_with_certfile_and_keyfile(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    plain = _settings(monkeypatch)
    assert "certfile" not in plain and "keyfile" not in plain
    tls = _settings(monkeypatch, CERTFILE="/etc/referee/referee.crt",
                    KEYFILE="/etc/referee/referee.key")
    assert (tls["certfile"], tls["keyfile"]) == ("/etc/referee/referee.crt",
                                                 "/etc/referee/referee.key")


def test_gunicorn_refuses_half_a_tls_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SystemExit, match="both CERTFILE and KEYFILE"):
        _settings(monkeypatch, CERTFILE="/etc/referee/referee.crt")
