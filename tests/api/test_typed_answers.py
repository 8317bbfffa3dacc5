"""The answers' parts that were free-form objects are typed, and real answers match their
components: each side's claim and its comparison with the cards, the earlier entry the cards
superseded, a correction, the deal a step scored (recorded or dry run), an irregularity in a
record. Q10 between Bill and Ann (Bill 11, Ann 41); the Pitch hand of tests/api/deals.py."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from referee.rulings import RULING_KINDS
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
    assert ruled.json["ruling"]["kind"] == "piquet_cards"
    item = table.get("/ledger")["items"][0]
    assert item["superseded"][0]["level"] == "sheet"
    # An entry stored without a kind is read with it (the ledger keeps what it stored).
    assert item["superseded"][0]["ruling"]["kind"] == "piquet_sheet"
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
    assert ruled.json["ruling"]["kind"] == "pitch_cards"
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
    assert step.json["scored"]["ruling"]["kind"] == "piquet_cards"
    assert dry.json["scored"]["ruling"] == step.json["scored"]["ruling"]
    assert errors(document, "StepResult", step.json) == []


def test_a_rulings_kind_names_its_component(document: dict[str, Any]) -> None:
    ruling = ref(document, "LedgerItem", "ruling")
    mapping = ruling["discriminator"]["mapping"]
    assert ruling["discriminator"]["propertyName"] == "kind"
    assert set(mapping) == set(RULING_KINDS)
    for kind, component in mapping.items():
        schema = document["components"]["schemas"][component.rsplit("/", 1)[1]]
        assert "kind" in schema["required"] and kind in schema["properties"]["kind"]["enum"]
    for component, name in [("DealResult", "ruling"), ("Scored", "ruling"),
                            ("Superseded", "ruling")]:
        assert ref(document, component, name)["discriminator"] == ruling["discriminator"]


@pytest.mark.parametrize(("path", "body", "kind"), [
    ("/v1/piquet/deals:score", {"tricks": Q10_TRICKS, **{k: Q10_RECORD[k] for k in (
        "dealt", "talon", "exchange")}}, "piquet_cards"),
    ("/v1/piquet/totals:check", {"scores": {"elder": 11, "younger": 41}}, "piquet_totals"),
    ("/v1/piquet/sheets:score", Q10_SHEET, "piquet_sheet"),
])
def test_a_stateless_ruling_says_its_kind(client: FlaskClient, path: str, body: dict[str, Any],
                                          kind: str) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, answer.json
    assert answer.json["kind"] == kind


def test_a_void_ruling_is_the_matchs_not_a_hand_its_engine_voids() -> None:
    from referee.rulings import ruling_kind

    match_void = {"level": "cards", "void": True, "irregularity": "misdeal", "violations": []}
    assert ruling_kind("pitch", match_void) == ruling_kind("piquet", match_void) == "void"
    # P10: a revoke under revoke_penalty "void" is a hand ruled on its cards, scoring nothing.
    assert ruling_kind("pitch", {"level": "cards", "void": True, "scores": [0, 0]}) == (
        "pitch_cards")
    assert ruling_kind("piquet", {"level": "totals"}) == "piquet_totals"
