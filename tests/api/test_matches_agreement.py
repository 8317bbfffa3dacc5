"""Seats and agreement over HTTP: seat credentials, who may confirm or dispute a
deal, the state machine of a deal (provisional → confirmed | disputed → ruled), the
auto-confirm option, and the settlement withheld while a deal is disputed.

Piquet between Bill and Ann (Ann deals deal 1, Bill is elder); the deals are written out in
tests/api/deals.py (the Q10 deal: Bill 11, Ann 41).
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from referee.match.events import Event as LedgerEvent
from referee.match.games import GAMES
from referee.match.state import replay
from referee.store.models import Event
from tests.api.deals import (
    Q10_DEALT,
    Q10_DECLARATIONS,
    Q10_EXCHANGE,
    Q10_RECORD,
    Q10_TALON,
    Q10_TRICKS,
    random_piquet_record,
)

PLAYERS = ["Bill", "Ann"]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Table:
    """A match and the phones at its table: the shared write token, the read token, seats."""

    def __init__(self, client: FlaskClient, game: str = "piquet",
                 players: list[str] | None = None, **options: Any) -> None:
        self.client = client
        created = client.post("/v1/matches", json={"game": game, "players": players or PLAYERS,
                                                   "options": options})
        assert created.status_code == 201, created.json
        self.id: str = created.json["id"]
        self.write: str = created.json["tokens"]["write"]
        self.read: str = created.json["tokens"]["read"]
        self.seats: dict[str, str] = {}

    def url(self, path: str = "") -> str:
        return f"/v1/matches/{self.id}{path}"

    def token(self, who: str) -> str:
        return {"write": self.write, "read": self.read}.get(who) or self.seats[who]

    def get(self, path: str = "", who: str = "write") -> Any:
        response = self.client.get(self.url(path), headers=bearer(self.token(who)))
        assert response.status_code == 200, response.json
        return response.json

    def post(self, path: str, body: dict[str, Any], who: str = "write") -> Any:
        """POST as ``who`` ("write", "read" or a player's seat), with the current ETag."""
        etag = self.client.get(self.url(), headers=bearer(self.write)).headers["ETag"]
        return self.client.post(self.url(path), json=body,
                                headers={**bearer(self.token(who)), "If-Match": etag})

    def issue(self, players: list[str] | None = None) -> Any:
        """The shared phone issues seat credentials (QR codes shown, not yet scanned)."""
        body = {"players": players} if players else {}
        response = self.post("/seats", body)
        assert response.status_code == 201, response.json
        for seat in response.json["seats"]:
            self.seats[seat["player"]] = seat["token"]
        return response.json

    def take_up(self, player: str) -> Any:
        """The seat's phone opens its link and takes the seat up (``POST …/me:join``)."""
        response = self.post("/me:join", {}, who=player)
        assert response.status_code == 200, response.json
        return response.json

    def join(self, players: list[str] | None = None) -> Any:
        """Seats issued and each taken up on its phone."""
        issued = self.issue(players)
        for seat in issued["seats"]:
            self.take_up(seat["player"])
        return issued

    def deal(self, record: dict[str, Any], who: str = "write") -> Any:
        response = self.post("/deals", record, who)
        assert response.status_code == 201, response.json
        return response.json

    def ledger_item(self, number: int) -> dict[str, Any]:
        items = self.get("/ledger")["items"]
        return next(i for i in items if i["deal"] == number)


# ----------------------------------------------------------------------------------- seats


def test_seats_get_one_credential_each_and_rotating_one_replaces_it(client: FlaskClient) -> None:
    table = Table(client)
    joined = table.join()
    assert [s["player"] for s in joined["seats"]] == PLAYERS
    for seat in joined["seats"]:
        assert seat["token"].startswith("st_")
        assert seat["link"] == f"/table/#match={table.id}&token={seat['token']}"
    assert joined["match"]["seats"] == PLAYERS
    assert table.get()["joined"] == PLAYERS
    assert table.get()["auto_confirm_on"] is False  # "auto": off once seats joined
    assert table.get(who="Ann")["id"] == table.id  # a seat reads
    old_ann = table.seats["Ann"]
    table.issue(["Ann"])  # a new credential for Ann (her phone was lost)
    assert table.seats["Ann"] != old_ann
    stale = client.get(table.url(), headers=bearer(old_ann))
    assert stale.status_code == 401
    assert table.get(who="Bill")["id"] == table.id  # Bill's seat is untouched
    # Only the write token makes seats; a seat or the read token cannot.
    assert table.post("/seats", {}, who="Bill").status_code == 403
    assert table.post("/seats", {}, who="read").status_code == 403
    # Nobody else can get a seat.
    refused = table.post("/seats", {"players": ["Zoe"]})
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "not_a_player"
    # The ledger says seats joined; it never holds a token.
    log = table.get("/log")["items"]
    assert [e["kind"] for e in log].count("seats_issued") == 2
    # Ann's new credential waits for its phone; Bill's seat stays joined.
    assert table.get()["joined"] == ["Bill"]
    tokens = [old_ann, *table.seats.values()]
    assert all(t not in str(e["payload"]) for e in log for t in tokens)


def test_a_seat_records_confirms_and_disputes_but_cannot_correct(client: FlaskClient) -> None:
    table = Table(client)
    table.join()
    body = table.deal(Q10_RECORD, who="Bill")
    assert body["scores"] == {"Bill": 11, "Ann": 41}
    assert (body["level"], body["agreement"], body["entered_by"]) == (
        "cards", "provisional", "seat:Bill")
    assert body["ruling"]["level"] == "cards"
    assert body["match"]["provisional"] == [1]
    # Corrections and tokens stay with the write token.
    assert table.post("/deals/1/void", {"reason": "x"}, who="Ann").status_code == 403
    assert table.post("/tokens", {"which": "read"}, who="Ann").status_code == 403
    # Every entry records who made it.
    log = table.get("/log")["items"]
    scored = next(e for e in log if e["kind"] == "deal_scored")
    assert scored["payload"]["entered_by"] == "seat:Bill"
    assert scored["actor"] == "seat:Bill"


# -------------------------------------------------------------------- the state machine


def test_provisional_until_the_other_side_confirms(client: FlaskClient) -> None:
    table = Table(client)
    table.join()
    table.deal(Q10_RECORD, who="Bill")
    # Each phone is told what it may confirm.
    assert table.get("/me", who="Ann") == {"kind": "seat", "player": "Ann", "joined": True,
                                           "to_confirm": [1]}
    assert table.get("/me", who="Bill")["to_confirm"] == []
    assert table.get("/me", who="read") == {"kind": "read", "player": None, "joined": False,
                                            "to_confirm": []}
    assert table.get("/me")["to_confirm"] == []  # seats joined: not the shared phone
    before = Event.select().where(Event.match == table.id).count()
    own = table.post("/deals/1/confirm", {}, who="Bill")
    assert own.status_code == 422
    assert own.json["violations"][0]["code"] == "not_the_other_side"
    assert table.post("/deals/1/confirm", {}, who="read").status_code == 403
    shared = table.post("/deals/1/confirm", {})  # seats have joined: not the shared token
    assert shared.status_code == 422
    assert Event.select().where(Event.match == table.id).count() == before
    confirmed = table.post("/deals/1/confirm", {}, who="Ann")
    assert confirmed.status_code == 200, confirmed.json
    assert (confirmed.json["agreement"], confirmed.json["agreed_by"]) == ("confirmed", "seat:Ann")
    assert confirmed.json["match"]["provisional"] == []
    standing = {s["name"]: s["agreed"] for s in confirmed.json["match"]["standings"]}
    assert standing == {"Bill": 11, "Ann": 41}
    again = table.post("/deals/1/confirm", {}, who="Ann")
    assert again.status_code == 422
    assert again.json["violations"][0]["code"] == "not_provisional"
    item = table.ledger_item(1)
    assert (item["agreement"], item["entered_by"], item["agreed_by"]) == (
        "confirmed", "seat:Bill", "seat:Ann")


def test_disputed_then_ruled_by_its_cards(client: FlaskClient) -> None:
    table = Table(client)
    table.join()
    table.deal(Q10_RECORD, who="Bill")
    assert table.post("/deals/1/dispute", {"reason": "x"}, who="Bill").status_code == 422
    disputed = table.post("/deals/1/dispute", {"reason": "I count my point good"}, who="Ann")
    assert disputed.status_code == 200, disputed.json
    assert disputed.json["agreement"] == "disputed"
    assert disputed.json["match"]["disputed"] == [1]
    # A disputed deal is not confirmed by the other side's say-so.
    assert table.post("/deals/1/confirm", {}, who="Bill").status_code == 422
    item = table.ledger_item(1)
    assert item["agreement"] == "disputed"
    assert item["claims"][0]["reason"] == "I count my point good"
    assert item["claims"][0]["side"] == "Ann"
    # The referee decides: either side enters the cards.
    ruled = table.post("/deals/1/cards", Q10_RECORD, who="Ann")
    assert ruled.status_code == 201, ruled.json
    assert (ruled.json["agreement"], ruled.json["level"]) == ("ruled", "cards")
    assert ruled.json["scores"] == {"Bill": 11, "Ann": 41}
    assert ruled.json["match"]["disputed"] == []
    # Bill's entry (cards) is his side's claim; it agrees with the ruling.
    bill = next(c for c in ruled.json["claims"] if c["side"] == "Bill")
    assert bill["comparison"]["agrees"] is True
    item = table.ledger_item(1)
    assert item["agreement"] == "ruled"
    assert item["superseded"][0]["entered_by"] == "seat:Bill"
    # A ruled deal cannot be disputed again; an amendment corrects it.
    again = table.post("/deals/1/dispute", {"reason": "still"}, who="Bill")
    assert again.status_code == 422
    assert again.json["violations"][0]["code"] == "already_ruled"


def test_cards_of_a_deal_entered_with_cards_and_not_disputed_are_refused(
    client: FlaskClient,
) -> None:
    table = Table(client)
    table.deal(Q10_RECORD)
    refused = table.post("/deals/1/cards", Q10_RECORD)
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "already_cards"
    missing = table.post("/deals/2/cards", Q10_RECORD)
    assert missing.status_code == 422
    assert missing.json["violations"][0]["code"] == "no_such_deal"


def test_the_shared_write_token_confirms_only_while_no_seat_has_joined(
    client: FlaskClient,
) -> None:
    table = Table(client)
    body = table.deal(Q10_RECORD)
    assert body["entered_by"] == "write token"
    confirmed = table.post("/deals/1/confirm", {})
    assert confirmed.status_code == 200, confirmed.json
    assert confirmed.json["agreed_by"] == "write token"
    # Once seats joined, a deal the shared phone entered is confirmed by any seat.
    table.join()
    table.deal(random_piquet_record(1))
    assert table.post("/deals/2/confirm", {}).status_code == 422
    assert table.post("/deals/2/confirm", {}, who="Bill").status_code == 200


def test_undo_takes_back_a_dispute(client: FlaskClient) -> None:
    table = Table(client)
    table.join()
    table.deal(Q10_RECORD, who="Bill")
    table.post("/deals/1/dispute", {"reason": "slip"}, who="Ann")
    undone = table.post("/undo", {"reason": "my mistake"}, who="Ann")
    assert undone.status_code == 200, undone.json
    assert undone.json["disputed"] == [] and undone.json["provisional"] == [1]


# -------------------------------------------------------------------------- auto-confirm


def test_auto_confirm_by_default_while_one_phone_records_for_everyone(
    client: FlaskClient,
) -> None:
    table = Table(client)
    table.deal(Q10_RECORD)
    assert table.ledger_item(1)["agreement"] == "provisional"
    body = table.deal(random_piquet_record(1))
    assert table.ledger_item(1)["agreement"] == "confirmed"
    assert table.ledger_item(1)["agreed_by"] == "auto"
    assert body["match"]["provisional"] == [2]


def test_auto_confirm_is_off_once_seats_joined(client: FlaskClient) -> None:
    table = Table(client)
    table.join()
    table.deal(Q10_RECORD, who="Bill")
    table.deal(random_piquet_record(1), who="Bill")
    assert table.get()["provisional"] == [1, 2]


def test_a_seat_joins_when_its_phone_takes_it_up_not_when_issued(client: FlaskClient) -> None:
    table = Table(client)
    issued = table.issue()
    assert issued["match"]["seats"] == PLAYERS and issued["match"]["joined"] == []
    assert issued["match"]["auto_confirm_on"] is True  # QR codes shown, nobody scanned
    assert table.get("/me", who="Ann")["joined"] is False
    # The shared phone goes on alone: deal 1 confirms when deal 2 starts.
    table.deal(Q10_RECORD)
    table.deal(random_piquet_record(1))
    assert table.ledger_item(1)["agreed_by"] == "auto"
    # Nothing waits for the shared phone: deal 2 confirms itself as the next deal starts.
    assert table.get()["provisional"] == [2] and table.get("/me")["to_confirm"] == []
    # Ann scans her code: her seat joins, once.
    joined = table.take_up("Ann")
    assert joined["kind"] == "seat" and joined["player"] == "Ann" and joined["joined"] is True
    assert joined["match"]["joined"] == ["Ann"] and joined["match"]["auto_confirm_on"] is False
    again = table.take_up("Ann")
    assert again["match"]["version"] == joined["match"]["version"]  # nothing written
    assert table.get("/me", who="Ann")["joined"] is True
    assert [e["kind"] for e in table.get("/log")["items"]].count("seat_joined") == 1
    # From then on deals wait for the other side.
    table.deal(random_piquet_record(2))
    assert table.get()["provisional"] == [2, 3]
    assert table.get("/me")["to_confirm"] == []
    assert table.post("/deals/2/confirm", {}, who="Ann").status_code == 200


def test_joining_needs_a_seat_credential_and_if_match(
    client: FlaskClient, bare_client: FlaskClient
) -> None:
    table = Table(client)
    table.issue(["Ann"])
    assert table.post("/me:join", {}).json["violations"][0]["code"] == "not_a_seat"
    assert table.post("/me:join", {}, who="read").status_code == 403
    ann = bearer(table.seats["Ann"])
    unguarded = bare_client.post(table.url("/me:join"), json={}, headers=ann)
    assert unguarded.status_code == 428
    stale = client.post(table.url("/me:join"), json={}, headers={**ann, "If-Match": '"v1"'})
    assert stale.status_code == 412
    assert table.get()["joined"] == []
    # A join cannot be recorded twice: whatever the version (If-Match: *), it is taken.
    anyway = client.post(table.url("/me:join"), json={}, headers={**ann, "If-Match": "*"})
    assert anyway.status_code == 200, anyway.json
    assert table.get()["joined"] == ["Ann"]


def test_a_seat_first_write_takes_it_up(client: FlaskClient) -> None:
    table = Table(client)
    table.issue()
    table.deal(Q10_RECORD, who="Bill")  # Bill's phone records without joining first
    assert table.get()["joined"] == ["Bill"]
    table.deal(random_piquet_record(1), who="Bill")
    assert table.get()["provisional"] == [1, 2]


def test_seats_issued_in_an_older_ledger_count_as_joined() -> None:
    events = [
        LedgerEvent(1, "match_created", {"game": "piquet", "players": PLAYERS,
                                   "options": {"auto_confirm": "auto", "lead_point": "every",
                                               "cards_count_for_pique": True,
                                               "first_dealer": "Bill"},
                                   "rules_version": "1"}),
        LedgerEvent(2, "seats_issued", {"players": PLAYERS}),
    ]
    state = replay(events, GAMES)
    assert state.joined == tuple(PLAYERS) and state.auto_confirm is False
    fresh = replay([events[0], LedgerEvent(2, "seats_issued", {"players": PLAYERS,
                                                          "joined": False})], GAMES)
    assert fresh.joined == () and fresh.auto_confirm is True


def test_auto_confirm_option_true_and_false(client: FlaskClient) -> None:
    always = Table(client, auto_confirm=True)
    always.join()
    always.deal(Q10_RECORD, who="Bill")
    always.deal(random_piquet_record(1), who="Ann")
    assert always.get()["provisional"] == [2]
    never = Table(client, auto_confirm=False)
    never.deal(Q10_RECORD)
    never.deal(random_piquet_record(1))
    assert never.get()["provisional"] == [1, 2]
    assert never.get()["options"]["auto_confirm"] is False
    bad = client.post("/v1/matches", json={"game": "piquet", "players": PLAYERS,
                                           "options": {"auto_confirm": "sometimes"}})
    assert bad.status_code == 400


def test_a_started_deal_confirms_the_ones_before_it(client: FlaskClient) -> None:
    table = Table(client)
    table.deal(Q10_RECORD)
    started = table.post("/events", {"type": "deal_started"})
    assert started.status_code == 201, started.json
    assert started.json["match"]["provisional"] == []


# ------------------------------------------------------------------------- settlement


def test_settlement_is_withheld_while_a_deal_is_disputed(client: FlaskClient) -> None:
    table = Table(client, stake="0.10")
    table.join()
    records = [Q10_RECORD] + [random_piquet_record(seed) for seed in (0, 1, 2, 3, 4)]
    for k, record in enumerate(records):
        table.deal(record, who="Bill" if k % 2 == 0 else "Ann")
    assert table.post("/deals/3/dispute", {"reason": "wrong count"}, who="Ann").status_code \
        == 200
    match = table.get()
    assert match["finished"] is True
    assert match["settlement"] is None and match["winner"] is None
    assert "Deal 3 is disputed" in match["settlement_withheld"]
    ruled = table.post("/deals/3/cards", records[2], who="Bill")
    assert ruled.status_code == 201, ruled.json
    match = ruled.json["match"]
    assert match["settlement_withheld"] is None
    assert match["settlement"]["winner"] == "Ann"  # as in test_matches_piquet (77 vs 175)
    assert match["settlement"]["payment"] == 77 + 175 + 100
    # Shown, but marked: the deals nobody confirmed yet (seats joined: no auto-confirm).
    assert match["settlement"]["provisional_deals"] == [1, 2, 4, 5, 6]


# ------------------------------------------------------------------ declarations (10.5)


def test_declarations_none_best_or_as_announced_are_explicit(client: FlaskClient) -> None:
    announced = Table(client).deal(Q10_RECORD)["ruling"]
    assert announced["declarations_used"] == {"elder": "as_announced",
                                              "younger": "as_announced"}
    silent = {k: v for k, v in Q10_RECORD.items() if k != "declarations"}
    best = Table(client).deal(silent)["ruling"]
    assert best["declarations_used"] == {"elder": "best", "younger": "best"}
    explicit_best = Table(client).deal({**silent, "declarations": "best"})
    assert explicit_best["scores"] == Table(client).deal(silent)["scores"]
    none = Table(client).deal({**silent, "declarations": "none"})
    assert none["ruling"]["declarations_used"] == {"elder": "none", "younger": "none"}
    # Nothing declared: Bill's trio of aces and Ann's point and sixième score nothing.
    assert none["scores"] != {"Bill": 11, "Ann": 41}
    assert none["ruling"]["declarations"]["point"]["winner"] is None
    mixed = Table(client).deal(
        {**silent, "declarations": {"elder": "none", "younger": Q10_RECORD["declarations"]
                                    ["younger"]}})
    assert mixed["ruling"]["declarations_used"] == {"elder": "none", "younger": "as_announced"}


def test_next_names_the_exchange_and_declarations_before_the_first_card(
    client: FlaskClient,
) -> None:
    table = Table(client)
    nxt = table.get()["next"]
    assert nxt["action"] == "card" and nxt["player"] == "Bill"
    assert nxt["also"] == [
        {"type": "exchange"},
        {"type": "declaration", "role": "elder", "player": "Bill"},
        {"type": "declaration", "role": "younger", "player": "Ann"},
    ]
    step = table.post("/events", {"type": "declaration", "role": "elder", "announced": "best"})
    assert step.status_code == 201, step.json
    assert step.json["match"]["next"]["also"] == [
        {"type": "exchange"}, {"type": "declaration", "role": "younger", "player": "Ann"}]


def test_a_disputed_deal_ruled_by_its_cards_step_by_step(client: FlaskClient) -> None:
    table = Table(client)
    table.join()
    table.deal(Q10_RECORD, who="Bill")
    table.deal(random_piquet_record(1), who="Ann")
    assert table.post("/deals/1/dispute", {"reason": "count again"}, who="Ann").status_code \
        == 200

    def step(who: str, **body: Any) -> Any:
        response = table.post("/events", {**body, "deal": 1}, who=who)
        assert response.status_code == 201, (body, response.json)
        return response.json

    step("Ann", type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    match = table.get()
    assert match["deal_in_progress"] is True and match["deal_number"] == 1
    # Not while another deal's cards are being entered.
    other = table.post("/events", {"type": "card", "card": "AS", "deal": 2}, who="Ann")
    assert other.status_code == 422
    step("Ann", type="exchange", **Q10_EXCHANGE)
    step("Ann", type="declaration", role="elder", **Q10_DECLARATIONS["elder"])
    body: dict[str, Any] = {}
    for k, card in enumerate(c for trick in Q10_TRICKS for c in trick):
        if k == 1:
            step("Ann", type="declaration", role="younger", **Q10_DECLARATIONS["younger"])
        body = step("Ann", type="card", card=card)
    kinds = [e["kind"] for e in body["events"]]
    assert kinds == ["card", "deal_cards_recorded", "deal_scored"]
    match = body["match"]
    assert match["deal_in_progress"] is False and match["disputed"] == []
    assert match["deal_number"] == 3  # the next deal is still deal 3
    item = table.ledger_item(1)
    assert (item["agreement"], item["level"]) == ("ruled", "cards")
    assert item["scores"] == {"Bill": 11, "Ann": 41}
    assert table.ledger_item(2)["agreement"] == "provisional"  # not confirmed by the cards
    # Undo takes back the last card with the ruling: the deal is disputed again.
    undone = table.post("/undo", {}, who="Ann")
    assert undone.status_code == 200
    assert undone.json["disputed"] == [1] and undone.json["deal_in_progress"] is True


def test_a_seat_takes_back_only_its_own_entries(client: FlaskClient) -> None:
    table = Table(client)
    table.join()
    table.deal(Q10_RECORD, who="Bill")
    refused = table.post("/undo", {}, who="Ann")
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "not_your_entry"
    assert "Bill" in refused.json["violations"][0]["message"]
    assert table.post("/undo", {}, who="Bill").status_code == 200
    # The shared phone may take back anyone's entry.
    table.deal(Q10_RECORD, who="Bill")
    assert table.post("/undo", {}).status_code == 200
    assert table.get()["deals_played"] == 0
