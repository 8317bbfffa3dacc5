"""Pitch hands entered as score-sheet lines or totals and disputed with a claim, over HTTP.
Ann, Bob and Cid (seats 0, 1, 2); Ann deals first, the deal passes to the left (P2)."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.deals import BOB_SET_BACK_HANDS, BOB_SET_BACK_TRICKS, PITCH_PLAYERS
from tests.api.test_matches_agreement import Table


def scores(match: dict) -> dict[str, int]:
    return {s["name"]: s["score"] for s in match["standings"]}


def test_a_pitch_match_played_to_its_target_by_score_sheets(client: FlaskClient) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS, target=7)
    # Hand 1, Ann deals: Bob pitches a 2 and takes High, Low and Game: +3 (P5, P6).
    first = table.deal({"sheet": {"pitcher": 1, "bid": 2, "high": 1, "low": 1, "jack": None,
                                  "game": 1}})
    assert first["level"] == "sheet" and first["ruling"]["level"] == "sheet"
    assert first["scores"] == {"Ann": 0, "Bob": 3, "Cid": 0}
    assert first["ruling"]["verified"] or first["ruling"]["computed"]
    assert first["ruling"]["as_reported"]
    # Hand 2, Bob deals, entered as totals: Cid pitched a 2 and made 3, Ann took one.
    second = table.deal({"totals": {"scores": [1, 0, 3], "pitcher": 2, "bid": 2}})
    assert second["level"] == "totals"
    assert scores(second["match"]) == {"Ann": 1, "Bob": 3, "Cid": 3}
    # An impossible line is refused: a pitcher never scores 0 (P6).
    refused = table.post("/deals", {"totals": {"scores": [0, 0, 0], "pitcher": 0, "bid": 2}})
    assert refused.status_code == 422
    assert refused.json["violations"]
    # The dealer is checked as for cards (P2): Cid deals hand 3.
    wrong = table.post("/deals", {"sheet": {"dealer": 0, "pitcher": 1, "bid": 3, "high": 1,
                                            "low": 1, "jack": 1, "game": 1}})
    assert wrong.status_code == 422
    assert wrong.json["violations"][0]["code"] == "wrong_dealer"
    # Hand 3, Cid deals: the auction written out; Bob bids 3 and takes all four: 7, he wins.
    third = table.deal({"sheet": {"bids": ["pass", 3, "pass"], "high": 1, "low": 1,
                                  "jack": 1, "game": 1, "trump": "S"}})
    match = third["match"]
    assert scores(match) == {"Ann": 1, "Bob": 7, "Cid": 3}
    assert match["finished"] is True and match["winner"] == "Bob"
    # The ledger, JSON and CSV, says each hand's level.
    assert [i["level"] for i in table.get("/ledger")["items"]] == ["sheet", "totals", "sheet"]
    csv = client.get(table.url("/ledger.csv"), headers={"Authorization": f"Bearer {table.write}"})
    lines = csv.get_data(as_text=True).splitlines()
    # Every cell quoted (QUOTE_ALL); the game's own columns (variant, points) come after.
    assert ',"level","agreement","variant",' in lines[0]
    assert ',"totals","confirmed","four_point",' in lines[2]


def test_a_pitch_dispute_ruled_by_the_cards_shows_where_each_claim_parts(
    client: FlaskClient,
) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS)
    table.join()
    # Bob writes that he took High with his bid of 2 (set back anyway): Bob −2, Cid +3.
    entered = table.deal({"sheet": {"pitcher": 1, "bid": 2, "high": 1, "low": 2, "jack": 2,
                                    "game": 2}}, who="Bob")
    assert entered["scores"] == {"Ann": 0, "Bob": -2, "Cid": 3}
    # Cid disputes: he took all four.
    claim = {"sheet": {"pitcher": 1, "bid": 2, "high": 2, "low": 2, "jack": 2, "game": 2}}
    disputed = table.post("/deals/1/dispute", {"reason": "I took High with the ace",
                                               "claim": claim}, who="Cid")
    assert disputed.status_code == 200, disputed.json
    assert disputed.json["claims"][1]["scores"] == {"Ann": 0, "Bob": -2, "Cid": 4}
    # An impossible claim is refused and located.
    bad = table.post("/deals/1/dispute", {"reason": "x", "claim": {"totals": {
        "scores": [0, 0, 0], "pitcher": 1, "bid": 2}}}, who="Ann")
    assert bad.status_code == 422
    assert bad.json["violations"][0]["location"].startswith("claim.totals")
    assert table.get()["disputed"] == [1]
    # The cards decide (P4–P6): Cid took all four.
    cards = {"bids": [2, "pass", "pass"], "tricks": BOB_SET_BACK_TRICKS,
             "hands": BOB_SET_BACK_HANDS}
    ruled = table.post("/deals/1/cards", cards, who="Ann")
    assert ruled.status_code == 201, ruled.json
    assert ruled.json["scores"] == {"Ann": 0, "Bob": -2, "Cid": 4}
    assert ruled.json["agreement"] == "ruled"
    bob, cid = ruled.json["claims"]
    assert bob["side"] == "Bob" and bob["entry"] is True
    assert bob["comparison"]["agrees"] is False
    assert bob["comparison"]["parts_at"]["step"] == "high"
    assert bob["comparison"]["parts_at"]["rule"] == "P5"
    assert cid["side"] == "Cid" and cid["comparison"]["agrees"] is True
    assert ruled.json["changes"]["parts_at"]["step"] == "high"
    item = table.get("/ledger")["items"][0]
    assert item["level"] == "cards" and item["superseded"][0]["level"] == "sheet"
    assert item["superseded"][0]["scores"] == {"Ann": 0, "Bob": -2, "Cid": 3}


def test_the_pitch_winner_is_withheld_while_a_hand_is_disputed(client: FlaskClient) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS, target=4)
    table.join()
    # Ann deals; Bob pitches a 4 and writes that he took all four: he reaches the target (P7).
    won = table.deal({"sheet": {"pitcher": 1, "bid": 4, "high": 1, "low": 1, "jack": 1,
                                "game": 1}}, who="Bob")
    assert won["match"]["finished"] is True and won["match"]["winner"] == "Bob"
    disputed = table.post("/deals/1/dispute", {"reason": "Cid took the jack",
                                               "claim": {"sheet": {"pitcher": 1, "bid": 4,
                                                                   "high": 1, "low": 1,
                                                                   "jack": 2, "game": 1}}},
                          who="Cid")
    assert disputed.status_code == 200, disputed.json
    match = disputed.json["match"]
    assert match["winner"] is None
    assert "Deal 1 is disputed" in match["settlement_withheld"]
