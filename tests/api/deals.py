"""Deals and small HTTP helpers for the stored-match tests (tests/api/test_matches_*.py).

- The Q10 deal of rules/piquet.md written out (Ann deals, Bill is elder: Bill 11, Ann 41).
- :func:`random_piquet_record`: a legal whole Piquet deal from a seeded ``random.Random``
  (shuffle the 32-card pack, deal 12/12/8, a legal Q4 exchange, legal Q6 plays chosen with
  :func:`referee.piquet.progress`).
- Pitch hands written out for a three-player match (Ann, Bob, Cid) to 7.
- ``create_match``, ``post_step``, ``record_deal``: the requests every test makes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from referee.cards import PIQUET_PACK, card_names
from referee.piquet import deal_from_record, progress

# ----------------------------------------------------------------------------------- Q10

#: Q10: Bill (elder) and Ann (younger, the dealer) as dealt, the talon top first.
Q10_DEALT = {
    "elder": "AC KS QS TS 9S 8S KH TH 7H AD TD 8D".split(),
    "younger": "KC QC TC 9C 8C JS 7S 9H KD QD 9D 7D".split(),
}
Q10_TALON = "AH JH 8H 7C JD AS QH JC".split()
#: Bill discards five and takes ♥A ♥J ♥8 ♣7 ♦J; Ann discards three and takes ♠A ♥Q ♣J (Q4).
Q10_EXCHANGE = {"elder": "KH TH 7H TD 8D".split(), "younger": "QD 9D 7D".split()}
#: Bill: "point of five" (not good), "trio of aces" (good), sinks his tierce; Ann: point of
#: six, sixième (Q5).
Q10_DECLARATIONS = {
    "elder": {"point": 5, "sequence": None, "sets": ["trio:A"]},
    "younger": {"point": 6, "sequence": "sixième"},
}
#: The twelve tricks, leader's card first (Q6, Q10).
Q10_TRICKS = [
    t.split()
    for t in (
        "KS AS", "KC AC", "QS 7S", "TS JS", "QC 7C", "JC 8S",
        "TC JH", "9C 8H", "8C JD", "QH AH", "AD KD", "9S 9H",
    )
]
#: The whole Q10 deal as a record of design.md.
Q10_RECORD: dict[str, Any] = {
    "dealt": Q10_DEALT,
    "talon": Q10_TALON,
    "exchange": Q10_EXCHANGE,
    "declarations": Q10_DECLARATIONS,
    "tricks": Q10_TRICKS,
}


# ------------------------------------------------------------- Q10 with a revoke, PT 59 IV

#: Q10's deal with two cards changed so that Bill can revoke in trick 6: the talon's ♥8 and ♦J
#: are Ann's ♣9 and ♣8 (Ann is dealt them instead). Bill takes ♥A ♥J ♣9 ♣7 ♣8, Ann ♠A ♥Q ♣J.
REVOKE_DEALT = {
    "elder": Q10_DEALT["elder"],
    "younger": "KC QC TC 8H JD JS 7S 9H KD QD 9D 7D".split(),
}
REVOKE_TALON = "AH JH 9C 7C 8C AS QH JC".split()
#: After the exchange (Q10_EXCHANGE): Bill AC KS QS TS 9S 8S AD AH JH 9C 7C 8C; Ann KC QC TC
#: 8H JD JS 7S 9H KD AS QH JC.
REVOKE_BILL = "AC KS QS TS 9S 8S AD AH JH 9C 7C 8C".split()
#: Q10's first twelve cards (five tricks and Ann's ♣J lead), legal with these hands.
REVOKE_FIRST = [c for t in Q10_TRICKS[:5] for c in t] + ["JC"]
#: Bill discards ♠8 on ♣J holding ♣9 ♣8 (a revoke), then plays ♣8 to Ann's ♣10: the card
#: that proves it when the hands are not recorded.
REVOKE_THEN_PROOF = ["8S", "TC", "8C"]
#: The play recorded again from trick 6: Bill follows with ♣9; Ann wins tricks 6 and 7 with
#: ♣J and ♣10, Bill the last five. Bill 7 tricks, Ann 5.
REVOKE_REPLAYED = [t.split() for t in (
    "JC 9C", "TC 8C", "QH AH", "AD KD", "JH 9H", "9S 8H", "8S JD")]
#: The deal as replayed: Q10's first five tricks, then the replay (each his best declared).
REVOKE_REPLAYED_TRICKS = [*Q10_TRICKS[:5], *REVOKE_REPLAYED]
#: The play as played, revoke and all, when it cannot be replayed: after ♣J ♠8 and ♣10 ♣8
#: Ann leads ♥Q; Bill keeps ♣9 for the last trick.
REVOKE_AS_PLAYED = [t.split() for t in (
    "JC 8S", "TC 8C", "QH AH", "AD KD", "JH 9H", "9S 8H", "9C JD")]


# -------------------------------------------------------------------------- random Piquet


def random_piquet_record(seed: int) -> dict[str, Any]:
    """A legal, complete Piquet deal record (dealt, talon, exchange, 12 tricks; no
    declarations: each player announces his best) drawn from ``random.Random(seed)``.

    Q2: 12 cards each, 8 in the talon. Q4: elder discards 1–5 and takes as many from the top
    of the talon, younger 1–(8 − elder's) and takes the next ones. Q6: each card is one of
    :func:`referee.piquet.progress`'s legal cards for the player to play.
    """
    rng = random.Random(seed)
    pack = list(PIQUET_PACK)
    rng.shuffle(pack)
    elder, younger, talon = pack[:12], pack[12:24], pack[24:]
    elder_count = rng.randint(1, 5)
    younger_count = rng.randint(1, 8 - elder_count)
    record: dict[str, Any] = {
        "dealt": {"elder": card_names(elder), "younger": card_names(younger)},
        "talon": card_names(talon),
        "exchange": {
            "elder": card_names(rng.sample(elder, elder_count)),
            "younger": card_names(rng.sample(younger, younger_count)),
        },
        "tricks": [],
    }
    tricks: list[list[str]] = []
    for _ in range(24):
        record["tricks"] = tricks
        found = progress(deal_from_record(record))
        assert found.legal_cards, found
        card = card_names([rng.choice(found.legal_cards)])[0]
        if not tricks or len(tricks[-1]) == 2:
            tricks.append([])
        tricks[-1].append(card)
    record["tricks"] = tricks
    return record


# ---------------------------------------------------------------------------------- Pitch

#: Three players, seats 0, 1, 2 clockwise; the deal passes to the left (P2).
PITCH_PLAYERS = ["Ann", "Bob", "Cid"]

#: Bob pitches hearts (a bid of 2) and Cid takes all four points: High (♥A), Low (♥2, which
#: Cid captures from Ann), Jack (♥J) and Game (he wins every trick). Play order from the
#: leader: trick 1 Bob, Cid, Ann; Cid then leads every trick (Cid, Ann, Bob).
#: Bob won no point: set back by 2 (P6). Ann 0, Bob −2, Cid +4.
BOB_SET_BACK_TRICKS = [
    ["KH", "AH", "3H"],
    ["JH", "2H", "5H"],
    ["TS", "9S", "8S"],
    ["TD", "9D", "8D"],
    ["TC", "9C", "8C"],
    ["7S", "6S", "5S"],
]
BOB_SET_BACK_HANDS = [
    "3H 2H 9S 9D 9C 6S".split(),  # Ann, seat 0
    "KH 5H 8S 8D 8C 5S".split(),  # Bob, seat 1, the pitcher
    "AH JH TS TD TC 7S".split(),  # Cid, seat 2
]

#: Cid pitches hearts (a bid of 3) with the same cards and takes all four points: order from
#: the leader Cid, Ann, Bob in every trick. Ann 0, Bob 0, Cid +4.
CID_MAKES_FOUR_TRICKS = [
    ["AH", "3H", "KH"],
    ["JH", "2H", "5H"],
    ["TS", "9S", "8S"],
    ["TD", "9D", "8D"],
    ["TC", "9C", "8C"],
    ["7S", "6S", "5S"],
]


#: A short hand found in play (P10, by analogy with Work 1913): Ann deals and was dealt five
#: cards; Bob bids 2 and pitches hearts. Ann's ♣9 wins trick 5 with her last card, so Bob, on
#: her left, leads trick 6, which holds two cards. Cid takes High, Low (♥2, from Ann), Jack and
#: Game: Ann 0, Bob set back 2, Cid 4.
SHORT_HAND_HANDS = [
    "3H 2H 9S 9D 9C".split(),  # Ann, seat 0, the dealer: five cards
    "KH 5H 8S 8D 8C 5S".split(),  # Bob, seat 1, the pitcher
    "AH JH TS TD 7C 7S".split(),  # Cid, seat 2
]
SHORT_HAND_TRICKS = [t.split() for t in (
    "KH AH 3H", "JH 2H 5H", "TS 9S 8S", "TD 9D 8D", "7C 9C 8C", "5S 7S")]


# -------------------------------------------------------------------------- HTTP helpers


def create_match(
    client: FlaskClient, game: str, players: Sequence[str], **options: Any
) -> dict[str, Any]:
    """POST /v1/matches; asserts 201 and returns the match. When the match comes with its
    tokens, the client sends the write token (``Authorization: Bearer``) from then on."""
    response = client.post(
        "/v1/matches", json={"game": game, "players": list(players), "options": options}
    )
    assert response.status_code == 201, response.json
    made = response.json.get("tokens") or {}
    if made.get("write"):
        client.environ_base["HTTP_AUTHORIZATION"] = "Bearer " + made["write"]
    return response.json


def etag(client: FlaskClient, match_id: str) -> str:
    """The match's current ETag (its version, e.g. ``"v12"``)."""
    response = client.get(f"/v1/matches/{match_id}")
    assert response.status_code == 200, response.json
    return response.headers["ETag"]


def post_step(
    client: FlaskClient, match_id: str, if_match: str | None = None, **step: Any
) -> TestResponse:
    """POST one step (``type`` and its fields) to /v1/matches/{id}/events, with ``If-Match``:
    the given ETag, else the match's current one (as a phone that just read the match)."""
    headers = {"If-Match": if_match or etag(client, match_id)}
    return client.post(f"/v1/matches/{match_id}/events", json=step, headers=headers)


def step_ok(client: FlaskClient, match_id: str, **step: Any) -> dict[str, Any]:
    """:func:`post_step`, asserting 201; returns the body."""
    response = post_step(client, match_id, **step)
    assert response.status_code == 201, (step, response.json)
    return response.json


def record_deal(client: FlaskClient, match_id: str, record: dict[str, Any]) -> dict[str, Any]:
    """POST a whole deal to /v1/matches/{id}/deals, asserting 201; returns the body."""
    response = client.post(f"/v1/matches/{match_id}/deals", json=record)
    assert response.status_code == 201, response.json
    return response.json


def standings(match: dict[str, Any]) -> dict[str, int]:
    """The match's standings as {name: score}."""
    return {row["name"]: row["score"] for row in match["standings"]}


def read_match(client: FlaskClient, match_id: str) -> dict[str, Any]:
    """GET the match, asserting 200."""
    response = client.get(f"/v1/matches/{match_id}")
    assert response.status_code == 200, response.json
    return response.json


def full_log(client: FlaskClient, match_id: str) -> list[dict[str, Any]]:
    """Every stored event of the match, following the log's cursor."""
    items: list[dict[str, Any]] = []
    cursor: str | None = None
    while True:
        query = {"limit": 500} if cursor is None else {"limit": 500, "cursor": cursor}
        response = client.get(f"/v1/matches/{match_id}/log", query_string=query)
        assert response.status_code == 200, response.json
        items += response.json["items"]
        cursor = response.json["next_cursor"]
        if cursor is None:
            return items


def record_q10_steps(client: FlaskClient, match_id: str) -> dict[str, Any]:
    """Record the Q10 deal step by step as the match's next deal (Bill must be elder): the
    deal, the exchange, Bill's declarations, his first lead, Ann's declarations, then every
    card (Q5 order). Returns the last step's body (the one that scored the deal)."""
    step_ok(client, match_id, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    step_ok(client, match_id, type="exchange", **Q10_EXCHANGE)
    step_ok(client, match_id, type="declaration", role="elder", **Q10_DECLARATIONS["elder"])
    return play_q10_cards(client, match_id)


def play_q10_cards(client: FlaskClient, match_id: str,
                   cards: Sequence[str] | None = None) -> dict[str, Any]:
    """Play ``cards`` (all of Q10's, in order, unless given) one step each, Ann's (younger's)
    Q10 declarations sent after the first card, as Q5 has them; elder's declarations already
    sent. Returns the last step's body."""
    body: dict[str, Any] = {}
    played = cards if cards is not None else [card for trick in Q10_TRICKS for card in trick]
    for k, card in enumerate(played):
        if k == 1:
            step_ok(client, match_id, type="declaration", role="younger",
                    **Q10_DECLARATIONS["younger"])
        body = step_ok(client, match_id, type="card", card=card)
    return body
