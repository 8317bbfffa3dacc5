"""The committed OpenAPI document is current and valid (design.md: generated and committed)."""

import json
from pathlib import Path

from flask import Flask
from openapi_spec_validator import validate

SPEC_PATH = Path(__file__).resolve().parent.parent / "api_spec" / "openapi.json"


def _generated(app: Flask) -> dict:
    api = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
    return json.loads(json.dumps(api.spec.to_dict()))


def test_committed_document_is_not_stale(app: Flask) -> None:
    committed = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    assert committed == _generated(app), "api_spec/openapi.json is stale: run `make openapi`"


def test_document_is_valid_openapi_3_1(app: Flask) -> None:
    document = _generated(app)
    assert document["openapi"] == "3.1.0"
    validate(document)


def test_app_serves_the_document(app: Flask) -> None:
    response = app.test_client().get("/openapi.json")
    assert response.status_code == 200
    assert response.json["paths"].keys() == _generated(app)["paths"].keys()


def test_streamed_and_csv_answers_name_their_media_type(app: Flask) -> None:
    """The event stream's 200 is ``text/event-stream`` (each event: ``event``, ``id``,
    ``data`` the match as JSON); the ledger's CSV answers are
    ``text/csv`` (``/ledger.csv``, and ``/ledger`` beside its JSON page)."""
    paths = _generated(app)["paths"]

    def content(path: str) -> dict:
        return paths["/v1/matches/{match_id}" + path]["get"]["responses"]["200"]["content"]

    event = content("/stream")["text/event-stream"]["schema"]  # each event, as SSE reads it
    assert event["properties"]["data"]["contentSchema"] == {"$ref": "#/components/schemas/Match"}
    assert set(event["properties"]) == {"event", "id", "data", "retry"}
    assert content("/ledger.csv")["text/csv"]["schema"]["type"] == "string"
    assert set(content("/ledger")) == {"application/json", "text/csv"}
