"""The service's frame: health, docs, and errors as problem+json (design.md, API conventions)."""

from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from referee.api import create_app


def test_healthz_answers_ok(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json["status"] == "ok"


def test_unknown_path_is_problem_json(client: FlaskClient) -> None:
    response = client.get("/v1/no-such-thing")
    assert response.status_code == 404
    assert response.content_type == "application/problem+json"
    assert response.json["status"] == 404
    assert set(response.json) >= {"type", "title", "status", "detail"}


def test_wrong_method_keeps_allow_header(client: FlaskClient) -> None:
    response = client.delete("/healthz")
    assert response.status_code == 405
    assert "GET" in response.headers["Allow"]
    assert response.content_type == "application/problem+json"


def test_docs_page_and_its_assets_are_served_locally(client: FlaskClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    assert b"/docs/static/swagger-ui-bundle.js" in page.data
    assert client.get("/docs/static/swagger-ui-bundle.js").status_code == 200


def test_readyz_answers_ready_on_a_migrated_database(client: FlaskClient) -> None:
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.json["status"] == "ready"


def test_readyz_is_503_on_an_empty_database(tmp_path: Path) -> None:
    """/healthz was green on an empty database; readiness is not."""
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.db'}"})
    response = app.test_client().get("/readyz")
    assert response.status_code == 503
    assert response.content_type == "application/problem+json"
    assert "0001_matches_and_events" in response.json["detail"]
    assert response.headers["Retry-After"] == "5"
    assert app.test_client().get("/healthz").status_code == 200  # liveness needs no database


def test_readyz_is_503_when_the_database_cannot_be_reached(tmp_path: Path) -> None:
    # A directory where the database file should be: SQLite cannot open it.
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}"})
    response = app.test_client().get("/readyz")
    assert response.status_code == 503
    assert response.json["detail"] == "The database cannot be reached."


def test_readyz_is_503_on_a_partly_migrated_database(database_url: str, app: Flask) -> None:
    db = app.extensions["referee.db"]
    with db.connection_context():
        db.execute_sql('DELETE FROM "schema_migration" WHERE "name" = ?'.replace("?", db.param),
                       ("0003_idempotency_created_at_index",))
    response = app.test_client().get("/readyz")
    assert response.status_code == 503
    assert "0003_idempotency_created_at_index" in response.json["detail"]


def test_every_response_carries_the_security_headers(client: FlaskClient) -> None:
    for path in ("/healthz", "/v1/no-such-thing", "/openapi.json", "/docs",
                 "/docs/static/swagger-ui-bundle.js", "/table/"):
        response = client.get(path)
        assert response.headers["X-Content-Type-Options"] == "nosniff", path
        assert response.headers["Referrer-Policy"] == "no-referrer", path
        assert response.headers["X-Frame-Options"] == "DENY", path
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"], path
    api = client.get("/healthz").headers["Content-Security-Policy"]
    assert api.startswith("default-src 'none'")


def test_the_table_page_keeps_its_own_policy(client: FlaskClient) -> None:
    from referee.api.table import CONTENT_SECURITY_POLICY

    assert client.get("/table/").headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY


def test_the_docs_policy_allows_exactly_the_page_s_inline_script(client: FlaskClient) -> None:
    import base64
    import hashlib
    import re

    page = client.get("/docs")
    policy = page.headers["Content-Security-Policy"]
    scripts = re.findall(rb"<script>(.*?)</script>", page.data, re.DOTALL)
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0]).digest()).decode()
    assert f"script-src 'self' 'sha256-{digest}';" in policy
    assert "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
