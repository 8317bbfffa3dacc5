"""A game's steps as check / ask / apply (verify_step raises with the reason, can_step answers
yes or no, step applies and returns the deal ruled), and a step ruled once per request."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from referee import piquet, pitch
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import MatchError
from referee.violations import RecordError
from tests.api.deals import Q10_DEALT, Q10_TALON, create_match, step_ok

PLAYERS = ("Ann", "Bob", "Cid")
PITCH_OPTIONS = GAMES["pitch"].normalize_options(list(PLAYERS), {})


def bid(call: Any) -> Event:
    return Event(2, "bid", {"deal": 1, "dealer": 0, "call": call})


def test_a_pitch_bid_checked_asked_and_applied() -> None:
    """P3: Bob (left of the dealer Ann) bid 3; Cid must bid higher or pass."""
    game = GAMES["pitch"]
    record = {**game.new_record(0, PLAYERS, PITCH_OPTIONS), "bids": [3]}
    before = game.check_step(record, 0, PLAYERS, PITCH_OPTIONS)
    assert before.next.player == "Cid"
    with pytest.raises(RecordError) as refused:
        game.verify_step(record, bid(2), before, 0, PLAYERS, PITCH_OPTIONS)
    assert [(v.code, v.rule) for v in refused.value.violations] == [("bid_not_higher", "P3")]
    assert game.can_step(record, bid(2), before, 0, PLAYERS, PITCH_OPTIONS) is False
    assert game.can_step(record, bid(4), before, 0, PLAYERS, PITCH_OPTIONS) is True
    done = game.step(record, bid(4), before, 0, PLAYERS, PITCH_OPTIONS)
    assert done.record["bids"] == [3, 4] and record["bids"] == [3]  # a new record
    assert done.check.next.player == "Ann" and done.blocking == ()


def test_a_piquet_step_out_of_place_is_a_match_error() -> None:
    """Q4: the exchange comes before the first lead."""
    game = GAMES["piquet"]
    options = game.normalize_options(["Bill", "Ann"], {})
    record = {"tricks": [["AC"]], "dealt": Q10_DEALT, "talon": Q10_TALON}
    before = game.check_step(record, 1, ("Bill", "Ann"), options)
    late = Event(3, "exchange", {"deal": 1, "dealer": 1, "elder": ["KH"]})
    with pytest.raises(MatchError):
        game.verify_step(record, late, before, 1, ("Bill", "Ann"), options)
    assert game.can_step(record, late, before, 1, ("Bill", "Ann"), options) is False


def test_a_step_is_ruled_once_per_request(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = create_match(client, "piquet", ["Bill", "Ann"])
    step_ok(client, match["id"], type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    etag = client.get(f"/v1/matches/{match['id']}").headers["ETag"]  # the worker's fold
    asked = _watched(monkeypatch, piquet)
    answer = client.post(f"/v1/matches/{match['id']}/events", json={"type": "card",
                                                                     "card": "AC"},
                         headers={"If-Match": etag})
    assert answer.status_code == 201
    # the deal with the card, ruled once: the card alone, from the fold's ruling of the deal
    # before it (Q6); neither before nor after twice
    assert asked == ["the card alone"]
    assert answer.json["match"]["next"]["role"] == "younger"


def test_a_pitch_card_is_ruled_alone_from_the_fold_s_ruling(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = create_match(client, "pitch", ["Ann", "Bob", "Cid"])
    for call in ("pass", "pass", 2):
        step_ok(client, match["id"], type="bid", call=call)
    step_ok(client, match["id"], type="card", card="AS")  # P3: the auction is over
    etag = client.get(f"/v1/matches/{match['id']}").headers["ETag"]  # the worker's fold
    asked = _watched(monkeypatch, pitch)
    answer = client.post(f"/v1/matches/{match['id']}/events", json={"type": "card",
                                                                     "card": "KS"},
                         headers={"If-Match": etag})
    assert answer.status_code == 201
    assert asked == ["the card alone"]


def _watched(monkeypatch: pytest.MonkeyPatch, engine: Any) -> list[str]:
    """Each ruling ``engine`` (:mod:`referee.piquet` or :mod:`referee.pitch`) makes from now
    on, in order: "whole" for its ``stage`` (the whole deal ruled), "the card alone" for its
    ``play_card``."""
    asked: list[str] = []
    whole, alone = engine.stage, engine.play_card

    def staged(*args: Any) -> Any:
        asked.append("whole")
        return whole(*args)

    def played(*args: Any) -> Any:
        asked.append("the card alone")
        return alone(*args)

    monkeypatch.setattr(engine, "stage", staged)
    monkeypatch.setattr(engine, "play_card", played)
    return asked
