"""Record the ledger corpus: drive the real app through each scenario and write every match's
stored rows, exactly as the database keeps them, with what the API answered about them.

Run once per recorded version, into a NEW folder (files already recorded are never written
again; see tests/corpus/README.md)::

    .venv/bin/python -m tests.corpus.record --out tests/corpus/v2 --recorded-by "main abc1234"

Each scenario runs on a fresh SQLite database (a temporary file) with the corpus's fixed
ledger key (:data:`CORPUS_KEY`), through the Flask test client, as the table's phones would:
the shared write token, seats, If-Match on every write. Its file holds the ``match`` row and
the ``events`` rows (every column, the payload as the stored text), the migrations the
database had (``schema``), and ``expected``: the match's facts (:mod:`tests.corpus.facts`),
its ledger rows and CSV, the verify result, and what one undo then does (recorded after
the rows were taken: the undo is not in the stored rows).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from referee import RULES_VERSION, __version__, folds
from referee.api import create_app
from referee.piquet import deal_from_record, rule_deal, sheet_record_of
from referee.store.db import make_database, upgrade
from tests.api.deals import (
    BOB_SET_BACK_HANDS,
    BOB_SET_BACK_TRICKS,
    CID_MAKES_FOUR_TRICKS,
    PITCH_PLAYERS,
    Q10_DEALT,
    Q10_DECLARATIONS,
    Q10_EXCHANGE,
    Q10_RECORD,
    Q10_TALON,
    Q10_TRICKS,
    random_piquet_record,
)
from tests.api.test_pitch_http import FOUR_BIDS, FOUR_HANDS, FOUR_TRICKS
from tests.corpus.facts import (
    after_undo_facts,
    csv_facts,
    ledger_facts,
    match_facts,
    verify_facts,
)

#: The ledger key the corpus was linked with (tests only; not a secret).
CORPUS_KEY = "referee ledger corpus v1 - a fixed test key, never a real one"

#: Where the corpus lives.
CORPUS_DIR = Path(__file__).resolve().parent

Q10_CARDS = [c for trick in Q10_TRICKS for c in trick]
PITCH_CARDS = [c for trick in BOB_SET_BACK_TRICKS for c in trick]


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Table:
    """A match and the phones at its table: the shared write token and the seats' tokens."""

    def __init__(self, client: FlaskClient, game: str, players: list[str],
                 **options: Any) -> None:
        self.client = client
        created = client.post("/v1/matches", json={"game": game, "players": players,
                                                   "options": options})
        assert created.status_code == 201, created.json
        self.id: str = created.json["id"]
        self.write: str = created.json["tokens"]["write"]
        self.seats: dict[str, str] = {}

    def url(self, path: str = "") -> str:
        return f"/v1/matches/{self.id}{path}"

    def token(self, who: str) -> str:
        return self.write if who == "write" else self.seats[who]

    def get(self, path: str = "") -> Any:
        response = self.client.get(self.url(path), headers=_bearer(self.write))
        assert response.status_code == 200, response.json
        return response.json

    def post(self, path: str, body: dict[str, Any], who: str = "write",
             status: int | None = None) -> Any:
        """POST as ``who`` ("write" or a player's seat) with the current ETag; asserts
        ``status`` (else any 2xx) and returns the body."""
        etag = self.client.get(self.url(), headers=_bearer(self.write)).headers["ETag"]
        response = self.client.post(self.url(path), json=body,
                                    headers={**_bearer(self.token(who)), "If-Match": etag})
        if status is None:
            assert response.status_code in (200, 201), (path, body, response.json)
        else:
            assert response.status_code == status, (path, body, response.json)
        return response.json

    def step(self, who: str = "write", **body: Any) -> Any:
        return self.post("/events", body, who)

    def deal(self, record: dict[str, Any], who: str = "write") -> Any:
        return self.post("/deals", record, who, status=201)

    def join(self, players: list[str] | None = None) -> None:
        """Seats issued by the shared phone and each taken up on its own phone."""
        issued = self.post("/seats", {"players": players} if players else {}, status=201)
        for seat in issued["seats"]:
            self.seats[seat["player"]] = seat["token"]
        for seat in issued["seats"]:
            self.post("/me:join", {}, who=seat["player"], status=200)

    def play_on(self, who: str = "write", cards: int | None = None) -> Any:
        """Play legal cards (the first the referee offers; a Pitch bid: pass, or the lowest
        when the dealer must bid) until the deal ends, or ``cards`` cards."""
        body, played = None, 0
        while cards is None or played < cards:
            match = self.get()
            if not match["deal_in_progress"] and played:
                break
            nxt = match["next"]
            if nxt["action"] == "bid":
                calls = nxt["legal_calls"]
                body = self.step(who, type="bid", call="pass" if "pass" in calls else calls[0])
                continue
            assert nxt["action"] == "card", nxt
            body = self.step(who, type="card", card=sorted(nxt["legal_cards"])[0])
            played += 1
        return body


# ------------------------------------------------------------------------------- Piquet
# Bill and Ann: Ann deals deal 1, so Bill is elder (Q1); the Q10 deal: Bill 11, Ann 41.

PIQUET = ["Bill", "Ann"]

Q10_SHEET: dict[str, Any] = {
    "point": {"elder": "point of five", "younger": "point of six"},
    "sequence": {"younger": "sixième"},
    "sets": {"elder": ["three aces"]},
    "tricks": {"elder": 5, "younger": 7},
    "play": {"elder": 8, "younger": 9},
}


def _sheet_of(record: dict[str, Any]) -> dict[str, Any]:
    return sheet_record_of(rule_deal(deal_from_record(record)))


def _q10_steps(table: Table, who: str = "write", deal: int | None = None) -> Any:
    """The Q10 deal step by step: dealt, exchange, Bill's declarations, every card with Ann's
    declarations before her first."""
    first = {"deal": deal} if deal is not None else {}
    table.step(who, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON, **first)
    table.step(who, type="exchange", **Q10_EXCHANGE)
    table.step(who, type="declaration", role="elder", **Q10_DECLARATIONS["elder"])
    body = None
    for k, card in enumerate(Q10_CARDS):
        if k == 1:
            table.step(who, type="declaration", role="younger", **Q10_DECLARATIONS["younger"])
        body = table.step(who, type="card", card=card)
    return body


def piquet_partie_settled_by_cards(table_of: Callable[..., Table]) -> Table:
    """A partie of six whole deals by their cards (Q10, then five more), stake 0.10 EUR: Ann
    wins and Bill, rubiconed, pays (Q9). Deal 6 confirmed by the shared phone."""
    table = table_of("piquet", PIQUET, stake="0.10", currency="EUR")
    for record in [Q10_RECORD] + [random_piquet_record(seed) for seed in (0, 1, 2, 3, 4)]:
        table.deal(record)
    table.post("/deals/6/confirm", {}, status=200)
    match = table.get()
    assert match["finished"] and match["settlement"]["amount"] == "35.20", match["settlement"]
    return table


def piquet_sheets_and_totals(table_of: Callable[..., Table]) -> Table:
    """Deals written as the score sheet writes them, and by their totals (the last resort):
    Q10's line (Bill 11, Ann 41), totals, a sheet of a whole deal, totals again."""
    table = table_of("piquet", PIQUET)
    assert table.deal({"sheet": Q10_SHEET})["scores"] == {"Bill": 11, "Ann": 41}
    table.deal({"totals": {"scores": {"elder": 30, "younger": 12}}})
    table.deal({"sheet": _sheet_of(random_piquet_record(1))})
    table.deal({"totals": {"scores": {"elder": 16, "younger": 29}}})
    return table


def piquet_card_by_card(table_of: Callable[..., Table]) -> Table:
    """Deal 1: Q10 step by step (dealt, exchange, declarations, every card). Deal 2 (Bill
    deals, Ann elder): dealt and exchanged, Ann announces her best and Bill nothing, and the
    cards of a whole random deal."""
    table = table_of("piquet", PIQUET)
    assert _q10_steps(table)["scored"]["scores"] == {"Bill": 11, "Ann": 41}
    record = random_piquet_record(2)
    table.step(type="deal_started", dealt=record["dealt"], talon=record["talon"])
    table.step(type="exchange", **record["exchange"])
    table.step(type="declaration", role="elder", announced="best")
    cards = [c for trick in record["tricks"] for c in trick]
    for k, card in enumerate(cards):
        if k == 1:
            table.step(type="declaration", role="younger", announced="none")
        table.step(type="card", card=card)
    assert table.get()["deals_played"] == 2
    return table


def piquet_irregularities(table_of: Callable[..., Table]) -> Table:
    """Irregularities recorded anyway (Q12): a misdeal (eleven cards: void, the same dealer
    deals afresh); Q10 with a revoke taken back (``revoke: replay``) and a talon offence by
    Ann (she reckons nothing); a long hand found (Ann, elder in deal 3, never played five
    diamonds); a false call (Bill calls a point of six); a whole record with a talon
    offence by the younger hand (Bill, in deal 5)."""
    table = table_of("piquet", PIQUET)
    short = {"elder": Q10_DEALT["elder"][:11], "younger": Q10_DEALT["younger"]}
    table.step(type="deal_started", dealt=short, anyway=True)  # deal 1: void
    # Deal 2, Ann deals again: Q10, Ann plays a club on Bill's ♠K holding spades.
    table.step(type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    table.step(type="exchange", **Q10_EXCHANGE)
    table.step(type="card", card="KS")
    table.step(type="card", card="KC", anyway=True)
    table.step(type="irregularity", what="talon_offence", player="Ann")
    table.step(type="declaration", role="younger", **Q10_DECLARATIONS["younger"])
    for card in Q10_CARDS[1:]:
        body = table.step(type="card", card=card)
    assert body["scored"]["scores"]["Ann"] == 0, body["scored"]
    # Deal 3, Bill deals, Ann elder: no hands dealt recorded; Ann is found with five diamonds.
    for card in Q10_CARDS[:20]:
        table.step(type="card", card=card)
    table.step(type="irregularity", what="long_hand", player="Ann",
               cards=["QD", "TD", "9D", "8D", "7D"])
    for card in Q10_CARDS[20:]:
        body = table.step(type="card", card=card)
    assert body["scored"]["scores"]["Ann"] == 0, body["scored"]
    # Deal 4, Ann deals, Bill elder: Bill calls a point of six he does not hold (PT 54).
    table.step(type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    table.step(type="exchange", **Q10_EXCHANGE)
    table.step(type="declaration", role="elder", point=6, anyway=True)
    for k, card in enumerate(Q10_CARDS):
        if k == 1:
            table.step(type="declaration", role="younger", **Q10_DECLARATIONS["younger"])
        body = table.step(type="card", card=card)
    # Deal 5, Bill deals, Ann elder: the whole Q10 record; Bill, the younger hand, took
    # talon cards out of turn.
    table.deal({**Q10_RECORD, "irregular": [{"code": "talon_offence", "location": "younger"}]})
    return table


def piquet_revoke_reckon_nothing(table_of: Callable[..., Table]) -> Table:
    """The option ``revoke: reckon_nothing``: Ann's revoke in trick 1 stays in the record and
    the deal is played out (Q12)."""
    table = table_of("piquet", PIQUET, revoke="reckon_nothing")
    table.step(type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    table.step(type="exchange", **Q10_EXCHANGE)
    table.step(type="card", card="KS")
    table.step(type="card", card="KC", anyway=True)
    table.play_on()
    assert table.get()["deals_played"] == 1
    return table


def piquet_deal_in_progress(table_of: Callable[..., Table]) -> Table:
    """Deal 1 whole (Q10); deal 2 (Bill deals, Ann elder) in progress: dealt, exchanged,
    Ann's declarations, five cards played."""
    table = table_of("piquet", PIQUET)
    table.deal(Q10_RECORD)
    record = random_piquet_record(5)
    table.step(type="deal_started", dealt=record["dealt"], talon=record["talon"])
    table.step(type="exchange", **record["exchange"])
    table.step(type="declaration", role="elder", announced="best")
    cards = [c for trick in record["tricks"] for c in trick]
    for k, card in enumerate(cards[:5]):
        if k == 1:
            table.step(type="declaration", role="younger", announced="best")
        table.step(type="card", card=card)
    assert table.get()["deal_in_progress"] is True
    return table


def piquet_seats_and_agreement(table_of: Callable[..., Table]) -> Table:
    """Seats issued and joined. Deal 1: Bill enters Q10's sheet, Ann confirms. Deal 2: Ann
    enters a sheet, Bill disputes it with his claim (totals), Ann enters the cards: ruled.
    Deal 3: Bill enters a deal by its cards, the shared phone amends it (Q10). Deal 4: Ann
    enters one, the shared phone voids it. Deal 5: Ann enters one, takes it back (undo) and
    enters it again; Bill disputes it with a sheet claim (left disputed)."""
    table = table_of("piquet", PIQUET)
    table.join()
    table.deal({"sheet": Q10_SHEET}, who="Bill")
    table.post("/deals/1/confirm", {}, who="Ann", status=200)
    second = random_piquet_record(6)
    entered = table.deal({"sheet": _sheet_of(second)}, who="Ann")
    elder, younger = entered["scores"]["Ann"], entered["scores"]["Bill"]
    table.post("/deals/2/dispute", {"reason": "I count 30 more", "claim": {
        "totals": {"scores": {"elder": elder, "younger": younger + 30}}}}, who="Bill",
        status=200)
    ruled = table.post("/deals/2/cards", second, who="Ann", status=201)
    assert ruled["agreement"] == "ruled"
    table.deal(random_piquet_record(7), who="Bill")
    table.post("/deals/3/amend", {"record": Q10_RECORD, "reason": "the wrong deal's cards"},
               status=200)
    table.deal(random_piquet_record(8), who="Ann")
    table.post("/deals/4/void", {"reason": "played at another table"}, status=200)
    fifth = random_piquet_record(9)
    table.deal(fifth, who="Ann")
    table.post("/undo", {}, who="Ann", status=200)
    entered = table.deal(fifth, who="Ann")
    table.post("/deals/5/dispute", {"reason": "my sixième was good", "claim": {
        "sheet": Q10_SHEET}}, who="Bill", status=200)
    assert table.get()["disputed"] == [5]
    return table


def piquet_corrections(table_of: Callable[..., Table]) -> Table:
    """One phone: deals by cards, an amendment, a void and its undo, a deal undone and
    entered again, the last card undone and played again."""
    table = table_of("piquet", PIQUET)
    table.deal(random_piquet_record(20))
    table.deal(random_piquet_record(21))
    table.post("/deals/1/amend", {"record": Q10_RECORD, "reason": "misread the sheet"},
               status=200)
    table.post("/deals/2/void", {"reason": "a card was missing"}, status=200)
    table.post("/undo", {"reason": "it was not"}, status=200)
    table.deal(random_piquet_record(22))
    table.post("/undo", {}, status=200)
    table.deal(random_piquet_record(23))
    body = _q10_steps_at(table, 4)
    assert body["scored"] is not None
    table.post("/undo", {"reason": "last card misread"}, status=200)
    table.step(type="card", card=Q10_CARDS[-1])
    assert table.get()["deals_played"] == 4
    return table


def _q10_steps_at(table: Table, number: int) -> Any:
    """Deal ``number`` played card by card with the Q10 roles' cards (no hands recorded)."""
    assert table.get()["deal_number"] == number
    body = None
    for card in Q10_CARDS:
        body = table.step(type="card", card=card)
    return body


def piquet_sheet_then_cards(table_of: Callable[..., Table]) -> Table:
    """Deal 1 entered as a sheet (Ann's sixième written as a quint: 40), then its cards:
    ruled 41, the sheet superseded. Deal 2 entered as totals, disputed by the shared phone
    and its cards entered step by step (``deal`` on the first step). Deal 3 entered as a
    sheet and left provisional."""
    table = table_of("piquet", PIQUET)
    table.deal({"sheet": {**Q10_SHEET, "sequence": {"younger": "quint"}}})
    ruled = table.post("/deals/1/cards", Q10_RECORD, status=201)
    assert ruled["scores"] == {"Bill": 11, "Ann": 41}
    record = random_piquet_record(11)
    table.deal({"totals": {"scores": {"elder": 20, "younger": 20}}})
    table.post("/deals/2/dispute", {"reason": "count again"}, status=200)
    table.step(type="deal_started", dealt=record["dealt"], talon=record["talon"], deal=2)
    table.step(type="exchange", **record["exchange"])
    for card in [c for trick in record["tricks"] for c in trick]:
        table.step(type="card", card=card)
    assert table.get()["disputed"] == []
    table.deal({"sheet": Q10_SHEET})
    return table


def piquet_new_match_with_seats(table_of: Callable[..., Table]) -> Table:
    """Seats issued and joined, nothing recorded: an undo is refused (nothing to undo)."""
    table = table_of("piquet", PIQUET, first_dealer="Bill")
    table.join()
    return table


# -------------------------------------------------------------------------------- Pitch
# Ann, Bob, Cid (seats 0, 1, 2); Ann deals first, the deal passes to the left (P2).


def pitch_whole_hands_by_cards(table_of: Callable[..., Table]) -> Table:
    """Three whole hands by their cards to 7: Bob set back twice, Cid pitches 3, makes four
    and wins (P7). The last hand confirmed by the shared phone."""
    table = table_of("pitch", PITCH_PLAYERS)
    table.deal({"bids": [2, "pass", "pass"], "tricks": BOB_SET_BACK_TRICKS,
                "hands": BOB_SET_BACK_HANDS})
    table.deal({"dealer": 1, "bids": ["pass", "pass", 2], "tricks": BOB_SET_BACK_TRICKS})
    table.deal({"dealer": 2, "bids": ["pass", "pass", 3], "tricks": CID_MAKES_FOUR_TRICKS})
    table.post("/deals/3/confirm", {}, status=200)
    assert table.get()["winner"] == "Cid"
    return table


def pitch_sheets_and_totals(table_of: Callable[..., Table]) -> Table:
    """Hands written as the score sheet writes them (pitcher and bid, or the bids; who took
    High, Low, Jack and Game) and by totals, to 7: Bob wins."""
    table = table_of("pitch", PITCH_PLAYERS, target=7)
    table.deal({"sheet": {"pitcher": 1, "bid": 2, "high": 1, "low": 1, "jack": None,
                          "game": 1}})
    table.deal({"totals": {"scores": [1, 0, 3], "pitcher": 2, "bid": 2}})
    table.deal({"sheet": {"bids": ["pass", 3, "pass"], "high": 1, "low": 1, "jack": 1,
                          "game": 1, "trump": "S"}})
    table.post("/deals/3/confirm", {}, status=200)
    assert table.get()["winner"] == "Bob"
    return table


def pitch_card_by_card(table_of: Callable[..., Table]) -> Table:
    """Hand 1 step by step with the hands dealt: Bob bids 2, set back (Ann 0, Bob −2, Cid 4).
    Hand 2 (Bob deals) by bids and cards only, no hands recorded."""
    table = table_of("pitch", PITCH_PLAYERS)
    table.step(type="deal_started", hands=BOB_SET_BACK_HANDS)
    table.step(type="bid", call=2, player="Bob")
    table.step(type="bid", call="pass")
    table.step(type="bid", call="pass")
    for card in PITCH_CARDS:
        body = table.step(type="card", card=card)
    assert body["scored"]["scores"] == {"Ann": 0, "Bob": -2, "Cid": 4}
    for call in ("pass", "pass", 2):
        table.step(type="bid", call=call)
    for card in PITCH_CARDS:
        body = table.step(type="card", card=card)
    assert table.get()["deals_played"] == 2
    return table


def pitch_irregularities(table_of: Callable[..., Table]) -> Table:
    """Hand 1: Ann revokes (P4) and it is recorded anyway: set back the bid (P10). Hand 2
    (Bob deals): Ann bids out of turn (cancelled), Ann exposes a card in trick 2. Hand 3
    (Cid deals): a long hand found in play, a new deal. Hand 4: a misdeal dealt anyway (a
    short hand)."""
    table = table_of("pitch", PITCH_PLAYERS)
    table.step(type="deal_started", hands=BOB_SET_BACK_HANDS)
    for call in (2, "pass", "pass"):
        table.step(type="bid", call=call)
    table.step(type="card", card="KH")
    table.step(type="card", card="AH")
    table.step(type="card", card="9S", anyway=True)
    for card in ["JH", "2H", "5H", "TS", "6S", "8S", "TD", "9D", "8D", "TC", "9C", "8C",
                 "7S", "3H", "5S"]:
        body = table.step(type="card", card=card)
    assert body["scored"]["scores"] == {"Ann": -2, "Bob": 0, "Cid": 4}
    # Hand 2: Cid is to bid first; Ann bids 3 out of turn.
    hands = [BOB_SET_BACK_HANDS[1], BOB_SET_BACK_HANDS[2], BOB_SET_BACK_HANDS[0]]
    table.step(type="deal_started", hands=hands)
    table.step(type="bid", call=3, player="Ann", anyway=True)
    table.play_on(cards=4)
    table.step(type="irregularity", what="exposed_card", player="Ann")
    table.play_on()
    # Hand 3: Cid deals; a long hand is found in play after two cards.
    table.step(type="deal_started", hands=[BOB_SET_BACK_HANDS[2], BOB_SET_BACK_HANDS[0],
                                           BOB_SET_BACK_HANDS[1]])
    table.play_on(cards=2)
    table.step(type="irregularity", what="long_hand", player="Bob")
    # Hand 4: dealt anyway with a short hand: a misdeal.
    short = [BOB_SET_BACK_HANDS[0][:5], *BOB_SET_BACK_HANDS[1:]]
    table.step(type="deal_started", hands=short, anyway=True)
    return table


def pitch_card_out_of_turn(table_of: Callable[..., Table]) -> Table:
    """A card out of turn taken back (``withdrawn``), a card not held voiding the hand
    (``other: void``), its hand dealt again and played out."""
    table = table_of("pitch", PITCH_PLAYERS)
    table.step(type="deal_started", hands=BOB_SET_BACK_HANDS)
    for call in (2, "pass", "pass"):
        table.step(type="bid", call=call)
    table.step(type="card", card="KH")
    table.step(type="card", card="AH")
    table.step(type="card", card="5H", player="Bob", anyway=True)
    table.step(type="card", card="QH", anyway=True)
    assert table.get()["deals_played"] == 0
    table.step(type="deal_started", hands=BOB_SET_BACK_HANDS)
    for call in (2, "pass", "pass"):
        table.step(type="bid", call=call)
    for card in PITCH_CARDS:
        table.step(type="card", card=card)
    return table


def pitch_dispute_ruled_by_cards(table_of: Callable[..., Table]) -> Table:
    """Seats joined. Hand 1: Bob writes High as his (Bob −2, Cid 3), Cid disputes with his
    claim (all four), Ann enters the cards: ruled, Cid 4. Hand 2: Cid enters totals, Ann
    confirms. Hand 3: Ann enters a sheet, Bob disputes without a claim (left disputed). To
    11."""
    table = table_of("pitch", PITCH_PLAYERS, target=11)
    table.join()
    table.deal({"sheet": {"pitcher": 1, "bid": 2, "high": 1, "low": 2, "jack": 2,
                          "game": 2}}, who="Bob")
    table.post("/deals/1/dispute", {"reason": "I took High with the ace", "claim": {
        "sheet": {"pitcher": 1, "bid": 2, "high": 2, "low": 2, "jack": 2, "game": 2}}},
        who="Cid", status=200)
    table.post("/deals/1/cards", {"bids": [2, "pass", "pass"], "tricks": BOB_SET_BACK_TRICKS,
                                  "hands": BOB_SET_BACK_HANDS}, who="Ann", status=201)
    table.deal({"totals": {"scores": [1, 0, 3], "pitcher": 2, "bid": 2}}, who="Cid")
    table.post("/deals/2/confirm", {}, who="Ann", status=200)
    table.deal({"sheet": {"pitcher": 0, "bid": 3, "high": 0, "low": 0, "jack": 2,
                          "game": 0}}, who="Ann")
    table.post("/deals/3/dispute", {"reason": "Game was mine"}, who="Bob", status=200)
    return table


def pitch_totals_then_cards_step_by_step(table_of: Callable[..., Table]) -> Table:
    """Seats joined. Bob enters hand 1 as totals (Bob 2), Cid disputes, and Cid enters its
    bids and cards step by step (``deal: 1`` on the first): ruled, Bob set back."""
    table = table_of("pitch", PITCH_PLAYERS)
    table.join()
    table.deal({"totals": {"scores": [0, 2, 0], "pitcher": 1, "bid": 2}}, who="Bob")
    table.post("/deals/1/dispute", {"reason": "Bob was set"}, who="Cid", status=200)
    table.step("Cid", type="bid", call=2, deal=1)
    table.step("Cid", type="bid", call="pass")
    table.step("Cid", type="bid", call="pass")
    for card in PITCH_CARDS:
        table.step("Cid", type="card", card=card)
    assert table.get()["disputed"] == []
    return table


def pitch_partnership_seats(table_of: Callable[..., Table]) -> Table:
    """Partnership (Ann & Cid against Bob & Dee), Dee deals first, seats joined: Bob enters
    the hand (Ann & Cid 2, Bob & Dee −3) and Cid confirms; hand 2 by a sheet from Ann,
    disputed by Dee with a claim; the dispute left open."""
    four = ["Ann", "Bob", "Cid", "Dee"]
    table = table_of("pitch", four, partnership=True, first_dealer="Dee")
    table.join()
    table.deal({"dealer": 3, "bids": FOUR_BIDS, "tricks": FOUR_TRICKS, "hands": FOUR_HANDS},
               who="Bob")
    table.post("/deals/1/confirm", {}, who="Cid", status=200)
    sheet = {"pitcher": 2, "bid": 2, "high": 0, "low": 2, "jack": 1, "game": 0}
    table.deal({"sheet": sheet}, who="Ann")
    table.post("/deals/2/dispute", {"reason": "we took the jack", "claim": {
        "sheet": {**sheet, "jack": 3}}}, who="Dee", status=200)
    return table


def pitch_hand_in_progress(table_of: Callable[..., Table]) -> Table:
    """Hand 1 whole; hand 2 (Bob deals) in progress: dealt, bid, four cards played."""
    table = table_of("pitch", PITCH_PLAYERS)
    table.deal({"bids": [2, "pass", "pass"], "tricks": BOB_SET_BACK_TRICKS,
                "hands": BOB_SET_BACK_HANDS})
    hands = [BOB_SET_BACK_HANDS[2], BOB_SET_BACK_HANDS[0], BOB_SET_BACK_HANDS[1]]
    table.step(type="deal_started", hands=hands)
    table.step(type="bid", call=2)
    table.step(type="bid", call="pass")
    table.step(type="bid", call="pass")
    table.play_on(cards=4)
    assert table.get()["deal_in_progress"] is True
    return table


SCENARIOS: dict[str, Callable[[Callable[..., Table]], Table]] = {
    "piquet-partie-settled-by-cards": piquet_partie_settled_by_cards,
    "piquet-sheets-and-totals": piquet_sheets_and_totals,
    "piquet-card-by-card": piquet_card_by_card,
    "piquet-irregularities": piquet_irregularities,
    "piquet-revoke-reckon-nothing": piquet_revoke_reckon_nothing,
    "piquet-deal-in-progress": piquet_deal_in_progress,
    "piquet-seats-and-agreement": piquet_seats_and_agreement,
    "piquet-corrections": piquet_corrections,
    "piquet-sheet-then-cards": piquet_sheet_then_cards,
    "piquet-new-match-with-seats": piquet_new_match_with_seats,
    "pitch-whole-hands-by-cards": pitch_whole_hands_by_cards,
    "pitch-sheets-and-totals": pitch_sheets_and_totals,
    "pitch-card-by-card": pitch_card_by_card,
    "pitch-irregularities": pitch_irregularities,
    "pitch-card-out-of-turn": pitch_card_out_of_turn,
    "pitch-dispute-ruled-by-cards": pitch_dispute_ruled_by_cards,
    "pitch-totals-then-cards-step-by-step": pitch_totals_then_cards_step_by_step,
    "pitch-partnership-seats": pitch_partnership_seats,
    "pitch-hand-in-progress": pitch_hand_in_progress,
}


# ------------------------------------------------------------------------------ dumping


def stored_rows(app: Flask, table: str, where: str, value: str, order: str) -> list[dict]:
    """Every column of ``table``'s rows where ``where`` = ``value``, as the database returns
    them (SQLite: datetimes as their stored text)."""
    db = app.extensions["referee.db"]
    with db.connection_context():
        cursor = db.execute_sql(
            f'SELECT * FROM "{table}" WHERE "{where}" = ? ORDER BY "{order}"', (value,))
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def applied_migrations(app: Flask) -> list[str]:
    """The migrations the recording database had, in order."""
    db = app.extensions["referee.db"]
    with db.connection_context():
        rows = db.execute_sql('SELECT "name" FROM "schema_migration" ORDER BY "name"')
        return [row[0] for row in rows.fetchall()]


def read_all(client: FlaskClient, match_id: str, write: str, path: str) -> list[dict]:
    """Every item of a cursor-paginated read (``/ledger`` or ``/log``)."""
    items: list[dict] = []
    cursor = None
    while True:
        query: dict[str, Any] = {"limit": 100}
        if cursor is not None:
            query["cursor"] = cursor
        response = client.get(f"/v1/matches/{match_id}{path}", query_string=query,
                              headers=_bearer(write))
        assert response.status_code == 200, response.json
        items += response.json["items"]
        cursor = response.json["next_cursor"]
        if cursor is None:
            return items


def expected_of(client: FlaskClient, match_id: str, write: str) -> dict[str, Any]:
    """What the API answers about the match now (the facts of :mod:`tests.corpus.facts`)."""
    headers = _bearer(write)
    match = client.get(f"/v1/matches/{match_id}", headers=headers)
    assert match.status_code == 200, match.json
    csv_text = client.get(f"/v1/matches/{match_id}/ledger.csv", headers=headers)
    assert csv_text.status_code == 200
    verify = client.get(f"/v1/matches/{match_id}/verify", headers=headers)
    assert verify.status_code == 200 and verify.json["intact"], verify.json
    return {
        "match": match_facts(match.json),
        "ledger": ledger_facts(read_all(client, match_id, write, "/ledger")),
        "csv": csv_facts(csv_text.get_data(as_text=True)),
        "verify": verify_facts(verify.json),
    }


def undo_of(client: FlaskClient, match_id: str, write: str) -> dict[str, Any]:
    """One undo by the shared phone (If-Match of the current version): its status, and the
    seqs it took back with the facts it leaves — or the refusal's code."""
    headers = _bearer(write)
    etag = client.get(f"/v1/matches/{match_id}", headers=headers).headers["ETag"]
    response = client.post(f"/v1/matches/{match_id}/undo", json={},
                           headers={**headers, "If-Match": etag})
    if response.status_code != 200:
        return {"status": response.status_code,
                "codes": [v["code"] for v in response.json.get("violations", [])]}
    last = read_all(client, match_id, write, "/log")[-1]
    assert last["kind"] == "undo", last
    verify = client.get(f"/v1/matches/{match_id}/verify", headers=headers).json
    assert verify["intact"], verify
    return {"status": 200, "voids": last["payload"]["voids"],
            "match": after_undo_facts(response.json), "verify": verify_facts(verify)}


def record(name: str, scenario: Callable[[Callable[..., Table]], Table], recorded_by: str,
           commit: str) -> dict[str, Any]:
    """Run one scenario on a fresh database and return its corpus file's content."""
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'referee.db'}"
        db = make_database(url)
        with db.connection_context():
            upgrade(db)
        db.close_all()
        app = create_app({"TESTING": True, "DATABASE_URL": url,
                          "REFEREE_LEDGER_KEY": CORPUS_KEY})
        folds.FOLDS.clear()
        client = app.test_client()
        tables: list[Table] = []

        def table_of(game: str, players: list[str], **options: Any) -> Table:
            tables.append(Table(client, game, players, **options))
            return tables[-1]

        table = scenario(table_of)
        assert len(tables) == 1, "one match per scenario"
        content = {
            "scenario": name,
            "description": " ".join((scenario.__doc__ or "").split()),
            "recorded_by": recorded_by,
            "commit": commit,
            "referee_version": __version__,
            "rules_version": RULES_VERSION,
            "ledger_key": CORPUS_KEY,
            "schema": applied_migrations(app),
            "match": stored_rows(app, "match", "id", table.id, "id")[0],
            "events": stored_rows(app, "event", "match_id", table.id, "seq"),
            "expected": expected_of(client, table.id, table.write),
        }
        content["expected"]["undo"] = undo_of(client, table.id, table.write)
        app.extensions["referee.db"].close_all()
        return content


def _git_commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], check=True,
                              capture_output=True, text=True, cwd=CORPUS_DIR).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    """Record every scenario (or those named) into ``--out``; refuses to write a file that
    exists: a recorded corpus is never regenerated."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=CORPUS_DIR / "v1",
                        help="the folder of this version's recordings (a new one)")
    parser.add_argument("--recorded-by", default=None,
                        help='who recorded it, e.g. "main 107dae6" (default: "main <HEAD>")')
    parser.add_argument("scenarios", nargs="*", help="only these (default: all)")
    args = parser.parse_args(argv)
    commit = _git_commit()
    recorded_by = args.recorded_by or f"main {commit}"
    names = args.scenarios or list(SCENARIOS)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in names:
        path = args.out / f"{name}.json"
        if path.exists():
            print(f"{path}: already recorded, never written again (record into a new folder)",
                  file=sys.stderr)
            return 1
    for name in names:
        content = record(name, SCENARIOS[name], recorded_by, commit)
        path = args.out / f"{name}.json"
        path.write_text(json.dumps(content, indent=1, ensure_ascii=False) + "\n", "utf-8")
        print(f"{path}: {len(content['events'])} events, "
              f"undo {content['expected']['undo']['status']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
