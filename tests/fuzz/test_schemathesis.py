"""Fuzz every endpoint from the OpenAPI document (schemathesis): no 5xx, and every response
matches the document (status, content type, body, headers) — including the authenticated
match routes, each case called on a fresh real match (Pitch or Piquet) with its write token,
so a case that rotates the tokens cannot blind the others.

The schema is loaded at module level (``schemathesis.pytest.from_fixture`` breaks on pytest
9.2), on an app over its own temporary SQLite database.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from referee.api import create_app
from referee.store.db import make_database, upgrade

_DB = Path(tempfile.mkdtemp(prefix="referee-fuzz-")) / "fuzz.db"
_migrate = make_database(f"sqlite:///{_DB}")
with _migrate.connection_context():
    upgrade(_migrate)

# A stream ends after its first event here (the fuzzer reads every answer to its end).
# No create quota: every match of the fuzzer comes from one address (tests/api/test_limits.py).
APP = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{_DB}", "STREAM_MAX_SECONDS": 0,
                  "CREATE_QUOTA": 0})
MATCHES = [
    {"game": "pitch", "players": ["Ann", "Bob", "Cid"]},
    {"game": "piquet", "players": ["Bill", "Ann"]},
]
_made = 0


def fresh_match() -> tuple[str, str]:
    """A new match (Pitch and Piquet in turn) and its write token."""
    global _made
    _made += 1
    created = APP.test_client().post("/v1/matches", json=MATCHES[_made % 2]).get_json()
    return created["id"], created["tokens"]["write"]

schema = schemathesis.openapi.from_wsgi("/openapi.json", APP)

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]


@schema.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_api_conforms_to_its_document(case: schemathesis.Case) -> None:
    # The WSGI transport does not decode compressed answers (compression: test_bandwidth).
    case.headers = {**(case.headers or {}), "Accept-Encoding": "identity"}
    authenticated = bool(case.path_parameters and "match_id" in case.path_parameters)
    if authenticated:
        match_id, token = fresh_match()
        case.path_parameters["match_id"] = match_id
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    response = case.call_and_validate(checks=CHECKS)
    # A live token of this match is never refused as unknown (the recovery route takes a
    # recovery code instead, which the fuzzer cannot know).
    if authenticated and not case.path.endswith(":recover"):
        assert response.status_code != 401, response.text
