"""The service's frame: health, docs, and errors as problem+json (design.md, API conventions)."""

from flask.testing import FlaskClient


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
