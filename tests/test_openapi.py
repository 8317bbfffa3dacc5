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


def _operations(document: dict) -> list[tuple[str, str, dict]]:
    return [(method, path, operation) for path, item in document["paths"].items()
            for method, operation in item.items() if method in ("get", "post", "put", "delete")]


def test_every_operation_is_named_summarized_and_says_its_errors(app: Flask) -> None:
    operations = _operations(_generated(app))
    ids = [operation["operationId"] for _, _, operation in operations]
    assert len(ids) == len(set(ids))
    assert "recordDeal" in ids and "confirmDeal" in ids and "scorePiquetSheet" in ids
    for method, path, operation in operations:
        assert operation["summary"], (method, path)
        assert "default" in operation["responses"], (method, path)
        assert "security" in operation, (method, path)  # [] when public


def test_the_headers_are_parameters_and_response_headers(app: Flask) -> None:
    """Idempotency-Key and If-Match on every write to a match (the create: the key only),
    If-None-Match on the reads that answer 304; ETag on their answers and on 412, and
    Idempotent-Replayed on a write's answers; Accept-Language on every operation and
    Content-Language on its answers."""
    document = _generated(app)

    def names(operation: dict) -> set[str]:
        refs = [p["$ref"].rsplit("/", 1)[1] for p in operation.get("parameters", [])
                if "$ref" in p]
        return {document["components"]["parameters"][ref]["name"] for ref in refs}

    for method, path, operation in _operations(document):
        responses = operation["responses"]
        if method == "post" and path.startswith("/v1/matches"):
            expected = {"Idempotency-Key"} | ({"If-Match"} if path != "/v1/matches" else set())
            assert expected <= names(operation), path
            success = next(r for s, r in responses.items() if s.startswith("2"))
            assert set(success["headers"]) == {"ETag", "Idempotent-Replayed",
                                               "Content-Language"}, path
        if "304" in responses:
            assert "If-None-Match" in names(operation), path
            assert "ETag" in responses["200"]["headers"], path
            assert "ETag" in responses["304"]["headers"], path
        assert "Accept-Language" in names(operation), path
        for status, response in responses.items():
            if "$ref" not in response:
                assert "Content-Language" in response.get("headers", {}), (path, status)
    failed = document["components"]["responses"]["PRECONDITION_FAILED"]
    assert "ETag" in failed["headers"]


def test_the_problem_types_are_an_enumeration(app: Flask) -> None:
    from referee.api.problems import REGISTRY

    enum = _generated(app)["components"]["schemas"]["Problem"]["properties"]["type"]["enum"]
    assert {kind.uri for kind in REGISTRY.values()} <= set(enum)
    assert "https://referee.example/problems/not-acceptable" in enum  # a framework's 406
