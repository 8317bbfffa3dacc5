"""One registry of problem types (referee/api/problems.py): every error the app answers has a
registered type — its URI, status and title unchanged from what clients switch on — and every
registered type is listed in README.md's "Errors" section."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from referee.api import problems
from referee.api.errors import ProblemError, problem_response

ROOT = Path(__file__).resolve().parents[2]
BASE = "https://referee.example/problems/"

# What each kind of error answered before the registry (type, status, title), written out:
# clients switch on these, so none may change.
ANSWERED = {
    "bad-request": (400, "Bad Request"),
    "unauthorized": (401, "Unauthorized"),
    "forbidden": (403, "Forbidden"),
    "not-found": (404, "Not Found"),
    "method-not-allowed": (405, "Method Not Allowed"),
    "request-timeout": (408, "Request Timeout"),
    "precondition-failed": (412, "Precondition Failed"),
    "request-entity-too-large": (413, "Request Entity Too Large"),
    "unsupported-media-type": (415, "Unsupported Media Type"),
    "precondition-required": (428, "Precondition Required"),
    "internal-server-error": (500, "Internal Server Error"),
    "stale-version": (412, "Precondition Failed"),
    "rule-violation": (422, "Rule violation"),
    "refused": (422, "Refused"),
    "record-not-scorable": (422, "Record not scorable"),
    "options-conflict": (422, "Options that do not go together"),
    "idempotency-key-reused": (422, "Idempotency-Key reused"),
    "ledger-tampered": (500, "Ledger tampered"),
    "ledger-full": (409, "Ledger full"),
    "not-ready": (503, "Not ready"),
    "credentials-not-replayed": (410, "Credentials not handed out again"),
    "database-unavailable": (503, "Database unavailable"),
    "database-busy": (503, "Database busy"),
    "storage-full": (503, "Storage full"),
    "write-outcome-unknown": (503, "Write outcome unknown"),
    "too-many-streams": (429, "Too many streams"),
    # Added now for the entries and steps that clash (409); their routes come later.
    "deal-already-recorded": (409, "Deal already recorded"),
    "deal-not-next": (409, "Not the next deal"),
    "step-already-recorded": (409, "Already recorded"),
    "step-not-next": (409, "Not the next step"),
    # The expiry of unplayed matches and the create quota (docs/security.md).
    "match-expired": (410, "Match expired"),
    "create-quota-exceeded": (429, "Create quota exceeded"),
    # Club nights and tournaments (docs/events.md).
    "event-refused": (422, "Refused by the event"),
    "club-refused": (422, "Refused by the club"),
}


def test_the_registry_holds_every_type_unchanged() -> None:
    assert {slug: (k.status, k.title) for slug, k in problems.REGISTRY.items()} == ANSWERED
    for slug, kind in problems.REGISTRY.items():
        assert kind.uri == BASE + slug and kind.slug == slug and kind.when


def test_every_registered_type_is_listed_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    errors = readme.split("## Errors", 1)[1].split("\n## ", 1)[0]
    for slug, kind in problems.REGISTRY.items():
        row = re.search(rf"^\| `{re.escape(slug)}` \| {kind.status} \| {re.escape(kind.title)} \|",
                        errors, re.M)
        assert row, f"README.md's Errors section does not list {slug} ({kind.status})"


def test_every_raise_site_names_a_registered_type() -> None:
    """No handler invents a type: a slug written in the code is registered, and no error is
    raised by a bare status number (the registry's constant names it)."""
    for path in (ROOT / "referee").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for slug in re.findall(r'problem_type="([^"]+)"', text):
            assert slug in problems.REGISTRY, f"{path}: {slug} is not registered"
        bare = re.findall(r"(?:ProblemError|problem_response|abort_problem)\(\s*\d{3}\b", text)
        assert not bare, f"{path}: {bare} (name the registry's type)"


def test_a_type_given_by_its_registry_entry_or_its_slug_answers_the_same() -> None:
    given = ProblemError(problems.STALE_VERSION, "moved on")
    assert (given.code, given.problem_type) == (412, problems.STALE_VERSION)
    by_entry = problem_response(problems.DEAL_ALREADY_RECORDED, "deal 2 has an entry").json
    by_slug = problem_response(409, "deal 2 has an entry",
                               problem_type="deal-already-recorded").json
    assert by_entry == by_slug == {"type": BASE + "deal-already-recorded", "status": 409,
                                   "title": "Deal already recorded",
                                   "detail": "deal 2 has an entry"}
    # A status this API never answers of itself still gets a type (never a 500).
    assert problem_response(406, "x").json["type"] == BASE + "not-acceptable"


def _answers(client: FlaskClient) -> dict[str, Any]:
    """Provoke the errors a client meets, one request each: name → the answer."""
    created = client.post("/v1/matches", json={"game": "piquet", "players": ["Bill", "Ann"]})
    match_id, tokens = created.json["id"], created.json["tokens"]
    url = f"/v1/matches/{match_id}"
    write = {"Authorization": f"Bearer {tokens['write']}"}
    read = {"Authorization": f"Bearer {tokens['read']}"}
    card = {"type": "card", "card": "KS"}
    found = {
        "bad-request": client.post("/v1/matches", data=b"{", content_type="application/json"),
        "unauthorized": client.get(url),
        "forbidden": client.post(url + "/events", json=card,
                                 headers={**read, "If-Match": '"v1"'}),
        "not-found": client.get("/rules/Z99"),
        "method-not-allowed": client.delete("/v1/piquet/deals:score"),
        "precondition-failed": client.post(url + "/events", json=card,
                                           headers={**write, "If-Match": "yesterday"}),
        "precondition-required": client.post(url + "/events", json=card, headers=write),
        "request-entity-too-large": client.post(
            "/v1/matches", data=b'{"game": "' + b"A" * 300_000 + b'"}',
            content_type="application/json"),
        "record-not-scorable": client.post("/v1/piquet/deals:score", json={
            "dealt": {"elder": ["AS"] * 12, "younger": ["KS"] * 12}, "tricks": []}),
        "refused": client.post(url + "/deals/1/confirm", json={},
                               headers={**write, "If-Match": '"v1"'}),
        "rule-violation": client.post(url + "/deals", json={"totals": {"scores": {
            "elder": 0, "younger": 0}}}, headers={**write, "If-Match": '"v1"'}),
    }
    step = {**write, "If-Match": '"v1"', "Idempotency-Key": "k1"}
    client.post(url + "/events", json={"type": "exchange"}, headers=step)
    found["idempotency-key-reused"] = client.post(url + "/events", json=card, headers=step)
    found["stale-version"] = client.post(url + "/events", json=card,
                                         headers={**write, "If-Match": '"v1"'})
    return found


def test_every_error_a_client_meets_answers_its_registered_type(
    bare_client: FlaskClient,
) -> None:
    for name, answer in _answers(bare_client).items():
        body = answer.get_json()
        assert answer.mimetype == "application/problem+json", (name, answer.status_code)
        assert body["type"] == BASE + name, (name, body)
        kind = problems.REGISTRY[name]
        assert (answer.status_code, body["status"], body["title"]) == (
            kind.status, kind.status, kind.title), (name, body)


@pytest.mark.parametrize("slug", sorted(ANSWERED))
def test_each_type_is_exported_by_name(slug: str) -> None:
    name = slug.upper().replace("-", "_")
    assert getattr(problems, name) is problems.REGISTRY[slug]
