"""The answers' parts that were free-form objects are typed, and real answers match their
components: each side's claim and its comparison with the cards, the earlier entry the cards
superseded, a correction, the deal a step scored (recorded or dry run), an irregularity in a
record. Q10 between Bill and Ann (Bill 11, Ann 41); the Pitch hand of tests/api/deals.py."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from tests.api.deals import (
    BOB_SET_BACK_HANDS,
    BOB_SET_BACK_TRICKS,
    PITCH_PLAYERS,
    Q10_RECORD,
    Q10_TRICKS,
)
from tests.api.test_matches_agreement import Table
from tests.api.test_piquet_sheets_http import Q10_SHEET


@pytest.fixture
def document(client: FlaskClient) -> dict[str, Any]:
    return client.get("/openapi.json").get_json()


def errors(document: dict[str, Any], component: str, value: Any) -> list[str]:
    """What in ``value`` the document's ``component`` refuses (nothing when it matches)."""
    validator = Draft202012Validator({"$ref": f"#/components/schemas/{component}",
                                      "components": document["components"]})
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(value)]


def ref(document: dict[str, Any], component: str, name: str) -> Any:
    """The schema of ``component.name`` (a list's items)."""
    schema = document["components"]["schemas"][component]["properties"][name]
    return schema.get("items", schema)


def test_the_free_form_parts_are_components_now(document: dict[str, Any]) -> None:
    for component, name, typed in [
        ("DealResult", "claims", "DealClaim"), ("DealAgreement", "claims", "DealClaim"),
        ("LedgerItem", "claims", "DealClaim"), ("LedgerItem", "superseded", "Superseded"),
        ("LedgerItem", "corrections", "CorrectionNote"), ("StepResult", "scored", "Scored"),
        ("DryRun", "scored", "Scored"),
    ]:
        found = ref(document, component, name)
        branches = found.get("anyOf") or found.get("oneOf") or [found]
        assert {"$ref": f"#/components/schemas/{typed}"} in branches, (component, name)
    for component in ("DealResult", "LedgerItem"):
        assert {"$ref": "#/components/schemas/DealComparison"} in ref(
            document, component, "changes")["anyOf"]
    assert ref(document, "CardsRecord", "irregular")["oneOf"] == [
        {"$ref": "#/components/schemas/Irregular"},
        {"$ref": "#/components/schemas/PitchIrregularity"}]


def test_a_piquet_dispute_ruled_by_its_cards_matches_the_document(
    client: FlaskClient, document: dict[str, Any],
) -> None:
    table = Table(client)
    table.join()
    table.deal({"sheet": Q10_SHEET}, who="Bill")
    disputed = table.post("/deals/1/dispute", {
        "reason": "I count 38", "claim": {"totals": {"scores": {"elder": 11, "younger": 38}}},
    }, who="Ann")
    assert disputed.status_code == 200, disputed.json
    assert errors(document, "DealAgreement", disputed.json) == []
    ruled = table.post("/deals/1/cards", Q10_RECORD, who="Ann")
    assert ruled.status_code == 201, ruled.json
    # Piquet's differences are per player in a match (not per role, as the stateless ruling's).
    assert ruled.json["claims"][1]["comparison"]["parts_at"]["difference"] == {
        "Bill": 0, "Ann": -3}
    assert ruled.json["changes"]["agrees"] is True  # the sheet was right
    assert errors(document, "DealResult", ruled.json) == []
    item = table.get("/ledger")["items"][0]
    assert item["superseded"][0]["level"] == "sheet"
    assert errors(document, "LedgerItem", item) == []
    # A broken comparison does not pass: the document reads it.
    item["claims"][1]["comparison"]["parts_at"]["difference"] = {"Ann": "three"}
    assert errors(document, "LedgerItem", item) != []


def test_a_pitch_dispute_and_an_amendment_match_the_document(
    client: FlaskClient, document: dict[str, Any],
) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS)
    table.join()
    table.deal({"sheet": {"pitcher": 1, "bid": 2, "high": 1, "low": 2, "jack": 2, "game": 2}},
               who="Bob")
    claim = {"sheet": {"pitcher": 1, "bid": 2, "high": 2, "low": 2, "jack": 2, "game": 2}}
    assert table.post("/deals/1/dispute", {"reason": "I took High", "claim": claim},
                      who="Cid").status_code == 200
    cards = {"bids": [2, "pass", "pass"], "tricks": BOB_SET_BACK_TRICKS,
             "hands": BOB_SET_BACK_HANDS,
             "irregular": [{"type": "exposed_card", "seat": 0}]}
    ruled = table.post("/deals/1/cards", cards, who="Ann")
    assert ruled.status_code == 201, ruled.json
    assert ruled.json["changes"]["parts_at"]["step"] == "high"
    assert errors(document, "DealResult", ruled.json) == []
    amended = table.post("/deals/1/amend", {"record": cards, "reason": "a typo"})
    assert amended.status_code == 200, amended.json
    item = table.get("/ledger")["items"][0]
    assert item["corrections"][0]["reason"] == "a typo"
    assert item["record"]["irregular"] == [{"type": "exposed_card", "seat": 0}]
    assert errors(document, "LedgerItem", item) == []


def test_the_deal_a_step_scores_matches_the_document(
    client: FlaskClient, document: dict[str, Any],
) -> None:
    table = Table(client)
    *played, last = [card for trick in Q10_TRICKS for card in trick]
    for card in played:
        answer = table.post("/events", {"type": "card", "card": card})
        assert answer.status_code == 201, answer.json
        assert answer.json["scored"] is None
    dry = table.post("/events?dry_run=true", {"type": "card", "card": last})
    assert dry.status_code == 200, dry.json
    assert dry.json["scored"]["deal"] == 1
    assert errors(document, "DryRun", dry.json) == []
    step = table.post("/events", {"type": "card", "card": last})
    assert step.status_code == 201, step.json
    assert step.json["scored"]["ruling"]["level"] == "cards"
    assert errors(document, "StepResult", step.json) == []
