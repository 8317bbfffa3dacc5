"""Irregularities that really happened, recorded anyway (rules/irregularities.md
P10, Q12), and the dry run that says what a step would do.

Pitch: Ann, Bob, Cid (seats 0, 1, 2) with the hands of tests/api/deals.py; Ann deals, Bob
pitches the king of hearts (a bid of 2), Cid plays the ace and Ann — holding the three and two
of hearts — plays the nine of spades: a revoke (P4).
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from tests.api.deals import (
    BOB_SET_BACK_HANDS,
    PITCH_PLAYERS,
    Q10_DEALT,
    Q10_DECLARATIONS,
    Q10_EXCHANGE,
    Q10_TALON,
    Q10_TRICKS,
    REVOKE_AS_PLAYED,
    REVOKE_DEALT,
    REVOKE_FIRST,
    REVOKE_REPLAYED,
    REVOKE_REPLAYED_TRICKS,
    REVOKE_TALON,
    REVOKE_THEN_PROOF,
)
from tests.api.test_matches_agreement import Table

#: After Ann's revoke the hand is played out legally; Cid takes High, Low (the two of hearts,
#: trick 2), Jack and Game (38 against 0); Ann's three of hearts wins the last trick.
AFTER_REVOKE = ["JH", "2H", "5H", "TS", "6S", "8S", "TD", "9D", "8D", "TC", "9C", "8C",
                "7S", "3H", "5S"]


def _pitch_to_the_revoke(table: Table) -> None:
    for body in ({"type": "deal_started", "hands": BOB_SET_BACK_HANDS},
                 {"type": "bid", "call": 2}, {"type": "bid", "call": "pass"},
                 {"type": "bid", "call": "pass"},
                 {"type": "card", "card": "KH"}, {"type": "card", "card": "AH"}):
        response = table.post("/events", body)
        assert response.status_code == 201, (body, response.json)


def _play(table: Table, cards: list[str]) -> Any:
    body = None
    for card in cards:
        response = table.post("/events", {"type": "card", "card": card})
        assert response.status_code == 201, (card, response.json)
        body = response.json
    return body


def test_a_dry_run_says_what_a_revoke_would_do_and_stores_nothing(client: FlaskClient) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS)
    _pitch_to_the_revoke(table)
    version = table.get()["version"]
    dry = table.post("/events?dry_run=true", {"type": "card", "card": "9S"})
    assert dry.status_code == 200, dry.json
    answer = dry.json
    assert answer["would_record"] is False and answer["anyway"] is True
    assert answer["violations"][0]["code"] == "revoke"
    assert (answer["irregularity"], answer["penalty"]) == ("revoke", "set_back_bid")
    assert "set back the bid" in answer["consequence"]
    assert table.get()["version"] == version
    legal = table.post("/events?dry_run=true", {"type": "card", "card": "2H"}).json
    assert legal["would_record"] is True and legal["violations"] == []
    assert table.get()["version"] == version
    # Refused without "anyway", as before.
    refused = table.post("/events", {"type": "card", "card": "9S"})
    assert refused.status_code == 422


def test_a_pitch_revoke_recorded_anyway_sets_the_offender_back_the_bid(
    client: FlaskClient,
) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS)
    _pitch_to_the_revoke(table)
    revoked = table.post("/events", {"type": "card", "card": "9S", "anyway": True})
    assert revoked.status_code == 201, revoked.json
    # One event: the card and the revoke it proves, as the engine records them (P10).
    assert [e["kind"] for e in revoked.json["events"]] == ["irregularity"]
    note = revoked.json["events"][0]["payload"]
    assert note["step"]["card"] == "9S" and note["record"]["tricks"][0] == ["KH", "AH", "9S"]
    assert "Ann revoked" in note["consequence"]
    body = _play(table, AFTER_REVOKE)
    scored = body["scored"]
    # Ann revoked: she scores nothing and is set back 2; Bob, the pitcher, made nothing but
    # cannot be set back; Cid counts his four points (P10, Foster).
    assert scored["scores"] == {"Ann": -2, "Bob": 0, "Cid": 4}
    ruled = scored["ruling"]["irregularities"][0]  # the engine's ruling of it (P10)
    assert (ruled["type"], ruled["seat"], ruled["trick"]) == ("revoke", 0, 1)
    assert ruled["penalty"] == "set_back_bid"
    assert scored["ruling"]["recorded_anyway"][0]["irregularity"] == "revoke"
    # The record lists the revoke, as a whole record would (P10).
    item = table.get("/ledger")["items"][0]
    assert item["record"]["irregular"] == [{"type": "revoke", "seat": 0, "trick": 1}]


def test_a_pitch_revoke_under_the_all_fours_option(client: FlaskClient) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS, revoke_penalty="all_fours")
    _pitch_to_the_revoke(table)
    dry = table.post("/events?dry_run=true", {"type": "card", "card": "9S"}).json
    assert dry["penalty"] == "all_fours" and "loses 1 point" in dry["consequence"]
    assert table.post("/events", {"type": "card", "card": "9S", "anyway": True}).status_code \
        == 201
    scored = _play(table, AFTER_REVOKE)["scored"]
    assert scored["ruling"]["irregularities"][0]["penalty"] == "all_fours"
    assert scored["scores"]["Ann"] < 0 and scored["scores"]["Bob"] == 0


def test_a_card_not_held_voids_the_deal_when_recorded_anyway(client: FlaskClient) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS)
    _pitch_to_the_revoke(table)
    # Ann was not dealt the queen of hearts: no law gives a penalty, the deal is void.
    dry = table.post("/events?dry_run=true", {"type": "card", "card": "QH"}).json
    assert (dry["irregularity"], dry["penalty"]) == ("other", "void")
    voided = table.post("/events", {"type": "card", "card": "QH", "anyway": True})
    assert voided.status_code == 201, voided.json
    match = voided.json["match"]
    assert match["deal_in_progress"] is False and match["deals_played"] == 0
    assert match["dealer"]["player"] == "Ann"  # dealt again by the same dealer
    item = table.get("/ledger")["items"][0]
    assert item["status"] == "voided"
    # Undo takes back the void with the irregularity: the deal is in progress again.
    undone = table.post("/undo", {})
    assert undone.status_code == 200
    assert undone.json["deal_in_progress"] is True and undone.json["current_deal"]["tricks"] \
        == [["KH", "AH"]]


def test_a_pitch_bid_out_of_turn_follows_the_bid_out_of_turn_option(
    client: FlaskClient,
) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS, bid_out_of_turn="must_pass")
    assert table.post("/events", {"type": "deal_started",
                                  "hands": BOB_SET_BACK_HANDS}).status_code == 201
    # Bob is to bid first; Cid calls 3 out of turn.
    early = table.post("/events", {"type": "bid", "call": 3, "player": "Cid", "anyway": True})
    assert early.status_code == 201, early.json
    note = early.json["events"][0]["payload"]
    assert (note["irregularity"], note["penalty"]) == ("out_of_turn", "must_pass")
    assert "Cid must pass" in note["consequence"]
    match = early.json["match"]
    assert match["next"]["player"] == "Bob"
    assert match["current_deal"]["irregular"] == [
        {"type": "bid_out_of_turn", "seat": 2, "call": 3}]
    assert table.post("/events", {"type": "bid", "call": 2}).status_code == 201
    at_cid = table.get()["next"]
    assert at_cid["player"] == "Cid" and at_cid["legal_calls"] == ["pass"]


def test_a_card_out_of_turn_is_taken_back(client: FlaskClient) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS)
    _pitch_to_the_revoke(table)
    wrong = table.post("/events", {"type": "card", "card": "5H", "player": "Bob",
                                   "anyway": True})
    assert wrong.status_code == 201, wrong.json
    note = wrong.json["events"][0]
    assert note["kind"] == "irregularity"
    assert (note["payload"]["irregularity"], note["payload"]["penalty"]) == (
        "out_of_turn", "withdrawn")
    assert "Ann is to play" in note["payload"]["consequence"]
    match = wrong.json["match"]
    assert match["next"]["player"] == "Ann"
    assert match["current_deal"]["tricks"] == [["KH", "AH"]]


def test_a_piquet_revoke_is_taken_back_by_default(client: FlaskClient) -> None:
    table = Table(client)  # Bill elder, Ann younger (the dealer): the Q10 hands
    assert table.post("/events", {"type": "deal_started", "dealt": Q10_DEALT,
                                  "talon": Q10_TALON}).status_code == 201
    assert table.post("/events", {"type": "exchange", "elder": ["KH", "TH", "7H", "TD", "8D"],
                                  "younger": ["QD", "9D", "7D"]}).status_code == 201
    assert table.post("/events", {"type": "card", "card": "KS"}).status_code == 201
    # Ann holds the ace and seven of spades after the exchange: a club is a revoke (Q6).
    dry = table.post("/events?dry_run=true", {"type": "card", "card": "KC"}).json
    assert dry["violations"][0]["code"] == "revoke" and dry["penalty"] == "replay"
    assert "PT 59 IV" in dry["consequence"]
    taken_back = table.post("/events", {"type": "card", "card": "KC", "anyway": True})
    assert taken_back.status_code == 201, taken_back.json
    assert taken_back.json["events"][0]["payload"]["penalty"] == "replay"
    assert taken_back.json["match"]["current_deal"]["tricks"] == [["KS"]]
    assert taken_back.json["match"]["next"]["legal_cards"] == ["AS", "JS", "7S"]
    assert table.get("/log")["items"][-1]["kind"] == "irregularity"


def test_irregularity_options_are_checked(client: FlaskClient) -> None:
    bad = client.post("/v1/matches", json={"game": "piquet", "players": ["Bill", "Ann"],
                                           "options": {"irregularities": {
                                               "out_of_turn": "as_played"}}})
    assert bad.status_code == 422
    assert bad.json["violations"][0]["location"] == "options.irregularities.out_of_turn"
    ok = Table(client, "pitch", PITCH_PLAYERS).get()["options"]
    assert ok["irregularities"] == {"out_of_turn": "withdrawn", "other": "void"}
    assert ok["revoke_penalty"] == "set_back_bid"  # the engine's P10 option
    piquet = Table(client).get()["options"]
    assert piquet["irregularities"] == {"out_of_turn": "withdrawn", "other": "void",
                                        "exposed_in_dealing": "fresh_deal",  # PT 13
                                        "misdeal": "fresh_deal"}  # PT 11
    assert (piquet["revoke"], piquet["false_call"]) == ("replay", "reckon_nothing")  # Q12


def test_a_whole_pitch_record_with_a_misdeal_scores_nothing_and_the_deal_passes(
    client: FlaskClient,
) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS)
    body = table.deal({"bids": [], "tricks": [], "irregular": [{"type": "misdeal", "seat": 2}]})
    assert body["scores"] == {"Ann": 0, "Bob": 0, "Cid": 0}
    assert body["ruling"]["misdeal"] is True
    assert body["match"]["dealer"]["player"] == "Bob"  # misdeal "pass_deal" (F, EB29)
    same = Table(client, "pitch", PITCH_PLAYERS, misdeal="same_dealer")
    body = same.deal({"bids": [], "tricks": [], "irregular": [{"type": "misdeal"}]})
    assert body["match"]["dealer"]["player"] == "Ann"


def test_a_misdeal_recorded_anyway_in_the_step_flow_ends_the_deal(client: FlaskClient) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS)
    short = [BOB_SET_BACK_HANDS[0][:5], *BOB_SET_BACK_HANDS[1:]]
    refused = table.post("/events", {"type": "deal_started", "hands": short})
    assert refused.status_code == 422
    dealt = table.post("/events", {"type": "deal_started", "hands": short, "anyway": True})
    assert dealt.status_code == 201, dealt.json
    kinds = [e["kind"] for e in dealt.json["events"]]
    assert kinds == ["irregularity", "deal_scored"]
    assert dealt.json["events"][0]["payload"]["irregularity"] == "misdeal"
    assert dealt.json["scored"]["scores"] == {"Ann": 0, "Bob": 0, "Cid": 0}
    assert dealt.json["match"]["dealer"]["player"] == "Bob"  # the deal passes (F, EB29)


def test_undo_takes_back_a_revoke_recorded_anyway(client: FlaskClient) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS)
    _pitch_to_the_revoke(table)
    table.post("/events", {"type": "card", "card": "9S", "anyway": True})
    undone = table.post("/undo", {})
    assert undone.status_code == 200
    assert undone.json["current_deal"]["tricks"] == [["KH", "AH"]]
    assert not undone.json["current_deal"].get("irregular")


def _q10_exchanged(table: Table) -> None:
    assert table.post("/events", {"type": "deal_started", "dealt": Q10_DEALT,
                                  "talon": Q10_TALON}).status_code == 201
    assert table.post("/events", {"type": "exchange", "elder": ["KH", "TH", "7H", "TD", "8D"],
                                  "younger": ["QD", "9D", "7D"]}).status_code == 201


def test_a_piquet_false_call_recorded_anyway_reckons_nothing(client: FlaskClient) -> None:
    """Q10, but Bill calls a point of six he does not hold (PT 54): he reckons nothing that
    deal; Ann reckons what she has good, 41 as in Q10."""
    table = Table(client)
    _q10_exchanged(table)
    call = {"type": "declaration", "role": "elder", "point": 6}
    assert table.post("/events", call).status_code == 422
    dry = table.post("/events?dry_run=true", call).json
    assert (dry["irregularity"], dry["penalty"]) == ("false_call", "reckon_nothing")
    assert "PT 54" in dry["consequence"]
    called = table.post("/events", {**call, "anyway": True})
    assert called.status_code == 201, called.json
    assert called.json["match"]["current_deal"]["irregular"] == [
        {"code": "announcement_not_held", "location": "declarations.elder.point"}]
    body: dict[str, Any] = {}
    for k, card in enumerate(c for trick in Q10_TRICKS for c in trick):
        if k == 1:
            assert table.post("/events", {"type": "declaration", "role": "younger",
                                          **Q10_DECLARATIONS["younger"]}).status_code == 201
        response = table.post("/events", {"type": "card", "card": card})
        assert response.status_code == 201, (card, response.json)
        body = response.json
    assert body["scored"]["scores"] == {"Bill": 0, "Ann": 41}


def test_a_call_that_could_not_be_held_is_told_stored_and_ruled_alike(
    client: FlaskClient,
) -> None:
    """Q10, but Bill calls a point of seven: his hand and discard hold at most six of a suit,
    so the call could not possibly be held (PT 54): no penalty. The dry run, the stored
    irregularity and the ruling say so alike, and the score applies no penalty."""
    table = Table(client)
    _q10_exchanged(table)
    call = {"type": "declaration", "role": "elder", "point": 7, "sets": ["trio:A"]}
    assert table.post("/events", call).status_code == 422
    dry = table.post("/events?dry_run=true", call).json
    told = (dry["irregularity"], dry["penalty"], dry["consequence"])
    assert told[:2] == ("false_call", "none")
    assert "(PT 54)" in told[2] and "reckons nothing" not in told[2]
    called = table.post("/events", {**call, "anyway": True})
    assert called.status_code == 201, called.json
    stored = called.json["events"][0]["payload"]
    assert (stored["irregularity"], stored["penalty"], stored["consequence"]) == told
    body: dict[str, Any] = {}
    for k, card in enumerate(c for trick in Q10_TRICKS for c in trick):
        if k == 1:
            assert table.post("/events", {"type": "declaration", "role": "younger",
                                          **Q10_DECLARATIONS["younger"]}).status_code == 201
        response = table.post("/events", {"type": "card", "card": card})
        assert response.status_code == 201, (card, response.json)
        body = response.json
    assert body["scored"]["scores"] == {"Bill": 11, "Ann": 41}
    [ruled] = body["scored"]["ruling"]["irregularities"]
    assert (ruled["kind"], ruled["penalty"], ruled["consequence"]) == told
    assert ruled["law"] == "PT 54"


def test_a_piquet_revoke_under_reckon_nothing_is_kept_in_the_record(
    client: FlaskClient,
) -> None:
    table = Table(client, revoke="reckon_nothing")
    _q10_exchanged(table)
    assert table.post("/events", {"type": "card", "card": "KS"}).status_code == 201
    revoked = table.post("/events", {"type": "card", "card": "KC", "anyway": True})
    assert revoked.status_code == 201, revoked.json
    note = revoked.json["events"][0]["payload"]
    assert (note["irregularity"], note["penalty"]) == ("revoke", "reckon_nothing")
    assert "younger hand revoked in trick 1" in note["consequence"]
    deal = revoked.json["match"]["current_deal"]
    assert deal["tricks"] == [["KS", "KC"]]
    assert deal["irregular"] == [{"code": "revoke", "location": "tricks[0][1]"}]


def _cards(table: Table, cards: list[str]) -> Any:
    body: Any = None
    for card in cards:
        response = table.post("/events", {"type": "card", "card": card})
        assert response.status_code == 201, (card, response.json)
        body = response.json
    return body


def _replayed_scores(client: FlaskClient) -> dict[str, int]:
    """The score of the play as recorded again, ruled on its own (Bill elder, Ann younger)."""
    ruled = client.post("/v1/piquet/deals:score", json={"tricks": REVOKE_REPLAYED_TRICKS})
    assert ruled.status_code == 200, ruled.json
    return {"Bill": ruled.json["scores"]["elder"], "Ann": ruled.json["scores"]["younger"]}


def test_a_revoke_proven_in_a_later_trick_is_replayed(client: FlaskClient) -> None:
    """Card by card, hands not recorded: Q10's first twelve cards, then Bill discards ♠8 on
    Ann's ♣J (trick 6) and plays ♣8 to her ♣10 (trick 7), which proves the revoke. Under
    ``revoke: "replay"`` (PT 59 IV) the play from Bill's ♠8 on is taken back: trick 6 is open
    again on the ♣J, Bill is offered exactly his clubs, the deal is recorded again and scores
    as the replayed play does."""
    table = Table(client)
    _cards(table, REVOKE_FIRST + REVOKE_THEN_PROOF[:2])
    proof = {"type": "card", "card": REVOKE_THEN_PROOF[2]}
    refused = table.post("/events", proof)
    assert refused.status_code == 422
    assert [(v["code"], v["location"]) for v in refused.json["violations"]] == [
        ("revoke", "tricks[5][1]")]
    dry = table.post("/events?dry_run=true", proof).json
    assert (dry["irregularity"], dry["penalty"]) == ("revoke", "replay")
    replayed = table.post("/events", {**proof, "anyway": True})
    assert replayed.status_code == 201, replayed.json
    [note] = replayed.json["events"]
    assert note["kind"] == "irregularity"
    assert (note["payload"]["penalty"], note["payload"]["consequence"]) == (
        "replay", dry["consequence"])
    assert "taken back (the elder hand the eight of spades and the eight of clubs; the " \
        "younger hand the ten of clubs)" in dry["consequence"]
    match = replayed.json["match"]
    assert match["current_deal"]["tricks"] == [*Q10_TRICKS[:5], ["JC"]]
    assert (match["next"]["player"], match["next"]["legal_cards"]) == ("Bill", ["9C", "8C"])
    done = _cards(table, [c for t in REVOKE_REPLAYED for c in t][1:])
    scored = done["scored"]
    assert scored["scores"] == _replayed_scores(client) == {"Bill": 28, "Ann": 11}
    assert scored["ruling"]["violations"] == []
    assert scored["ruling"]["recorded_anyway"][0]["penalty"] == "replay"


def test_a_revoke_shown_by_the_hands_is_replayed(client: FlaskClient) -> None:
    """Hands recorded: Bill's ♠8 on ♣J is refused at once (he holds ♣9 ♣8); recorded anyway,
    only it is taken back and Bill is offered exactly his clubs."""
    table = Table(client)
    assert table.post("/events", {"type": "deal_started", "dealt": REVOKE_DEALT,
                                  "talon": REVOKE_TALON}).status_code == 201
    assert table.post("/events", {"type": "exchange", **Q10_EXCHANGE}).status_code == 201
    _cards(table, REVOKE_FIRST)
    revoke = {"type": "card", "card": "8S"}
    assert table.post("/events", revoke).status_code == 422
    replayed = table.post("/events", {**revoke, "anyway": True})
    assert replayed.status_code == 201, replayed.json
    assert replayed.json["events"][0]["payload"]["penalty"] == "replay"
    match = replayed.json["match"]
    assert match["current_deal"]["tricks"] == [*Q10_TRICKS[:5], ["JC"]]
    assert match["next"]["legal_cards"] == ["9C", "8C"]
    done = _cards(table, [c for t in REVOKE_REPLAYED for c in t][1:])
    assert done["scored"]["scores"] == _replayed_scores(client)


def test_undo_takes_back_the_replay(client: FlaskClient) -> None:
    table = Table(client)
    _cards(table, REVOKE_FIRST + REVOKE_THEN_PROOF[:2])
    table.post("/events", {"type": "card", "card": "8C", "anyway": True})
    undone = table.post("/undo", {})
    assert undone.status_code == 200, undone.json
    assert undone.json["current_deal"]["tricks"] == [*Q10_TRICKS[:5], ["JC", "8S"], ["TC"]]


@pytest.mark.parametrize(("option", "scores"), [
    ("reckon_nothing", {"Bill": 0, "Ann": 11}),
    ("void", {"Bill": 0, "Ann": 0}),
])
def test_a_revoke_proven_later_that_cannot_be_replayed_is_played_out(
    client: FlaskClient, option: str, scores: dict[str, int]
) -> None:
    """Under ``revoke: "reckon_nothing"`` or ``"void"`` the revoke stays in the record and the
    deal goes on as played: Bill's clubs are still offered (he held the suit), and the score
    applies the penalty announced when it was recorded."""
    table = Table(client, revoke=option)
    _cards(table, REVOKE_FIRST + REVOKE_THEN_PROOF[:2])
    recorded = table.post("/events", {"type": "card", "card": "8C", "anyway": True})
    assert recorded.status_code == 201, recorded.json
    told = recorded.json["events"][0]["payload"]
    assert (told["irregularity"], told["penalty"]) == ("revoke", option)
    assert recorded.json["match"]["current_deal"]["tricks"][5:] == [["JC", "8S"], ["TC", "8C"]]
    rest = [c for t in REVOKE_AS_PLAYED[2:] for c in t]
    _cards(table, rest[:-2])
    assert table.get()["next"]["player"] == "Bill"
    assert "9C" in table.get()["next"]["legal_cards"]
    done = _cards(table, rest[-2:])
    assert done["scored"]["scores"] == scores
    [ruled] = done["scored"]["ruling"]["irregularities"]
    assert (ruled["penalty"], ruled["consequence"]) == (told["penalty"], told["consequence"])


def test_a_piquet_misdeal_recorded_anyway_voids_the_deal(client: FlaskClient) -> None:
    """PT 10–14: a wrong number of cards dealt is a fresh deal by the same dealer."""
    table = Table(client)
    short = {"elder": Q10_DEALT["elder"][:11], "younger": Q10_DEALT["younger"]}
    assert table.post("/events", {"type": "deal_started", "dealt": short}).status_code == 422
    dealt = table.post("/events", {"type": "deal_started", "dealt": short, "anyway": True})
    assert dealt.status_code == 201, dealt.json
    match = dealt.json["match"]
    assert match["deal_in_progress"] is False and match["deals_played"] == 0
    assert match["dealer"]["player"] == "Ann"  # the same dealer deals afresh


def test_the_match_lists_the_steps_recorded_anyway_in_the_deal_in_progress(
    client: FlaskClient,
) -> None:
    """A card out of turn is taken back (in no record): the match still says it happened, with
    its penalty and consequence, until the deal ends or the step is undone."""
    table = Table(client, "pitch", PITCH_PLAYERS)
    _pitch_to_the_revoke(table)
    assert table.get()["current_irregularities"] == []
    wrong = table.post("/events", {"type": "card", "card": "5H", "player": "Bob",
                                   "anyway": True})
    assert wrong.status_code == 201, wrong.json
    [note] = wrong.json["match"]["current_irregularities"]
    assert (note["irregularity"], note["penalty"]) == ("out_of_turn", "withdrawn")
    assert note["step"]["card"] == "5H" and note["step"]["player"] == "Bob"
    assert note["violations"][0]["rule"] == "P4" and "Ann is to play" in note["consequence"]
    # The note as the document types it (CurrentIrregularity), the match's answer too.
    components = client.get("/openapi.json").get_json()["components"]
    for component, value in (("CurrentIrregularity", note), ("Match", wrong.json["match"])):
        validator = Draft202012Validator({"$ref": f"#/components/schemas/{component}",
                                          "components": components})
        assert not [e.message for e in validator.iter_errors(value)], component
    undone = table.post("/undo", {})
    assert undone.status_code == 200, undone.json
    assert undone.json["current_irregularities"] == []
    assert undone.json["current_deal"]["tricks"] == [["KH", "AH"]]


def test_a_piquet_hand_of_eleven_cards_recorded_anyway_is_a_misdeal(
    client: FlaskClient,
) -> None:
    """Q12 (PT 10–14, 39–43): a wrong number of cards dealt is a misdeal — the deal is void and
    the same dealer deals afresh; the dry run says so before anything is stored."""
    table = Table(client)  # Bill elder, Ann younger (the dealer)
    dealt = {"elder": Q10_DEALT["elder"][:11], "younger": Q10_DEALT["younger"]}
    refused = table.post("/events", {"type": "deal_started", "dealt": dealt})
    assert refused.status_code == 422
    dry = table.post("/events?dry_run=true", {"type": "deal_started", "dealt": dealt}).json
    assert (dry["irregularity"], dry["penalty"]) == ("misdeal", "void")
    assert dry["violations"][0]["code"] == "hand_size"
    assert dry["consequence"].startswith("The elder hand was dealt 11 cards: a misdeal.")
    assert "same dealer deals afresh (PT 10–14, 39–43" in dry["consequence"]
    assert dry["scored"]["scores"] == {"Bill": 0, "Ann": 0}
    voided = table.post("/events", {"type": "deal_started", "dealt": dealt, "anyway": True})
    assert voided.status_code == 201, voided.json
    match = voided.json["match"]
    assert match["deal_in_progress"] is False and match["younger"] == "Ann"
    assert table.get("/ledger")["items"][0]["status"] == "voided"


def test_a_piquet_card_the_other_holds_is_his_lead_out_of_turn(client: FlaskClient) -> None:
    """Q10: after ♠K ♠A Ann is to lead; ♣A sent without ``player`` is Bill's card (dealt AC
    KS QS TS 9S 8S KH TH 7H AD TD 8D): his lead out of turn, taken up (PT 59 III), the deal
    not voided — in the dry run and when recorded."""
    table = Table(client)
    _q10_exchanged(table)
    _cards(table, ["KS", "AS"])
    dry = table.post("/events?dry_run=true", {"type": "card", "card": "AC"})
    assert dry.status_code == 200, dry.json
    assert (dry.json["irregularity"], dry.json["penalty"]) == ("out_of_turn", "withdrawn")
    wrong = table.post("/events", {"type": "card", "card": "AC", "anyway": True})
    assert wrong.status_code == 201, wrong.json
    [note] = wrong.json["events"]
    assert (note["payload"]["irregularity"], note["payload"]["penalty"]) == (
        "out_of_turn", "withdrawn")
    assert note["payload"]["consequence"] == dry.json["consequence"]
    assert "Bill holds AC" in note["payload"]["consequence"]
    match = wrong.json["match"]
    assert match["next"]["player"] == "Ann"
    assert match["current_deal"]["tricks"] == [["KS", "AS"]]
    assert match["deal_in_progress"] is True and match["deals_played"] == 0
    assert table.get("/ledger")["items"] == []  # nothing voided


def test_a_pitch_lead_out_of_turn_at_trick_two_is_taken_back(client: FlaskClient) -> None:
    """Cid wins trick 1 (♥K ♥A ♥3) and is to lead; Bob leads ♥5 before anyone plays to it:
    taken back as at trick 1 (P10), and Cid is still to lead."""
    table = Table(client, "pitch", PITCH_PLAYERS)
    _pitch_to_the_revoke(table)
    _play(table, ["3H"])
    wrong = table.post("/events", {"type": "card", "card": "5H", "player": "Bob",
                                   "anyway": True})
    assert wrong.status_code == 201, wrong.json
    [note] = wrong.json["events"]
    assert (note["payload"]["irregularity"], note["payload"]["penalty"]) == (
        "out_of_turn", "withdrawn")
    assert "everyone played to it" not in note["payload"]["consequence"]
    assert "Cid is to play" in note["payload"]["consequence"]
    match = wrong.json["match"]
    assert match["next"]["player"] == "Cid"
    assert match["current_deal"]["tricks"] == [["KH", "AH", "3H"]]


def test_exchange_offences_are_ruled_by_their_laws_not_voided(client: FlaskClient) -> None:
    """PT 27, 29: Ann (younger) discards four (QD 9D 7D KD) after Bill took his five: a
    talon offence, she reckons nothing and the deal goes on. PT 21: Bill discarding none
    costs nothing; the exchange is taken back to be recorded with his discard."""
    table = Table(client)
    assert table.post("/events", {"type": "deal_started", "dealt": Q10_DEALT,
                                  "talon": Q10_TALON}).status_code == 201
    none = table.post("/events", {"type": "exchange", "elder": [],
                                  "younger": ["QD", "9D", "7D"], "anyway": True})
    assert none.status_code == 201, none.json
    [note] = none.json["events"]
    assert (note["payload"]["irregularity"], note["payload"]["penalty"]) == (
        "no_discard", "withdrawn")
    assert "no penalty (PT 21)" in note["payload"]["consequence"]
    assert none.json["match"]["deal_in_progress"] is True
    assert "exchange" not in none.json["match"]["current_deal"] or not none.json["match"][
        "current_deal"]["exchange"]
    took = table.post("/events", {"type": "exchange", "elder": ["KH", "TH", "7H", "TD", "8D"],
                                  "younger": ["QD", "9D", "7D", "KD"], "anyway": True})
    assert took.status_code == 201, took.json
    [note] = took.json["events"]
    assert (note["payload"]["irregularity"], note["payload"]["penalty"]) == (
        "talon_offence", "reckon_nothing")
    match = took.json["match"]
    assert match["deal_in_progress"] is True and match["deals_played"] == 0
    assert match["next"]["player"] == "Bill"
    assert table.get("/ledger")["items"] == []  # nothing voided


@pytest.mark.parametrize("other", ["void", "as_played"])
def test_an_incorrect_pack_voids_the_deal_under_pt_75(client: FlaskClient, other: str) -> None:
    """PT 75: Q10 dealt with the ace of clubs in both hands — the dry run and the stored
    irregularity name the law; the deal is void and scores nothing even when the table's
    ``other`` option is "as_played"."""
    table = Table(client, irregularities={"other": other})
    dealt = {"elder": Q10_DEALT["elder"], "younger": ["AC", *Q10_DEALT["younger"][1:]]}
    body = {"type": "deal_started", "dealt": dealt, "talon": Q10_TALON}
    dry = table.post("/events?dry_run=true", body)
    assert dry.status_code == 200, dry.json
    assert (dry.json["irregularity"], dry.json["penalty"]) == ("incorrect_pack", "void")
    wrong = table.post("/events", {**body, "anyway": True})
    assert wrong.status_code == 201, wrong.json
    note = wrong.json["events"][0]["payload"]
    assert (note["irregularity"], note["penalty"]) == ("incorrect_pack", "void")
    assert note["consequence"] == dry.json["consequence"]
    assert "PT 75" in note["consequence"]
    assert table.get("/ledger")["items"][0]["status"] == "voided"
