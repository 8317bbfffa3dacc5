"""Pitch seats and agreement over HTTP: in partnership "the other side" is the
other team; solo, any other player.

Partnership: Ann & Cid (seats 0, 2) against Bob & Dee (seats 1, 3); Dee deals the hand of
tests/api/test_pitch_http.py: Bob bids 3 and is set back, Ann & Cid +2, Bob & Dee −3.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.test_matches_agreement import Table
from tests.api.test_pitch_http import FOUR_BIDS, FOUR_HANDS, FOUR_TRICKS

FOUR = ["Ann", "Bob", "Cid", "Dee"]
HAND: dict[str, Any] = {"dealer": 3, "bids": FOUR_BIDS, "tricks": FOUR_TRICKS,
                        "hands": FOUR_HANDS}


def test_partnership_the_other_team_confirms(client: FlaskClient) -> None:
    table = Table(client, "pitch", FOUR, partnership=True, first_dealer="Dee")
    table.join()
    body = table.deal(HAND, who="Bob")
    assert body["scores"] == {"Ann & Cid": 2, "Bob & Dee": -3}
    assert body["agreement"] == "provisional"
    partner = table.post("/deals/1/confirm", {}, who="Dee")
    assert partner.status_code == 422
    assert partner.json["violations"][0]["code"] == "not_the_other_side"
    assert table.post("/deals/1/dispute", {"reason": "x"}, who="Dee").status_code == 422
    confirmed = table.post("/deals/1/confirm", {}, who="Cid")
    assert confirmed.status_code == 200, confirmed.json
    assert confirmed.json["agreed_by"] == "seat:Cid"


def test_solo_any_other_player_confirms_or_disputes(client: FlaskClient) -> None:
    table = Table(client, "pitch", FOUR, first_dealer="Dee")
    table.join()
    table.deal(HAND, who="Bob")
    assert table.post("/deals/1/confirm", {}, who="Bob").status_code == 422
    disputed = table.post("/deals/1/dispute", {"reason": "Game was tied?"}, who="Dee")
    assert disputed.status_code == 200, disputed.json
    assert disputed.json["claims"][0]["side"] == "Dee"
    # Another player adds his own dispute; the same player cannot dispute twice.
    assert table.post("/deals/1/dispute", {"reason": "me too"}, who="Ann").status_code == 200
    twice = table.post("/deals/1/dispute", {"reason": "again"}, who="Dee")
    assert twice.status_code == 422
    assert twice.json["violations"][0]["code"] == "already_disputed"
    # The cards rule it: scores as entered, each claim beside the ruling.
    ruled = table.post("/deals/1/cards", HAND, who="Cid")
    assert ruled.status_code == 201, ruled.json
    assert ruled.json["agreement"] == "ruled"
    assert ruled.json["scores"] == {"Ann": 0, "Bob": -3, "Cid": 1, "Dee": 0}
    sides = [c["side"] for c in ruled.json["claims"]]
    assert sides == ["Bob", "Dee", "Ann"]
    assert ruled.json["claims"][0]["comparison"]["agrees"] is True
