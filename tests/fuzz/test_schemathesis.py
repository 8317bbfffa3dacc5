"""Fuzz the whole OpenAPI document with schemathesis, every check it has (no 5xx; status,
content type, body and headers as documented; schema-valid requests accepted, invalid ones
refused; …), in its four phases:

- examples, coverage and fuzzing, operation by operation (:func:`test_api_conforms_to_its_
  document`): the authenticated match routes are each called on a fresh real match (Pitch or
  Piquet) with its write token, so a case that rotates the tokens cannot blind the others;
- the stateful phase (:func:`test_api_conforms_in_sequences`): schemathesis's state machine
  chains the operations by the links it infers from the document (a created match's ``id``
  into every ``{match_id}``, a deal's number into ``{deal}``, …), each call carrying the
  write token of the match it names.

On the suite's database: a SQLite file of its own, or, when DATABASE_URL names a PostgreSQL
server, a database of its own there (``<name>_fuzz``). The test ids name the database, so
``make fuzz``'s report says which one was fuzzed. Marked ``fuzz``: not part of ``make test``;
``make fuzz`` (``FUZZ_EXAMPLES`` examples per operation and phase, and sequences) runs it,
and .ci/run runs that on both databases.

The schema is loaded at module level (``schemathesis.pytest.from_fixture`` breaks on pytest
9.2).
"""

from __future__ import annotations

import os
import re
import tempfile
import urllib.parse
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from referee.api import create_app
from referee.store.db import make_database, upgrade
from tests.conftest import ON_POSTGRES, POSTGRES_URL


@schemathesis.serializer("application/toml")
def _toml(ctx: Any, value: Any) -> bytes:
    """A record file (docs/format.md) as sent: the generated text's UTF-8 bytes (the
    document's schema for ``application/toml`` is a string)."""
    return str(value).encode("utf-8", "surrogatepass")

pytestmark = pytest.mark.fuzz

#: Examples per operation and phase, and sequences of the stateful phase (``make fuzz`` sets
#: FUZZ_EXAMPLES).
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "10"))


def _fuzz_database() -> tuple[str, str]:
    """(DATABASE_URL, a name for reports) of a migrated database of this module's own."""
    if not ON_POSTGRES:
        url = f"sqlite:///{Path(tempfile.mkdtemp(prefix='referee-fuzz-')) / 'fuzz.db'}"
        label = "SQLite"
    else:
        import psycopg

        parts = urllib.parse.urlsplit(POSTGRES_URL)
        name = f"{parts.path.lstrip('/') or 'postgres'}_fuzz"
        with psycopg.connect(POSTGRES_URL, autocommit=True) as conn:
            if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                                (name,)).fetchone():
                conn.execute(f'CREATE DATABASE "{name}"')
        url = urllib.parse.urlunsplit(parts._replace(path="/" + name))
        label = f"PostgreSQL {name}"
    db = make_database(url)
    with db.connection_context():
        if ON_POSTGRES:
            for table in ("club_event_club", "club_player", "club",
                          "club_event_match", "club_event_entry", "club_event",
                          "fold_snapshot", "event", "match", "access_token",
                          "idempotency_key", "create_quota", "schema_migration"):
                db.execute_sql(f'DROP TABLE IF EXISTS "{table}" CASCADE')
        upgrade(db)
    if hasattr(db, "close_all"):
        db.close_all()
    return url, label


DATABASE_URL, DATABASE = _fuzz_database()

# A stream ends after its first event here (the fuzzer reads every answer to its end).
# No create quota: every match of the fuzzer comes from one address (tests/api/test_limits.py).
APP = create_app({"TESTING": True, "DATABASE_URL": DATABASE_URL, "STREAM_MAX_SECONDS": 0,
                  "CREATE_QUOTA": 0})
MATCHES = [
    {"game": "pitch", "players": ["Ann", "Bob", "Cid"]},
    {"game": "piquet", "players": ["Bill", "Ann"]},
]
_made = 0

#: Schemathesis's defaults (every check), but:
#:
#: - a schema-valid request may still be refused for what no JSON Schema states: a record the
#:   rules refuse (422), a stale or missing If-Match (412, 428), credentials no longer handed
#:   out again (410);
#: - a schema-violating request with a stale If-Match may be refused 412 rather than 400: the
#:   preconditions are evaluated before the request's content (RFC 9110, 13.2.1);
#: - no NUL in generated text: the API refuses it in every string (400; PostgreSQL text cannot
#:   hold it; docs/security.md, "Limits"), a floor under every schema the document states in
#:   its description rather than in each string's pattern.
CONFIG = SchemathesisConfig.from_dict({
    "generation": {"allow-x00": False},
    "checks": {
        "positive_data_acceptance": {
            "expected-statuses": ["2xx", "401", "403", "404", "409", "410", "412", "422",
                                  "428"],
        },
        "negative_data_rejection": {
            "expected-statuses": ["400", "401", "403", "404", "405", "406", "409", "412",
                                  "415", "422", "428", "429", "5xx"],
        },
    },
})


#: Each match's write token by id: the matches the fuzzer made (a create, or
#: :func:`fresh_match`), kept from the answer that made them and from rotations and recoveries.
TOKENS: dict[str, str] = {}


def fresh_match() -> str:
    """A new match (Pitch and Piquet in turn); its id (its token in :data:`TOKENS`)."""
    global _made
    _made += 1
    created = APP.test_client().post("/v1/matches", json=MATCHES[_made % 2]).get_json()
    TOKENS[created["id"]] = created["tokens"]["write"]
    return str(created["id"])


#: Each event's organiser token by id: the events the fuzzer made (a create, or
#: :func:`fresh_event`).
EVENT_TOKENS: dict[str, str] = {}


def fresh_event() -> str:
    """A new Pitch night of four players checked in; its id (its token in
    :data:`EVENT_TOKENS`)."""
    created = APP.test_client().post("/v1/events", json={
        "name": "Friday", "game": "pitch", "movement": "progressive",
        "players": ["Ann", "Bob", "Cid", "Dee"]}).get_json()
    EVENT_TOKENS[created["id"]] = created["tokens"]["organiser"]
    return str(created["id"])


#: Each club's organiser token by id: the clubs the fuzzer made (a create, or
#: :func:`fresh_club`).
CLUB_TOKENS: dict[str, str] = {}


def fresh_club() -> str:
    """A new club of two players (a member and a guest); its id (its token in
    :data:`CLUB_TOKENS`)."""
    created = APP.test_client().post("/v1/clubs", json={
        "name": "Tuesday", "players": [{"name": "Ann", "member": "1"}, {"name": "Bob"}]}
    ).get_json()
    CLUB_TOKENS[created["id"]] = created["tokens"]["organiser"]
    return str(created["id"])


def keep_tokens(case: schemathesis.Case, response: Any) -> None:
    """Remember the write token an answer hands out (a create, a rotation, a recovery), and
    an event's organiser token."""
    if case.method != "POST" or response.status_code not in (200, 201):
        return
    body = response.json()
    if case.path == "/v1/events":
        EVENT_TOKENS[body["id"]] = body["tokens"]["organiser"]
    elif case.path == "/v1/clubs":
        CLUB_TOKENS[body["id"]] = body["tokens"]["organiser"]
    elif case.path in ("/v1/matches", "/v1/matches:import"):
        TOKENS[body["id"]] = body["tokens"]["write"]
    elif case.path.endswith(("/tokens", "/tokens:recover")):
        write = (body.get("tokens") or {}).get("write")
        if write:
            TOKENS[case.path_parameters["match_id"]] = write


schema = schemathesis.openapi.from_wsgi("/openapi.json", APP, config=CONFIG)


@schema.auth()
class MatchToken:
    """The bearer token of the match (or the event) a case names. A match id the fuzzer made up (the
    operation-by-operation phases) is replaced by a fresh real match (so a case that rotates
    the tokens cannot blind the others); one the stateful phase took from an earlier answer
    keeps its match. Being schemathesis's auth, its checks of missing and wrong credentials
    (401 expected) know what a right one is."""

    def get(self, case: schemathesis.Case, context: Any) -> str:
        return "per match"

    def set(self, case: schemathesis.Case, data: str, context: Any) -> None:
        parameters = case.path_parameters or {}
        if "club_id" in parameters:
            if parameters["club_id"] not in CLUB_TOKENS:
                parameters["club_id"] = fresh_club()
            case.headers = {**(case.headers or {}),
                            "Authorization": f"Bearer {CLUB_TOKENS[parameters['club_id']]}"}
            return
        if "event_id" in parameters:
            if parameters["event_id"] not in EVENT_TOKENS:
                parameters["event_id"] = fresh_event()
            case.headers = {**(case.headers or {}),
                            "Authorization": f"Bearer {EVENT_TOKENS[parameters['event_id']]}"}
            return
        if "match_id" not in parameters:
            return
        if parameters["match_id"] not in TOKENS:
            parameters["match_id"] = fresh_match()
        case.headers = {**(case.headers or {}),
                        "Authorization": f"Bearer {TOKENS[parameters['match_id']]}"}


@schema.hook("map_body")
def json_integers(context: Any, body: Any) -> Any:
    """Integers as the API takes them under every schema (the document's description;
    docs/security.md, "Limits"): written without a fraction — JSON Schema 2020-12 counts
    ``2.0`` as the integer 2, and schemathesis sends it so, but ``11.0`` is a 400 — and of at
    most 15 digits, also inside the free-form objects (``irregular``, ``sheet``), whose
    schemas state no range. Neither is a JSON Schema keyword."""
    if isinstance(body, float) and body.is_integer() and abs(body) < 2**53:
        body = int(body)
    if isinstance(body, int) and not isinstance(body, bool) and abs(body) >= 10**15:
        return body % 10**15
    if isinstance(body, list):
        return [json_integers(context, item) for item in body]
    if isinstance(body, dict):
        return {key: json_integers(context, item) for key, item in body.items()}
    return body


#: Where the declarations a Piquet player says are read (Q5: point, sequence, sets; in a
#: step, a record's ``declarations``, a score sheet by role): the document gives their forms
#: (words, a number, an object, a list) and describes the words and objects in prose
#: (/rules/records); the referee's reader (referee/piquet/words.py) is the grammar.
_DECLARATION = re.compile(r"(^|\.)(point|sequence|sets)(\.(elder|younger))?(\[\d+\])*(\.|$)")


@schema.hook("filter_failure")
def declarations_are_read_by_the_referee(context: Any, failure: Any, case: schemathesis.Case,
                                         response: Any) -> bool:
    """Keep every failure but a schema-valid request refused (400) only for the words or the
    object of a declaration that name no combination ("point of blue", ``{"count": 5}``):
    that is the referee's reading, which no JSON Schema of the document states."""
    if type(failure).__name__ != "RejectedPositiveData" or response.status_code != 400:
        return True
    try:
        answer = response.json()
    except ValueError:
        return True
    if case.operation.path in ("/v1/records:score", "/v1/matches:import") and answer.get(
            "problems"):
        return False  # a record file's grammar is docs/format.md: the reader is its grammar
    errors = answer.get("errors") or {}
    if errors and _jokers_in_four_point(case, errors):
        return False
    return not errors or not all(_DECLARATION.search(where) for where in errors)


def _jokers_in_four_point(case: schemathesis.Case, errors: dict[str, Any]) -> bool:
    """The document's card pattern takes the variants' jokers and folds (V2, V5); the
    four-point game refuses them at their place (P1), which no pattern of one schema states."""
    body = case.body if isinstance(case.body, dict) else {}
    options = body.get("options") if isinstance(body.get("options"), dict) else {}
    if options.get("variant") not in (None, "four_point"):
        return False
    return all(re.match(r"^(tricks|hands)\[\d+\]", where) for where in errors)


SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)


@schema.parametrize()
@SETTINGS
def test_api_conforms_to_its_document(case: schemathesis.Case) -> None:
    # The WSGI transport does not decode compressed answers (compression: test_bandwidth).
    case.headers = {**(case.headers or {}), "Accept-Encoding": "identity"}
    response = case.call_and_validate()
    keep_tokens(case, response)


def _empty_database() -> None:
    """Every table emptied (the migrations' record kept) and the tokens forgotten: each
    scenario of the stateful phase starts from the same empty database, so that Hypothesis,
    replaying a scenario, meets the same answers (a create answered again by its
    Idempotency-Key, a quota, a match's state) and so the same operations to choose from;
    a database that had moved on made it raise FlakyStrategyDefinition."""
    db = APP.extensions["referee.db"]
    with db.connection_context():
        tables = [t for t in db.get_tables() if t != "schema_migration"]
        if ON_POSTGRES:
            db.execute_sql("TRUNCATE " + ", ".join(f'"{t}"' for t in tables) + " CASCADE")
        else:
            db.execute_sql("PRAGMA foreign_keys = OFF")
            for table in tables:
                db.execute_sql(f'DELETE FROM "{table}"')
            db.execute_sql("PRAGMA foreign_keys = ON")
    if hasattr(db, "close_all"):
        db.close_all()
    TOKENS.clear()
    EVENT_TOKENS.clear()


@pytest.mark.parametrize("database", [DATABASE])
def test_api_conforms_in_sequences(database: str) -> None:
    """The stateful phase: schemathesis chains the operations by the links it infers from
    the document; each call on a match carries that match's token (:class:`MatchToken`)."""

    class Sequences(schema.as_state_machine()):  # type: ignore[misc]
        def setup(self) -> None:
            _empty_database()

        def before_call(self, case: schemathesis.Case) -> None:
            case.headers = {**(case.headers or {}), "Accept-Encoding": "identity"}

        def after_call(self, response: Any, case: schemathesis.Case) -> None:
            keep_tokens(case, response)

    Sequences.run(settings=settings(SETTINGS, stateful_step_count=10))
