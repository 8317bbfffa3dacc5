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
    """Issue 12: /healthz was green on an empty database; readiness is not."""
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
