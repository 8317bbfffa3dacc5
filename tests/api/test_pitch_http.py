"""Pitch rulings over HTTP (P1–P9): a whole hand, its points and score, bidding, revokes."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

# Four players, dealer seat 3; seat 1 bids 3 and leads the ace of hearts: hearts are trump.
# Seat 2 trumps the king of spades with the jack of hearts while holding the queen of spades
# (legal, P4). Seat 3 was dealt the two of hearts (Low); seat 1 captures it in trick 1.
# Game points: seat 0 23 (TD KD TH), seat 2 23, seat 1 4: a tie for Game, nobody scores it.
FOUR_BIDS = ["pass", 3, "pass", "pass"]
FOUR_TRICKS = [
    "AH 5H 2H 3H".split(),  # seat 1 leads, wins
    "KS JH 4S AS".split(),  # seat 2 trumps (holding QS): legal; seat 2 wins
    "TD 5D KD 6D".split(),  # seat 2 leads; seat 0 wins with the king
    "TC 2C QC 7C".split(),  # seat 0 leads; seat 2 wins with the queen
    "QS 8S 9S JS".split(),  # seat 2 leads and wins
    "4D 9D TH 8D".split(),  # seat 2 leads; seat 0, void in diamonds, trumps and wins
]
FOUR_HANDS = [
    "3H AS KD TC 9S TH".split(),
    "AH KS 6D 2C JS 8D".split(),
    "5H JH TD QC QS 4D".split(),
    "2H 4S 5D 7C 8S 9D".split(),
]


def score(client: FlaskClient, **body: Any) -> Any:
    body.setdefault("players", 4)
    body.setdefault("dealer", 3)
    body.setdefault("bids", FOUR_BIDS)
    body.setdefault("tricks", FOUR_TRICKS)
    return client.post("/v1/pitch/hands:score", json=body)


def test_four_player_solo_hand_pitcher_set_back(client: FlaskClient) -> None:
    response = score(client, hands=FOUR_HANDS)
    assert response.status_code == 200, response.json
    ruling = response.json
    assert ruling["trump"] == "H"
    assert (ruling["pitcher"], ruling["bid"]) == (1, 3)
    assert ruling["sides"] == [[0], [1], [2], [3]]
    assert [t["winner"] for t in ruling["tricks"]] == [1, 2, 0, 2, 2, 0]
    points = ruling["points"]
    assert points["high"] == {"card": "AH", "seat": 1, "side": 1}
    assert points["low"] == {"card": "2H", "seat": 1, "side": 1}  # captured by seat 1
    assert points["jack"] == {"card": "JH", "seat": 2, "side": 2}
    assert points["game"]["side"] is None  # 23 v 23: tied, nobody
    assert ruling["made_bid"] is False
    assert ruling["score_changes"] == [0, -3, 1, 0]
    assert ruling["violations"] == []


def test_low_to_holder_option_gives_low_to_the_player_dealt_it(client: FlaskClient) -> None:
    ruling = score(client, hands=FOUR_HANDS, options={"low": "holder"}).json
    assert ruling["points"]["low"]["seat"] == 3
    assert ruling["score_changes"] == [0, -3, 1, 1]


def test_low_holder_needs_no_hands_when_the_cards_played_show_who_held_it(
    client: FlaskClient,
) -> None:
    ruling = score(client, options={"low": "holder"}).json
    assert ruling["points"]["low"]["seat"] == 3


def test_same_deal_as_partnership(client: FlaskClient) -> None:
    ruling = score(client, partnership=True, hands=FOUR_HANDS).json
    assert ruling["sides"] == [[0, 2], [1, 3]]
    # Team 0+2 wins Jack and Game (46 v 4); team 1+3 wins High and Low, bid 3: set back.
    assert ruling["points"]["game"]["side"] == 0
    assert ruling["made_bid"] is False
    assert ruling["score_changes"] == [2, -3]


def test_claimed_score_is_checked(client: FlaskClient) -> None:
    right = score(client, claimed=[0, -3, 1, 0]).json
    assert right["claimed_ok"] is True
    wrong = score(client, claimed=[0, 2, 1, 0]).json
    assert wrong["claimed_ok"] is False
    assert any(v["rule"] == "P6" for v in wrong["violations"])


def test_a_claimed_score_swapped_or_negative_gets_its_hint(client: FlaskClient) -> None:
    """The cards give 0, -3, +1, 0 (seat 1 set back)."""
    swapped = score(client, claimed=[0, 1, -3, 0]).json["claim"]
    assert [[h["code"] for h in d.get("hints", [])] for d in swapped["differences"]] \
        == [[], ["columns_swapped"], ["columns_swapped"]]
    negative = score(client, claimed=[0, -3, -1, 0]).json["claim"]
    [difference] = negative["differences"]
    assert [(h["code"], h["rule"]) for h in difference["hints"]] == [("negative_score", "P6")]
    assert difference["explanations"][0].endswith("perhaps +1, the minus sign a slip")


SINGLE_TRUMP_TRICKS = [
    "7S 5H".split(), "AH 6H".split(), "KH 7H".split(),
    "2D TD".split(), "8H 3D".split(), "9H 4D".split(),
]


def test_single_trump_in_play_scores_two(client: FlaskClient) -> None:
    ruling = score(
        client, players=2, dealer=1, bids=[2, "pass"], tricks=SINGLE_TRUMP_TRICKS
    ).json
    assert ruling["points"]["high"]["card"] == ruling["points"]["low"]["card"] == "7S"
    assert ruling["points"]["jack"] is None
    assert ruling["score_changes"][0] == 2


def test_single_trump_jack_scores_three(client: FlaskClient) -> None:
    tricks = [list(t) for t in SINGLE_TRUMP_TRICKS]
    tricks[0] = ["JS", "5H"]
    ruling = score(client, players=2, dealer=1, bids=[2, "pass"], tricks=tricks).json
    assert ruling["points"]["jack"]["card"] == "JS"
    assert ruling["score_changes"][0] == 3


def test_revoke_proven_by_a_later_trick_without_hands(client: FlaskClient) -> None:
    tricks = [list(t) for t in FOUR_TRICKS]
    tricks[2] = "TD 5D KD 2C".split()  # seat 1 discards a club on diamonds…
    tricks[3] = "TC 6D QC 7C".split()  # …and shows the six of diamonds next trick
    response = score(client, tricks=tricks)
    assert response.status_code == 200
    revokes = [v for v in response.json["violations"] if v["code"] == "revoke"]
    assert len(revokes) == 1
    assert revokes[0]["rule"] == "P4"
    assert revokes[0]["location"] == "tricks[2][3]"
    assert "trick 3" in revokes[0]["message"] and "trick 4" in revokes[0]["message"]


def test_bad_input_card_twice_seven_cards_wrong_leader(client: FlaskClient) -> None:
    twice = [list(t) for t in FOUR_TRICKS]
    twice[5] = "4D 9D AH 8D".split()
    assert score(client, tricks=twice).status_code == 422
    seven = [list(h) for h in FOUR_HANDS]
    seven[0] = [*seven[0], "2S"]
    response = score(client, hands=seven)
    assert response.status_code == 422
    assert any(v["location"].startswith("hands[0]") for v in response.json["violations"])
    # Seat 0 "leads" the first trick although seat 1 is the pitcher (hands show who held it).
    wrong_lead = [list(t) for t in FOUR_TRICKS]
    wrong_lead[0] = "3H AH 5H 2H".split()
    response = score(client, tricks=wrong_lead, hands=FOUR_HANDS)
    codes = {v["code"] for v in response.json.get("violations", [])}
    assert "first_lead_by_non_pitcher" in codes


def check(client: FlaskClient, players: int, dealer: int, bids: list[Any], **options: Any) -> Any:
    response = client.post(
        "/v1/pitch/bidding:check",
        json={"players": players, "dealer": dealer, "bids": bids, "options": options},
    )
    assert response.status_code == 200, response.json
    return response.json


def test_bidding_stuck_dealer_must_bid(client: FlaskClient) -> None:
    status = check(client, 4, 3, ["pass", "pass", "pass"])
    assert status["next_seat"] == 3
    assert "pass" not in status["legal_calls"]
    assert min(c for c in status["legal_calls"] if isinstance(c, int)) == 2
    refused = check(client, 4, 3, ["pass", "pass", "pass", "pass"])
    assert refused["legal"] is False
    assert refused["violations"][0]["rule"] == "P3"


def test_bidding_dealer_steal_and_refused_after_a_four(client: FlaskClient) -> None:
    steal = check(client, 4, 3, ["pass", 2, "pass", 2])
    assert steal["legal"] is True and steal["high_bidder"] == 3 and steal["complete"] is True
    after_four = check(client, 4, 3, ["pass", 4, "pass", 4])
    assert after_four["legal"] is False
    allowed = check(client, 4, 3, ["pass", 4, "pass", 4], dealer_steal="match_any")
    assert allowed["legal"] is True and allowed["high_bidder"] == 3


def test_bidding_pitch_as_first_call_ends_the_auction(client: FlaskClient) -> None:
    status = check(client, 4, 3, ["pitch"])
    assert status["complete"] is True and status["pitched"] is True
    assert status["high_bidder"] == 0 and status["high_bid"] == 4


def test_bidding_not_above_the_high_bid_is_refused(client: FlaskClient) -> None:
    status = check(client, 4, 3, [2, 2])
    assert status["legal"] is False
    assert status["violations"][0]["location"] == "bids[1]"


def test_bidding_two_and_seven_players(client: FlaskClient) -> None:
    two = check(client, 2, 1, [1])
    assert two["next_seat"] == 1 and 1 in two["legal_calls"]  # the dealer may steal the 1
    seven = check(client, 7, 6, ["pass"] * 6)
    assert seven["next_seat"] == 6 and "pass" not in seven["legal_calls"]
