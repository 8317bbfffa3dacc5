"""An import of a record file whose deals the match refuses (docs/format.md, "A match as a
file"): every refused deal listed in one answer, nothing stored; with ``violations=dispute``
the deals that break the rules recorded as ruled and disputed by their violations.

Bill and Ann play Piquet, Ann deals first (Q2). The file's deals: 1, the Q10 deal (Bill 11,
Ann 41); 2, dealt by Bill, Q10 changed so that the elder hand (Ann) revokes in trick 6 (Q6);
3, Q10's score-sheet line, Ann dealing; 4, totals no deal gives (500, Q8), Bill dealing."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import Fold, MatchState
from referee.match.transfer import import_events, record_of
from referee.records import DealEntry, RecordFile, RecordFileError, read_record, write_record
from referee.store.models import Match
from tests.api.deals import (
    Q10_EXCHANGE,
    Q10_RECORD,
    Q10_TRICKS,
    REVOKE_AS_PLAYED,
    REVOKE_DEALT,
    REVOKE_TALON,
)
from tests.api.test_matches_agreement import bearer
from tests.api.test_matches_piquet_sheets import Q10_SHEET

TOML = "application/toml"
#: Q10 with the revoke of tests/api/deals.py played as it was: trick 6 ♣J ♠8, the elder hand
#: holding ♣9 (Q6). Ruled as played: elder 28, younger 11.
REVOKED: dict[str, Any] = {"dealt": REVOKE_DEALT, "talon": REVOKE_TALON,
                           "exchange": Q10_EXCHANGE,
                           "tricks": [*Q10_TRICKS[:5], *REVOKE_AS_PLAYED]}


def partie(third_dealer: str = "Ann") -> str:
    """The file's text, canonical; ``third_dealer``: who deal 3 says dealt it."""
    deals = (DealEntry("cards", Q10_RECORD, 1, "Ann"), DealEntry("cards", REVOKED, 2, "Bill"),
             DealEntry("sheet", Q10_SHEET, 3, third_dealer),
             DealEntry("totals", {"scores": {"elder": 500, "younger": 3}}, 4, "Bill"))
    return write_record(RecordFile("piquet", ("Bill", "Ann"), deals))


def fold(events: list[tuple[str, dict[str, Any]]]) -> MatchState:
    return Fold([Event(n, kind, payload, None, f"h{n}")
                 for n, (kind, payload) in enumerate(events, start=1)], GAMES).state()


def where(problems: Any) -> list[tuple[Any, ...]]:
    return [(p["deal"], p["line"], p["rule"], p["code"], p["location"]) if isinstance(p, dict)
            else (p.deal, p.line, p.rule, p.code, p.location) for p in problems]


def expected(text: str) -> list[tuple[Any, ...]]:
    """Every refused deal's problem, at its line: deal 2's revoke at its tricks, deal 3's
    dealer out of turn (Q2), deal 4's impossible total at its totals."""
    two, three, four = read_record(text).deals[1:]
    return [(2, two.lines["tricks"], "Q6", "revoke", "tricks[5][1]"),
            (3, three.lines["dealer"], "Q2", "wrong_dealer", "dealer"),
            (4, four.lines["scores"], "Q8", "total_impossible", "totals.scores.elder")]


def test_the_match_layer_lists_every_refused_deal() -> None:
    """Without the option the file is refused with the problems of deals 2, 3 and 4, not only
    the first: deal 2 is checked on as recorded, so deal 3 is checked against the match as it
    would stand (Ann deals it) and deal 4 too."""
    text = partie("Bill")
    try:
        import_events(read_record(text))
    except RecordFileError as error:
        assert where(error.problems) == expected(text)
        assert {p.message_code for p in error.problems} == {
            "revoke.piquet", "wrong_dealer.piquet", "total_impossible.too_many"}
    else:
        raise AssertionError("a file with deals that break the rules was imported")


def test_the_match_layer_records_violations_as_disputes() -> None:
    """``violations="dispute"``: deals 2 and 4 are recorded as ruled as they stand, their
    violations in their ruling, and disputed by them (the result withheld); deals 1 and 3
    confirmed as the next deal started (``auto_confirm``, no seat joined). The file written
    back has no dispute for them, and imports again (with the option) to the same
    standings; a dealer out of turn is refused even so."""
    events = import_events(read_record(partie()), "dispute")
    state = fold(events)
    one, two, three, four = state.deals
    assert (one.agreement, three.agreement) == ("confirmed", "confirmed")
    assert (two.agreement, four.agreement) == ("disputed", "disputed")
    assert two.scores == {"Ann": 28, "Bill": 11} and four.scores == {"Ann": 500, "Bill": 3}
    assert [v["code"] for v in two.ruling["violations"]] == ["revoke"]
    (claim,) = two.claims
    assert claim.entered_by == "import" and claim.violations[0]["code"] == "revoke"
    assert state.disputed == (2, 4)
    disputed = [p for kind, p in events if kind == "deal_disputed"]
    assert [p["imported"] for p in disputed] == [{}, {}]
    assert "holding the 9C" in disputed[0]["reason"]
    again = write_record(record_of(state))
    assert "[[deal.dispute]]" not in again
    twin = fold(import_events(read_record(again), "dispute"))
    assert twin.standings == state.standings and twin.disputed == (2, 4)
    try:
        import_events(read_record(partie("Bill")), "dispute")
    except RecordFileError as error:
        assert [p.code for p in error.problems] == ["wrong_dealer"]
    else:
        raise AssertionError("a dealer out of turn was imported")


def test_a_file_with_two_disputes_of_one_deal_imports() -> None:
    """A deal a file says two players disputed (Pitch: Bob and Cid each dispute Ann's line):
    both disputes are imported, each with who disputed it, and written back (they were
    refused: the importer had "already disputed" the deal)."""
    text = ('format = 1\ngame = "pitch"\nplayers = ["Ann", "Bob", "Cid"]\n\n[[deal]]\n'
            'entered_by = "Ann"\n\n[deal.sheet]\npitcher = "Bob"\nbid = 2\nhigh = "Cid"\n'
            'low = "Cid"\njack = "Cid"\ngame = "Cid"\n\n'
            '[[deal.dispute]]\nby = "Bob"\nreason = "I took Low"\n\n'
            '[[deal.dispute]]\nby = "Cid"\nreason = "no jack was out"\n')
    state = fold(import_events(read_record(text)))
    assert [c.imported for c in state.deals[0].claims[1:]] == [{"by": "Bob"}, {"by": "Cid"}]
    again = read_record(write_record(record_of(state)))
    assert again.deals[0].disputes == read_record(text).deals[0].disputes


def import_(client: FlaskClient, text: str, query: str = "", **headers: str) -> Any:
    return client.post(f"/v1/matches:import{query}", data=text, content_type=TOML,
                       headers=headers)


def test_an_import_refused_lists_every_refused_deal(client: FlaskClient) -> None:
    """422 with every refused deal's problems, each with its line, deal, rule, code and
    location; nothing stored."""
    text = partie("Bill")
    before = Match.select().count()
    refused = import_(client, text)
    assert refused.status_code == 422, refused.json
    assert refused.json["type"].endswith("record-not-scorable")
    assert where(refused.json["problems"]) == expected(text)
    revoke = refused.json["problems"][0]
    assert revoke["message_code"] == "revoke.piquet" and revoke["params"]["held"] == "9C"
    assert Match.select().count() == before


def test_an_import_with_violations_disputed(client: FlaskClient) -> None:
    """``?violations=dispute``: 201; the ledger shows deals 2 and 4 disputed by their
    violations, the standings count them as ruled, the settlement waits."""
    made = import_(client, partie(), "?violations=dispute")
    assert made.status_code == 201, made.json
    assert made.json["disputed"] == [2, 4]
    token = made.json["tokens"]["read"]
    ledger = client.get(f"/v1/matches/{made.json['id']}/ledger",
                        headers=bearer(token)).json["items"]
    assert [i["agreement"] for i in ledger] == ["confirmed", "disputed", "confirmed",
                                                "disputed"]
    assert ledger[1]["claims"][0]["violations"][0]["code"] == "revoke"
    assert ledger[3]["ruling"]["violations"][0]["code"] == "total_impossible"
    bad = import_(client, partie(), "?violations=maybe")
    assert bad.status_code == 400


def test_an_import_refused_speaks_the_language_asked(client: FlaskClient) -> None:
    """The problems' sentences in the answer's language, from their message codes; codes,
    rules, lines and locations as in English."""
    text = partie("Bill")
    english = import_(client, text).json["problems"]
    for language in ("fr", "de", "pl"):
        answer = import_(client, text, **{"Accept-Language": language})
        assert answer.headers["Content-Language"] == language
        found = answer.json["problems"]
        assert where(found) == where(english)
        for worded, plain in zip(found, english, strict=True):
            assert worded["message"] != plain["message"], (language, worded)
        assert "(each in problems)" not in answer.json["detail"]
        assert "problems" in answer.json["detail"] and " 33 " in answer.json["detail"]
    unread = import_(client, text.replace('game = "piquet"', 'game = "skat"'),
                     **{"Accept-Language": "de"})
    assert unread.status_code == 400
    assert unread.json["problems"][0]["code"] == "record_game"
    assert "Give the game" not in unread.json["problems"][0]["message"]


def test_a_deal_numbered_out_of_turn_is_listed_and_the_next_checked_on() -> None:
    """A deal written as deal 3 where the match's next deal is 2 is refused at its number,
    and checked on as deal 2: the file's later problems are still listed (deal 4's total)."""
    text = partie().replace("number = 2\n", "number = 3\n", 1)
    try:
        import_events(read_record(text))
    except RecordFileError as error:
        found = [(p.deal, p.code, p.location) for p in error.problems]
        assert found[0] == (2, "deal_not_next", "number")
        assert error.problems[0].line == read_record(text).deals[1].lines["number"]
        assert (4, "total_impossible", "totals.scores.elder") in found
        assert (2, "revoke", "tricks[5][1]") in found
    else:
        raise AssertionError("a deal out of its number was imported")
