"""Every place that takes Piquet declarations reads the words the score sheet takes, with one
reader (referee/piquet/words.py); words that name no combination are a 400 at their place in
the body, on every route, and never reach "record it anyway" (Q5, Q12).

Bill (elder) and Ann (younger, the dealer): the Q10 deal of tests/api/deals.py, Bill 11,
Ann 41.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.deals import Q10_DEALT, Q10_EXCHANGE, Q10_TALON, Q10_TRICKS
from tests.api.test_matches_agreement import Table

#: Q10's declarations as the score sheet writes them.
WORDS = {"elder": {"point": "point of five", "sets": ["three aces"]},
         "younger": {"point": "point of six", "sequence": "sixième"}}
SHEET: dict[str, Any] = {
    "point": {"elder": "point of five", "younger": "point of six"},
    "sequence": {"younger": "sixième"}, "sets": {"elder": ["three aces"]},
    "tricks": {"elder": 5, "younger": 7}, "play": {"elder": 8, "younger": 9},
}
RECORD = {"dealt": Q10_DEALT, "talon": Q10_TALON, "exchange": Q10_EXCHANGE,
          "tricks": Q10_TRICKS}


def _dealt(table: Table) -> None:
    assert table.post("/events", {"type": "deal_started", "dealt": Q10_DEALT,
                                  "talon": Q10_TALON}).status_code == 201
    assert table.post("/events", {"type": "exchange", **Q10_EXCHANGE}).status_code == 201


def test_a_declaration_step_takes_the_score_sheets_words(client: FlaskClient) -> None:
    table = Table(client)
    _dealt(table)
    said = table.post("/events", {"type": "declaration", "role": "elder", **WORDS["elder"]})
    assert said.status_code == 201, said.json
    assert [e["kind"] for e in said.json["events"]] == ["declaration"]
    body: Any = None
    for k, card in enumerate(c for trick in Q10_TRICKS for c in trick):
        if k == 1:
            assert table.post("/events", {"type": "declaration", "role": "younger",
                                          **WORDS["younger"]}).status_code == 201
        body = table.post("/events", {"type": "card", "card": card}).json
    assert body["scored"]["scores"] == {"Bill": 11, "Ann": 41}
    assert body["scored"]["ruling"]["violations"] == []


def test_whole_deals_and_the_stateless_ruling_take_the_words(client: FlaskClient) -> None:
    table = Table(client)
    recorded = table.post("/deals", {**RECORD, "declarations": WORDS})
    assert recorded.status_code == 201, recorded.json
    assert recorded.json["scores"] == {"Bill": 11, "Ann": 41}
    ruled = client.post("/v1/piquet/deals:score", json={**RECORD, "declarations": WORDS})
    assert ruled.status_code == 200, ruled.json
    assert ruled.json["scores"] == {"elder": 11, "younger": 41}


def test_a_slip_of_the_pen_is_400_even_anyway_and_stores_nothing(client: FlaskClient) -> None:
    """Before: 422, and "record it anyway" voided the whole deal."""
    table = Table(client)
    _dealt(table)
    version = table.get()["version"]
    slip = {"type": "declaration", "role": "elder", "point": 5, "sets": ["three axes"]}
    for path, body in (("/events", slip), ("/events", {**slip, "anyway": True}),
                       ("/events?dry_run=true", {**slip, "anyway": True})):
        refused = table.post(path, body)
        assert refused.status_code == 400, (path, body, refused.json)
        assert refused.mimetype == "application/problem+json"
        [(where, [message])] = refused.json["errors"].items()
        assert where == "sets[0]" and "'three kings'" in message
    match = table.get()
    assert match["version"] == version and match["deal_in_progress"] is True
    assert match["current_irregularities"] == []


@pytest.mark.parametrize(("path", "body", "where"), [
    ("/deals", {**RECORD, "declarations": {"elder": {"sets": ["three axes"]}}},
     "declarations.elder.sets[0]"),
    ("/deals", {"sheet": {**SHEET, "sets": {"elder": ["three axes"]}}},
     "sheet.sets.elder[0]"),
])
def test_malformed_declarations_are_400_on_every_match_route(
    client: FlaskClient, path: str, body: dict[str, Any], where: str
) -> None:
    table = Table(client)
    refused = table.post(path, body)
    assert refused.status_code == 400, refused.json
    assert list(refused.json["errors"]) == [where]
    assert table.get()["deals_played"] == 0


def test_a_disputes_claim_in_bad_words_is_400_at_its_place(client: FlaskClient) -> None:
    table = Table(client)
    assert table.post("/deals", {"sheet": SHEET}).status_code == 201
    refused = table.post("/deals/1/dispute", {"reason": "three aces?", "claim": {
        "sheet": {**SHEET, "sets": {"elder": ["three axes"]}}}})
    assert refused.status_code == 400, refused.json
    assert list(refused.json["errors"]) == ["claim.sheet.sets.elder[0]"]


@pytest.mark.parametrize(("path", "body", "where"), [
    ("/v1/piquet/deals:score", {**RECORD, "declarations": {"elder": {"sets": ["three axes"]}}},
     "declarations.elder.sets[0]"),
    ("/v1/piquet/sheets:score", {**SHEET, "sets": {"elder": ["three axes"]}},
     "sets.elder[0]"),
])
def test_malformed_declarations_are_400_on_the_stateless_routes(
    client: FlaskClient, path: str, body: dict[str, Any], where: str
) -> None:
    refused = client.post(path, json=body)
    assert refused.status_code == 400, refused.json
    assert list(refused.json["errors"]) == [where]
