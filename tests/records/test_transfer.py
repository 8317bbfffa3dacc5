"""A match as a record file and back over HTTP (docs/format.md): ``GET /v1/matches/{id}/record``
and ``POST /v1/matches:import``. Bill and Ann play Piquet (Ann deals first, Q2); the deals are
the Q10 deal (Bill 11, Ann 41) and random legal deals (tests/api/deals.py)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from referee.piquet.canonical import canonical_record
from referee.records import read_record
from referee.store.models import Match
from tests.api.deals import PITCH_PLAYERS, Q10_RECORD, random_piquet_record
from tests.api.test_matches_agreement import Table, bearer
from tests.api.test_matches_irregular import AFTER_REVOKE, _pitch_to_the_revoke, _play
from tests.api.test_matches_piquet_sheets import Q10_SHEET
from tests.records.test_words_languages import CANONICAL_SHEET, sheet

TOML = "application/toml"


def export(client: FlaskClient, match_id: str, token: str) -> str:
    answer = client.get(f"/v1/matches/{match_id}/record", headers=bearer(token))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.mimetype == TOML
    assert f'-{match_id}.toml"' in answer.headers["Content-Disposition"]
    return answer.get_data(as_text=True)


def import_(client: FlaskClient, text: str, key: str | None = None) -> Any:
    headers = {"Idempotency-Key": key} if key else {}
    return client.post("/v1/matches:import", data=text, content_type=TOML, headers=headers)


def without_head(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("ledger_head"))


def seen(client: FlaskClient, match_id: str, token: str) -> dict[str, Any]:
    """What the table reads of a match: standings, agreement, settlement, each deal."""
    match = client.get(f"/v1/matches/{match_id}", headers=bearer(token)).json
    ledger = client.get(f"/v1/matches/{match_id}/ledger", headers=bearer(token)).json["items"]
    return {"standings": match["standings"], "settlement": match["settlement"],
            "finished": match["finished"], "winner": match["winner"],
            "disputed": match["disputed"], "withheld": match["settlement_withheld"],
            "deals": [(i["deal"], i["status"], i["level"], i["scores"], i["record"])
                      for i in ledger]}


def canonical(table_seen: dict[str, Any]) -> dict[str, Any]:
    """What the table reads of a Piquet match (:func:`seen`) with each deal's declarations in
    the canonical words a record file writes (an imported match's ledger holds the file's)."""
    return {**table_seen, "deals": [(*deal[:4], canonical_record(deal[2], deal[4]))
                                    for deal in table_seen["deals"]]}


def agreed_aside(value: Any) -> Any:
    """Standings or a settlement without what only the other side's agreement makes."""
    if isinstance(value, list):
        return [{k: v for k, v in row.items() if k != "agreed"} for row in value]
    return {k: v for k, v in value.items() if k not in ("provisional", "provisional_deals")}


def partie(client: FlaskClient) -> Table:
    """Six counted deals and one voided: the Q10 deal by its cards, as a score sheet and as
    totals, random deals; seats at the table, Ann confirms deal 1."""
    table = Table(client, auto_confirm=False, stake="0.10", currency="EUR")
    table.issue()
    table.take_up("Bill")
    table.take_up("Ann")
    table.deal(Q10_RECORD, who="Bill")
    assert table.post("/deals/1/confirm", {}, who="Ann").status_code == 200
    table.deal({"sheet": Q10_SHEET}, who="Ann")
    table.deal({"totals": {"scores": {"elder": 30, "younger": 12}}}, who="Bill")
    assert table.post("/deals/3/void", {"reason": "a card faced"}).status_code == 200
    for seed in range(4):
        table.deal(random_piquet_record(seed), who="Ann")
    return table


def test_export_import_export_gives_the_same_match(client: FlaskClient) -> None:
    """Import → export → import of a whole partie: the same standings, ledger and settlement,
    and the same file but for its ledger head; the imported match never expires."""
    table = partie(client)
    first = export(client, table.id, table.read)
    assert read_record(first).ledger_head == f"{table.get()['head']['seq']}:" \
                                             f"{table.get()['head']['hash']}"
    made = import_(client, first)
    assert made.status_code == 201, made.json
    assert made.headers["Cache-Control"] == "no-store"
    twin, token = made.json["id"], made.json["tokens"]["read"]
    again = export(client, twin, token)
    assert without_head(again) == without_head(first)
    third = import_(client, again).json
    imported = seen(client, twin, token)
    assert seen(client, third["id"], third["tokens"]["read"]) == imported
    original = seen(client, table.id, table.read)
    assert original["finished"] and original["settlement"] is not None
    # what the file said was confirmed is a note: the imported deals wait for the other side
    for name in ("standings", "settlement"):
        assert agreed_aside(imported[name]) == agreed_aside(original[name])
    # the same deals, their declarations in the file's canonical words (docs/format.md)
    assert {k: v for k, v in imported.items() if k not in ("standings", "settlement")} == {
        k: v for k, v in canonical(original).items() if k not in ("standings", "settlement")}
    assert not Match.get_by_id(twin).expires and Match.get_by_id(table.id).expires


def test_who_entered_and_confirmed_are_notes_and_the_importer_acts(client: FlaskClient) -> None:
    table = partie(client)
    text = export(client, table.id, table.read)
    deal = read_record(text).deals[0]
    assert (deal.entered_by, deal.confirmed_by, deal.dealer) == ("Bill", "Ann", "Ann")
    assert read_record(text).deals[2].void == "a card faced"
    made = import_(client, text).json
    ledger = client.get(f"/v1/matches/{made['id']}/ledger",
                        headers=bearer(made["tokens"]["read"])).json["items"]
    assert ledger[0]["agreement"] == "provisional" and ledger[0]["entered_by"] == "import"
    log = client.get(f"/v1/matches/{made['id']}/log",
                     headers=bearer(made["tokens"]["read"])).json["items"]
    recorded = next(e for e in log if e["kind"] == "deal_recorded")
    assert recorded["actor"] == "import"
    assert recorded["payload"]["imported"] == {"entered_by": "Bill", "confirmed_by": "Ann"}


def test_a_dispute_travels_with_its_claim(client: FlaskClient) -> None:
    table = Table(client, auto_confirm=False)
    table.issue()
    table.take_up("Bill")
    table.take_up("Ann")
    table.deal({"sheet": Q10_SHEET}, who="Ann")
    disputed = table.post("/deals/1/dispute", {
        "reason": "my point was good", "claim": {"totals": {"scores": {"elder": 21,
                                                                      "younger": 31}}}},
        who="Bill")
    assert disputed.status_code == 200, disputed.json
    text = export(client, table.id, table.read)
    assert "[[deal.dispute]]" in text and 'by = "Bill"' in text
    (dispute,) = read_record(text).deals[0].disputes
    assert (dispute.reason, dispute.level) == ("my point was good", "totals")
    made = import_(client, text).json
    token = made["tokens"]["read"]
    assert seen(client, made["id"], token) == canonical(seen(client, table.id, table.read))
    assert without_head(export(client, made["id"], token)) == without_head(text)


def test_a_bad_file_is_refused_whole_with_lines(client: FlaskClient) -> None:
    """Every deal is checked: two bad cards in two deals, both named; a dealer out of turn
    (Q2) is refused with its line; nothing is stored either way."""
    table = partie(client)
    text = export(client, table.id, table.read)
    before = Match.select().count()
    lines = text.splitlines()
    dealers = [n for n, line in enumerate(lines) if line.startswith("dealer = ")]
    wrong = list(lines)
    wrong[dealers[1]] = 'dealer = "Ann"'  # deal 2 is Bill's to deal
    refused = import_(client, "\n".join(wrong) + "\n")
    assert refused.status_code == 422, refused.json
    (problem,) = refused.json["problems"]
    assert (problem["deal"], problem["line"], problem["rule"]) == (2, dealers[1] + 1, "Q2")
    broken = re.sub(r'tricks = \[\["..", ', 'tricks = [["XX", ', text)  # every deal by cards
    unread = import_(client, broken)
    assert unread.status_code == 400
    assert [p["deal"] for p in unread.json["problems"]] == [1, 4, 5, 6, 7]
    assert Match.select().count() == before


def test_an_import_is_idempotent_with_its_key(client: FlaskClient) -> None:
    table = partie(client)
    text = export(client, table.id, table.read)
    once = import_(client, text, key="import-1")
    twice = import_(client, text, key="import-1")
    assert once.status_code == twice.status_code == 201
    assert twice.headers["Idempotent-Replayed"] == "true"
    assert twice.json["id"] == once.json["id"]
    assert twice.json["tokens"] == once.json["tokens"]
    other = import_(client, text.replace("Bill", "Bob"), key="import-1")
    assert other.status_code == 422


def test_any_token_reads_the_record_none_is_refused(client: FlaskClient) -> None:
    table = partie(client)
    for who in ("write", "read", "Bill"):
        assert export(client, table.id, table.token(who))
    assert client.get(f"/v1/matches/{table.id}/record",
                      headers={"Authorization": "Bearer nope"}).status_code == 401


def test_irregularities_travel_as_the_ledger_keeps_them(client: FlaskClient) -> None:
    """A Pitch revoke recorded anyway card by card (P10: Ann set back the bid) and a misdeal
    recorded whole: the file lists each in its deal's ``irregular``, the offender by name, and
    the imported match rules them the same."""
    table = Table(client, "pitch", PITCH_PLAYERS)
    _pitch_to_the_revoke(table)
    assert table.post("/events", {"type": "card", "card": "9S", "anyway": True}).status_code \
        == 201
    _play(table, AFTER_REVOKE)
    table.deal({"bids": [], "tricks": [], "irregular": [{"type": "misdeal", "seat": 1}]})
    answer = client.get(f"/v1/matches/{table.id}/record", headers=bearer(table.read))
    text = answer.get_data(as_text=True)
    assert '[[deal.irregular]]\nseat = "Ann"\ntrick = 1\ntype = "revoke"' in text, text
    assert '[[deal.irregular]]\nseat = "Bob"\ntype = "misdeal"' in text
    made = import_(client, text)
    assert made.status_code == 201, made.json
    twin = seen(client, made.json["id"], made.json["tokens"]["read"])
    assert twin == seen(client, table.id, table.read)
    assert twin["standings"][0] == {"name": "Ann", "score": -2, "agreed": -2}


def test_a_pitch_partnership_travels_by_its_sides() -> None:
    """Pure, without a server: a Pitch match of partners (Ann & Cid against Bob & Dan, Bob
    deals first) by totals; its file has the partnership in the header and each side's
    points, and the match made of it stands the same and writes the same file."""
    from referee.match import commands
    from referee.match.events import Event
    from referee.match.games import GAMES
    from referee.match.state import Fold
    from referee.match.transfer import import_events, record_of
    from referee.records import write_record

    def fold_of(events: list[tuple[str, dict[str, Any]]]) -> Fold:
        return Fold([Event(n, kind, payload, None, f"h{n}")
                     for n, (kind, payload) in enumerate(events, start=1)], GAMES)

    game = GAMES["pitch"]
    events = list(commands.create(game, ["Ann", "Bob", "Cid", "Dan"],
                                  {"partnership": True, "target": 11, "first_dealer": "Bob"}))
    for totals, by in (({"scores": [-3, 2], "pitcher": 2}, "write token"),
                       ({"scores": [1, 3], "pitcher": 1}, "seat:Bob")):
        events += commands.record_deal(fold_of(events).state(), game, totals, "totals",
                                       entered_by=by)
    state = fold_of(events).state()
    text = write_record(record_of(state))
    record = read_record(text)
    assert record.partnership and record.deals[1].record == {"scores": [1, 3], "pitcher": 1}
    assert 'pitcher = "Cid"' in text and record.deals[1].entered_by == "Bob"
    twin = fold_of(import_events(record)).state()
    assert twin.standings == state.standings == {"Ann & Cid": -2, "Bob & Dan": 5}
    assert without_head(write_record(record_of(twin))) == without_head(text)


def _examples() -> list[str]:
    """docs/format.md's whole files: its TOML blocks that start with the format's version."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "format.md").read_text()
    return [b for b in re.findall(r"```toml\n(.*?)```", text, re.S) if b.startswith("format")]


def test_the_examples_of_the_format_read_rule_and_import() -> None:
    """Every whole file docs/format.md shows is read and ruled; Q10's is examples/q10.toml,
    and the one of what the ledger says imports as it says (deal 1 provisional with its
    notes, deal 2 voided, deal 3 disputed with Ann's claim)."""
    from referee.api.record_rulings import rule_record
    from referee.match.events import Event
    from referee.match.games import GAMES
    from referee.match.state import Fold
    from referee.match.transfer import import_events

    examples = _examples()
    assert len(examples) >= 3
    for text in examples:
        assert not rule_record(read_record(text)).problems, text
    q10 = (Path(__file__).resolve().parents[2] / "examples" / "q10.toml").read_text()
    assert read_record(q10) in [read_record(text) for text in examples]
    ledger = next(text for text in examples if "[[deal.dispute]]" in text)
    events = import_events(read_record(ledger))
    state = Fold([Event(n, kind, payload) for n, (kind, payload) in enumerate(events, 1)],
                 GAMES).state()
    one, two, three = state.deals
    assert (one.agreement, one.imported) == ("provisional", {"entered_by": "Ann",
                                                             "confirmed_by": "Bill"})
    assert two.status == "voided" and three.agreement == "disputed"
    assert three.claims[-1].scores == {"Ann": 11, "Bill": 41}  # Bill deals: Ann is elder
    assert state.standings == {"Bill": 11 + 31, "Ann": 41 + 21}


def test_a_dispute_without_a_reason_travels_too() -> None:
    """A dispute that gives no reason (a file may say only who disputed) is imported as a
    dispute and written back as the file had it."""
    from referee.match.events import Event
    from referee.match.games import GAMES
    from referee.match.state import Fold
    from referee.match.transfer import import_events, record_of
    from referee.records import write_record

    text = (Path(__file__).resolve().parents[2] / "examples" / "q10.toml").read_text() + (
        '\n[[deal.dispute]]\nby = "Bill"\n')
    events = import_events(read_record(text))
    state = Fold([Event(n, kind, payload, None, "h") for n, (kind, payload)
                  in enumerate(events, 1)], GAMES).state()
    assert state.disputed == (1,)
    again = read_record(write_record(record_of(state)))
    assert again.deals[0].disputes == read_record(text).deals[0].disputes


def test_a_deal_dealt_out_of_turn_travels_with_its_dealer(client: FlaskClient) -> None:
    """PT 16: Bill deals when Ann should, found after the exchange: the deal stands with Bill
    its dealer and Ann deals the next two. The file names Bill the dealer of deal 1 and Ann of
    deals 2 and 3; the imported match stands the same."""
    from tests.api.deals import (
        Q10_DEALT,
        Q10_DECLARATIONS,
        Q10_EXCHANGE,
        Q10_TALON,
        Q10_TRICKS,
        create_match,
        step_ok,
    )
    from tests.e2e.table import Q10_CARDS

    match_id = str(create_match(client, "piquet", ["Bill", "Ann"])["id"])
    step_ok(client, match_id, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    step_ok(client, match_id, type="exchange", **Q10_EXCHANGE)
    step_ok(client, match_id, type="irregularity", what="deal_out_of_turn")
    step_ok(client, match_id, type="declaration", role="elder", **Q10_DECLARATIONS["elder"])
    for k, card in enumerate(Q10_CARDS):
        if k == 1:
            step_ok(client, match_id, type="declaration", role="younger",
                    **Q10_DECLARATIONS["younger"])
        step_ok(client, match_id, type="card", card=card)
    for _ in range(2):
        assert client.post(f"/v1/matches/{match_id}/deals",
                           json={"tricks": Q10_TRICKS}).status_code == 201
    token = client.environ_base["HTTP_AUTHORIZATION"].removeprefix("Bearer ")
    text = export(client, match_id, token)
    assert [d.dealer for d in read_record(text).deals] == ["Bill", "Ann", "Ann"]
    made = import_(client, text)
    assert made.status_code == 201, made.json
    twin = seen(client, made.json["id"], made.json["tokens"]["read"])
    original = seen(client, match_id, token)
    assert twin["deals"] == canonical(original)["deals"]
    assert agreed_aside(twin["standings"]) == agreed_aside(original["standings"])


def test_an_import_checks_the_options_as_a_create_does(client: FlaskClient) -> None:
    """An option the game does not take, or a value it does not, is refused as POST
    /v1/matches refuses it, at its line in the header; nothing is stored."""
    text = (Path(__file__).resolve().parents[2] / "examples" / "q10.toml").read_text()
    header, deals = text.split("[[deal]]", 1)
    bad = header + '[options]\nlead_point = "sometimes"\ntarget = 11\n\n[[deal]]' + deals
    before = Match.select().count()
    refused = import_(client, bad)
    assert refused.status_code == 400, refused.json
    lines = bad.splitlines()
    assert ("options.target", lines.index("target = 11") + 1) in [
        (p["location"], p["line"]) for p in refused.json["problems"]]
    alone = import_(client, bad.replace("target = 11\n", ""))
    assert alone.status_code in (400, 422), alone.json
    assert [p["location"] for p in alone.json["problems"]] == ["options.lead_point"]
    assert Match.select().count() == before


def test_an_export_writes_the_canonical_words_and_the_ledger_keeps_the_table_s(
        client: FlaskClient) -> None:
    """A match whose deals were entered in French, German and Polish words exports them in
    the canonical English words (docs/format.md, "The words"), ruled the same; its ledger
    still holds the words as entered (stored events are never rewritten)."""
    text = sheet("fr") + "".join("\n[[deal]]" + sheet(language).split("[[deal]]", 1)[1]
                                 .replace('dealer = "Ann"', 'dealer = "Bill"' if n % 2 else
                                          'dealer = "Ann"')
                                 for n, language in enumerate(("de", "pl", "en"), 1))
    made = import_(client, text)
    assert made.status_code == 201, made.json
    token = made.json["tokens"]["read"]
    exported = export(client, made.json["id"], token)
    assert exported.count(CANONICAL_SHEET) == 4
    assert "point de cinq" not in exported and "drei Asse" not in exported
    log = client.get(f"/v1/matches/{made.json['id']}/log", headers=bearer(token)).json["items"]
    said = [e["payload"]["record"]["sets"]["elder"] for e in log
            if e["kind"] == "deal_recorded"]
    assert said == [["trois as"], ["drei Asse"], ["trzy asy"], ["three aces"]]
    twin = import_(client, exported).json
    ours, theirs = seen(client, made.json["id"], token), seen(client, twin["id"],
                                                            twin["tokens"]["read"])
    assert ours["standings"] == theirs["standings"]
    assert [d[3] for d in ours["deals"]] == [d[3] for d in theirs["deals"]] == [
        {"Bill": 11, "Ann": 41}, {"Bill": 41, "Ann": 11}] * 2
