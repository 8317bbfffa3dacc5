"""Irregularities found at the table that are no refused step, recorded in a match (issue
11.4, Q12): ``{"type": "irregularity", "what": …, "player": …}`` on POST /events — a talon
offence (PT 27–29, 33, 35), a hand of more (PT 58) or fewer (PT 57) than twelve cards — with
the dry run, the table's options ``talon_offence`` and ``long_hand``, whole records and
amendments.  Bill is elder, Ann (the dealer) younger: the Q10 deal, Bill 11, Ann 41."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.deals import (
    BOB_SET_BACK_HANDS,
    BOB_SET_BACK_TRICKS,
    PITCH_PLAYERS,
    Q10_DEALT,
    Q10_DECLARATIONS,
    Q10_RECORD,
    Q10_TALON,
    Q10_TRICKS,
)
from tests.api.test_matches_agreement import Table

CARDS = [c for trick in Q10_TRICKS for c in trick]


def _exchanged(table: Table) -> None:
    assert table.post("/events", {"type": "deal_started", "dealt": Q10_DEALT,
                                  "talon": Q10_TALON}).status_code == 201
    assert table.post("/events", {"type": "exchange", "elder": ["KH", "TH", "7H", "TD", "8D"],
                                  "younger": ["QD", "9D", "7D"]}).status_code == 201


def _play(table: Table, cards: list[str], declare: bool = True) -> Any:
    body: Any = None
    for k, card in enumerate(cards):
        if declare and k == 1:
            assert table.post("/events", {"type": "declaration", "role": "younger",
                                          **Q10_DECLARATIONS["younger"]}).status_code == 201
        response = table.post("/events", {"type": "card", "card": card})
        assert response.status_code == 201, (card, response.json)
        body = response.json
    return body


def test_a_talon_offence_is_noted_and_ann_reckons_nothing(client: FlaskClient) -> None:
    table = Table(client)
    _exchanged(table)
    step = {"type": "irregularity", "what": "talon_offence", "player": "Ann"}
    dry = table.post("/events?dry_run=true", step).json
    assert dry["would_record"] is True
    assert (dry["irregularity"], dry["penalty"]) == ("talon_offence", "reckon_nothing")
    assert dry["consequence"].startswith("Ann (the younger hand) took talon cards")
    assert "PT 27–29, 33, 35" in dry["consequence"]
    assert table.get()["version"] == dry["version"]  # nothing stored
    noted = table.post("/events", step)
    assert noted.status_code == 201, noted.json
    assert [e["kind"] for e in noted.json["events"]] == ["irregularity"]
    assert noted.json["match"]["current_deal"]["irregular"] == [
        {"code": "talon_offence", "location": "younger"}]
    body = _play(table, CARDS)
    assert body["scored"]["scores"] == {"Bill": 11, "Ann": 0}
    ruling = body["scored"]["ruling"]
    assert ruling["irregularities"][0]["kind"] == "talon_offence"
    assert ruling["recorded_anyway"][0]["irregularity"] == "talon_offence"


def test_a_talon_offence_under_fresh_deal_voids_the_deal(client: FlaskClient) -> None:
    table = Table(client, talon_offence="fresh_deal")
    assert table.get()["options"]["talon_offence"] == "fresh_deal"
    _exchanged(table)
    voided = table.post("/events", {"type": "irregularity", "what": "talon_offence",
                                    "player": "Bill"})
    assert voided.status_code == 201, voided.json
    assert [e["kind"] for e in voided.json["events"]] == ["irregularity", "deal_scored",
                                                          "deal_voided"]
    assert "PT 28–29" in voided.json["events"][0]["payload"]["consequence"]
    match = voided.json["match"]
    assert match["deal_in_progress"] is False and match["deals_played"] == 0
    assert match["dealer"]["player"] == "Ann"  # the same dealer deals afresh
    undone = table.post("/undo", {})
    assert undone.status_code == 200
    assert undone.json["deal_in_progress"] is True
    assert not undone.json["current_deal"].get("irregular")


def test_a_long_hand_with_his_cards_never_played_bars_and_reckons_nothing(
    client: FlaskClient,
) -> None:
    """Bill is found with five diamonds he never played (PT 58): his point of seven bars
    Ann's point of six; Bill 0, Ann 41 - 6 = 35 (each announces his best)."""
    table = Table(client)
    _play(table, CARDS[:20], declare=False)
    noted = table.post("/events", {"type": "irregularity", "what": "long_hand",
                                   "player": "Bill", "cards": ["QD", "TD", "9D", "8D", "7D"]})
    assert noted.status_code == 201, noted.json
    deal = noted.json["match"]["current_deal"]
    assert deal["unplayed"] == {"elder": ["QD", "TD", "9D", "8D", "7D"]}
    assert noted.json["events"][0]["payload"]["penalty"] == "reckon_nothing"
    body = _play(table, CARDS[20:], declare=False)
    assert body["scored"]["scores"] == {"Bill": 0, "Ann": 35}


def test_a_short_hand_ann_plays_alone_and_takes_the_last_trick(client: FlaskClient) -> None:
    """Bill won trick 11 and has no card left to lead (PT 57): Ann's ♥9 is a trick of hers,
    and the last: Bill 9, Ann 43 (each his best)."""
    table = Table(client)
    _play(table, CARDS[:22], declare=False)
    assert table.get()["next"]["player"] == "Bill"
    noted = table.post("/events", {"type": "irregularity", "what": "short_hand",
                                   "player": "Bill"})
    assert noted.status_code == 201, noted.json
    assert "no penalty (PT 57)" in noted.json["events"][0]["payload"]["consequence"]
    assert noted.json["match"]["next"]["player"] == "Ann"
    last = table.post("/events", {"type": "card", "card": "9H", "player": "Ann"})
    assert last.status_code == 201, last.json
    assert last.json["scored"]["scores"] == {"Bill": 9, "Ann": 43}
    assert last.json["scored"]["ruling"]["tricks"][-1]["cards"] == ["9H"]


def test_irregularity_steps_are_checked(client: FlaskClient) -> None:
    table = Table(client)
    _exchanged(table)
    nobody = table.post("/events", {"type": "irregularity", "what": "talon_offence"})
    assert nobody.status_code == 422
    assert (nobody.json["violations"][0]["rule"],
            nobody.json["violations"][0]["location"]) == ("Q12", "player")
    stranger = table.post("/events", {"type": "irregularity", "what": "talon_offence",
                                      "player": "Cid"})
    assert stranger.status_code == 422
    assert stranger.json["violations"][0]["code"] == "not_a_player"
    missing = table.post("/events", {"type": "irregularity", "player": "Ann"})
    assert missing.status_code in (400, 422)
    stray = table.post("/events", {"type": "card", "card": "KS", "what": "long_hand"})
    assert stray.status_code in (400, 422)
    cards = table.post("/events", {"type": "irregularity", "what": "talon_offence",
                                   "player": "Ann", "cards": ["7D"]})
    assert cards.status_code == 422 and cards.json["violations"][0]["location"] == "cards"
    assert table.post("/events", {"type": "irregularity", "what": "talon_offence",
                                  "player": "Ann"}).status_code == 201
    twice = table.post("/events", {"type": "irregularity", "what": "talon_offence",
                                   "player": "Ann"})
    assert twice.status_code == 422
    pitch = Table(client, "pitch", PITCH_PLAYERS)
    refused = pitch.post("/events", {"type": "irregularity", "what": "talon_offence",
                                     "player": "Ann"})
    assert refused.status_code == 422
    assert (refused.json["violations"][0]["rule"],
            refused.json["violations"][0]["location"]) == ("P10", "what")


def test_options_long_hand_and_talon_offence_are_checked(client: FlaskClient) -> None:
    for option in ({"long_hand": "lose_game"}, {"talon_offence": "lose_game"}):
        bad = client.post("/v1/matches", json={"game": "piquet", "players": ["Bill", "Ann"],
                                               "options": option})
        assert bad.status_code in (400, 422)
        where = bad.json.get("errors") or {v["location"]: v for v in bad.json["violations"]}
        assert f"options.{next(iter(option))}" in where
    options = Table(client).get()["options"]
    assert (options["long_hand"], options["talon_offence"]) == ("reckon_nothing",
                                                                "reckon_nothing")


def test_a_whole_record_and_an_amendment_carry_the_irregularities(client: FlaskClient) -> None:
    table = Table(client)
    body = table.deal({**Q10_RECORD,
                       "irregular": [{"code": "talon_offence", "location": "younger"}]})
    assert body["scores"] == {"Bill": 11, "Ann": 0}
    # deal 2: Bill deals, Ann is elder; the Q10 tricks with roles swapped: Ann 11, Bill 41
    table.deal({"tricks": Q10_TRICKS})
    amended = table.post("/deals/2/amend", {
        "record": {"tricks": Q10_TRICKS, "irregular": [{"code": "long_hand",
                                                         "location": "elder"}],
                   "unplayed": {"elder": ["QD", "TD", "9D", "8D", "7D"]}},
        "reason": "Ann held five diamonds she never played"})
    assert amended.status_code == 200, amended.json
    assert amended.json["scores"] == {"Bill": 35, "Ann": 0}


def test_a_whole_record_with_a_fresh_deal_is_dealt_again_by_the_same_dealer(
    client: FlaskClient,
) -> None:
    """PT 28–29 (option fresh_deal) and PT 10–14 (a misdeal): the deal does not count."""
    table = Table(client, talon_offence="fresh_deal")
    body = table.deal({**Q10_RECORD,
                       "irregular": [{"code": "talon_offence", "location": "elder"}]})
    assert body["scores"] == {"Bill": 0, "Ann": 0}
    assert body["match"]["deals_played"] == 0
    assert body["match"]["dealer"]["player"] == "Ann"
    misdeal = table.deal({"tricks": [], "dealt": {"elder": Q10_DEALT["elder"][:11]},
                          "irregular": [{"code": "hand_size", "location": "dealt.elder"}]})
    assert misdeal["match"]["deals_played"] == 0
    assert misdeal["match"]["dealer"]["player"] == "Ann"
    undone = table.post("/undo", {})
    assert undone.status_code == 200
    assert undone.json["deals_played"] == 0


# ------------------------------------------------------------------------------------ Pitch
# Ann deals; Bob pitches hearts (2) and Cid takes all four points: Ann 0, Bob -2, Cid +4.


def _pitch_bid(table: Table) -> None:
    for body in ({"type": "deal_started", "hands": BOB_SET_BACK_HANDS},
                 {"type": "bid", "call": 2}, {"type": "bid", "call": "pass"},
                 {"type": "bid", "call": "pass"}):
        assert table.post("/events", body).status_code == 201, body


def _pitch_play(table: Table, cards: list[str]) -> Any:
    body: Any = None
    for card in cards:
        response = table.post("/events", {"type": "card", "card": card})
        assert response.status_code == 201, (card, response.json)
        body = response.json
    return body


PITCH_CARDS = [c for trick in BOB_SET_BACK_TRICKS for c in trick]


def test_a_pitch_exposed_card_is_noted_and_changes_no_score(client: FlaskClient) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS)
    _pitch_bid(table)
    _pitch_play(table, PITCH_CARDS[:4])  # trick 2 is under way
    step = {"type": "irregularity", "what": "exposed_card", "player": "Ann", "cards": ["9S"]}
    dry = table.post("/events?dry_run=true", step).json
    assert (dry["irregularity"], dry["penalty"]) == ("exposed_card", "none")
    assert dry["consequence"] == (
        "Ann exposed the nine of spades in trick 2: no penalty: the hand is scored as played, "
        "noted (no law for the game of each for himself).")
    noted = table.post("/events", step)
    assert noted.status_code == 201, noted.json
    assert noted.json["match"]["current_deal"]["irregular"] == [
        {"type": "exposed_card", "seat": 0, "trick": 2}]
    body = _pitch_play(table, PITCH_CARDS[4:])
    assert body["scored"]["scores"] == {"Ann": 0, "Bob": -2, "Cid": 4}
    [item] = body["scored"]["ruling"]["irregularities"]
    assert (item["type"], item["penalty"]) == ("exposed_card", "none")


def test_a_pitch_exposed_card_may_be_called_in_partnership(client: FlaskClient) -> None:
    table = Table(client, "pitch", ["Ann", "Bob", "Cid", "Dan"], partnership=True)
    dry = table.post("/events?dry_run=true", {"type": "irregularity", "what": "exposed_card",
                                              "player": "Cid"}).json
    assert dry["penalty"] == "may_be_called"
    assert "the opponents may call it" in dry["consequence"]
    assert "F: Foster's Complete Hoyle, All Fours (partnership)" in dry["consequence"]


def test_a_pitch_long_hand_found_in_play_is_a_new_deal(client: FlaskClient) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS)
    _pitch_bid(table)
    _pitch_play(table, PITCH_CARDS[:6])
    found = table.post("/events", {"type": "irregularity", "what": "long_hand",
                                   "player": "Cid"})
    assert found.status_code == 201, found.json
    assert [e["kind"] for e in found.json["events"]] == ["irregularity", "deal_scored"]
    note = found.json["events"][0]["payload"]
    assert note["penalty"] == "pass_deal"
    assert note["consequence"].startswith("Cid was found in play with more than six "
                                          "cards: there must be a new deal and nobody scores")
    assert found.json["scored"]["scores"] == {"Ann": 0, "Bob": 0, "Cid": 0}
    assert found.json["match"]["dealer"]["player"] == "Bob"  # the deal passes (misdeal option)


def test_a_long_hand_under_void_scores_nothing_once_played(client: FlaskClient) -> None:
    table = Table(client, long_hand="void")
    _play(table, CARDS[:20], declare=False)
    noted = table.post("/events", {"type": "irregularity", "what": "long_hand",
                                   "player": "Ann"})
    assert noted.status_code == 201, noted.json
    assert noted.json["events"][0]["payload"]["penalty"] == "void"
    assert "Case XXII" in noted.json["events"][0]["payload"]["consequence"]
    body = _play(table, CARDS[20:], declare=False)
    assert body["scored"]["scores"] == {"Bill": 0, "Ann": 0}
    assert body["match"]["deals_played"] == 1
