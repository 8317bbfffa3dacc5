"""Record files (docs/format.md): read leniently and exactly about where, written canonically;
the deals ruled as the API rules them."""

from __future__ import annotations

import datetime
from pathlib import Path
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.api.record_rulings import partie_totals, roles_of, rule_record
from referee.cards import card_names
from referee.piquet import rule_deal
from referee.pitch import PitchHand, PitchOptions, rule_hand
from referee.records import (
    DealEntry,
    Dispute,
    RecordFile,
    RecordFileError,
    read_record,
    write_record,
)
from tests.piquet.examples import random_deal
from tests.pitch.test_properties import legal_hands, sheet_line_of

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
Q10 = (EXAMPLES / "q10.toml").read_text()


def test_q10_file_rules_bill_11_ann_41() -> None:
    """Q10: Ann deals, Bill is elder; Bill 11, Ann 41, and the table's claim agrees."""
    record = read_record(Q10)
    ruled = rule_record(record)
    (deal,) = ruled.deals
    assert deal.ruling is not None and deal.ruling["scores"] == {"elder": 11, "younger": 41}
    assert roles_of(record, 0) == {"elder": "Bill", "younger": "Ann"}
    assert partie_totals(record, ruled) == {"Bill": 11, "Ann": 41}
    assert ruled.claims_agree and deal.line == 7


def test_a_claim_that_parts_from_the_cards_is_said() -> None:
    ruled = rule_record(read_record(Q10.replace("younger = 41", "younger = 40")))
    assert ruled.claims_agree is False and ruled.deals[0].claims_agree is False


def test_a_syntax_error_names_its_line() -> None:
    with pytest.raises(RecordFileError) as raised:
        read_record('format = 1\ngame = "piquet"\nplayers = ["Bill" "Ann"]\n')
    assert [p.line for p in raised.value.problems] == [3]


def test_every_deal_is_checked_and_each_problem_has_its_line_and_deal() -> None:
    text = Q10 + '\n[[deal]]\ndealer = "Zed"\ntricks = []\n\n[[deal]]\nnumber = 0\ntricks = []\n'
    with pytest.raises(RecordFileError) as raised:
        read_record(text)
    found = [(p.deal, p.location, p.line) for p in raised.value.problems]
    lines = text.splitlines()
    assert found == [(2, "dealer", lines.index('dealer = "Zed"') + 1),
                     (3, "number", lines.index("number = 0") + 1)]


def test_a_deal_with_two_entries_is_refused() -> None:
    text = Q10 + "\n[deal.totals]\nscores = { elder = 11, younger = 41 }\n"
    with pytest.raises(RecordFileError) as raised:
        read_record(text)
    assert raised.value.problems[0].deal == 1


def test_rule_problems_name_the_field_line_and_the_section() -> None:
    """A card off the pattern is 'format' at its field's line; a card played twice (Q2) keeps
    the deal from being ruled, with its section."""
    bad_card = rule_record(read_record(Q10.replace('["KS", "AS"]', '["KS", "XX"]')))
    (problem,) = bad_card.problems
    assert bad_card.unreadable and problem.location.startswith("tricks[0]") and problem.line == 10
    twice = rule_record(read_record(Q10.replace('["KS", "AS"]', '["KS", "KS"]')))
    assert not twice.unreadable and twice.problems and twice.deals[0].ruling is None
    assert all(p.rule.startswith("Q") for p in twice.problems)


def test_a_header_problem_and_a_name_that_is_no_player() -> None:
    text = ('format = 2\ngame = "pitch"\nplayers = ["Ann", "Bob", "Cid"]\n\n[[deal]]\n'
            '[deal.totals]\nscores = [2, -3, 1]\npitcher = "Dan"\n')
    with pytest.raises(RecordFileError) as raised:
        read_record(text)
    assert [(p.deal, p.location, p.line) for p in raised.value.problems] == [
        (None, "format", 1), (1, "pitcher", 8)]


def test_pitch_seats_are_read_by_name_and_written_by_name() -> None:
    text = ('format = 1\ngame = "pitch"\nplayers = ["Ann", "Bob", "Cid"]\n\n[[deal]]\n'
            '[deal.sheet]\npitcher = "Bob"\nbid = 2\nhigh = "Cid"\nlow = "Cid"\njack = "none"\n'
            'game = "Cid"\n')
    record = read_record(text)
    assert record.deals[0].record == {"pitcher": 1, "bid": 2, "high": 2, "low": 2,
                                      "jack": None, "game": 2}
    written = write_record(record)
    assert 'high = "Cid"' in written and 'jack = "none"' in written
    assert read_record(written) == record


def test_the_header_round_trips() -> None:
    record = RecordFile("piquet", ("Bill", "Ann"), date=datetime.date(2026, 11, 27),
                        place="Le Cercle", stake="0.10", currency="EUR",
                        options={"lead_point": "every"})
    assert read_record(write_record(record)) == record


#: Random deals each round trip takes: in ``make test``; ``make fuzz`` (CI's deep step, the
#: ``fuzz`` mark) runs the same properties over DEEP_EXAMPLES.
EXAMPLES_ = 200
DEEP_EXAMPLES = 1000


def _ledger_words(draw: st.DrawFn, players: tuple[str, ...], claim: tuple[str, Any] | None,
                  ) -> dict[str, Any]:
    """What a file may say of a deal's agreement, drawn: who entered and confirmed it, its
    disputes (with or without a claim: ``claim``, a level and its record), a void."""
    who = st.sampled_from((*players, "table"))
    claims = st.just(None) if claim is None else st.sampled_from((None, claim))

    def dispute(found: tuple[str, Any] | None, by: str | None, reason: str | None) -> Dispute:
        return Dispute(by=by, reason=reason, level=found[0] if found else None,  # type: ignore[arg-type]
                       claim=found[1] if found else None)

    disputes = st.lists(st.builds(dispute, claims, st.none() | who,
                                  st.none() | st.text(min_size=1, max_size=20)), max_size=2)
    return {"entered_by": draw(st.none() | who),
            "confirmed_by": draw(st.none() | who | st.just("auto")),
            "disputes": tuple(draw(disputes)),
            "void": draw(st.none() | st.text(min_size=1, max_size=20))}


def _pitch_file(hand: PitchHand, options: PitchOptions, draw: st.DrawFn) -> RecordFile:
    ruling = rule_hand(hand, options)
    cards: dict[str, Any] = {"dealer": hand.dealer, "bids": list(hand.bids),
                             "tricks": [card_names(t) for t in hand.tricks],
                             "hands": [card_names(h) for h in hand.hands or ()]}
    sheet = sheet_line_of(ruling, hand, with_bids=False)
    names = tuple(f"P{n}" for n in range(hand.players))
    words = _ledger_words(draw, names, ("sheet", sheet))
    return RecordFile("pitch", names, partnership=hand.partnership,
                      options={k: getattr(options, k) for k in ("low", "min_bid")},
                      deals=(DealEntry("cards", cards, **words), DealEntry("sheet", sheet)))


def _pitch_round_trip(case: tuple[PitchHand, PitchOptions], data: st.DataObject) -> None:
    """read(write(x)) == x for random legal hands, by cards and by sheet, with what the
    ledger says of them, and the read-back record is ruled as the engine rules the hand (both
    entries: the same score changes)."""
    hand, options = case
    record = _pitch_file(hand, options, data.draw)
    text = write_record(record)
    again = read_record(text)
    assert again == record and write_record(again) == text
    ruled = rule_record(again)
    assert not ruled.problems
    expected = list(rule_hand(hand, options).score_changes)
    assert [d.ruling and d.ruling["score_changes"] for d in ruled.deals] == [expected] * 2


def _piquet_round_trip(seed: int, data: st.DataObject) -> None:
    """The same for random legal Piquet deals by their cards: the same scores as the engine."""
    deal, _ = random_deal(Random(seed))
    assert deal.dealt is not None and deal.exchange is not None
    cards = {"dealt": {r: card_names(deal.dealt[r]) for r in ("elder", "younger")},
             "talon": card_names(deal.talon or ()),
             "exchange": {r: card_names(deal.exchange[r]) for r in ("elder", "younger")},
             "tricks": [card_names(t) for t in deal.tricks]}
    words = _ledger_words(data.draw, ("Bill", "Ann"),
                          ("totals", {"scores": dict(rule_deal(deal).scores)}))
    record = RecordFile("piquet", ("Bill", "Ann"),
                        deals=(DealEntry("cards", cards, 1, "Ann", **words),))
    text = write_record(record)
    again = read_record(text)
    assert again == record and write_record(again) == text
    ruled = rule_record(again)
    assert not ruled.problems and ruled.deals[0].ruling is not None
    assert ruled.deals[0].ruling["scores"] == dict(rule_deal(deal).scores)


_SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


@settings(max_examples=EXAMPLES_, **_SETTINGS)  # type: ignore[arg-type]
@given(legal_hands(), st.data())
def test_pitch_round_trip_and_the_same_ruling(case: tuple[PitchHand, PitchOptions],
                                              data: st.DataObject) -> None:
    _pitch_round_trip(case, data)


@settings(max_examples=EXAMPLES_, **_SETTINGS)  # type: ignore[arg-type]
@given(st.integers(0, 2**32), st.data())
def test_piquet_round_trip_and_the_same_ruling(seed: int, data: st.DataObject) -> None:
    _piquet_round_trip(seed, data)


@pytest.mark.fuzz
@settings(max_examples=DEEP_EXAMPLES, **_SETTINGS)  # type: ignore[arg-type]
@given(legal_hands(), st.data())
def test_pitch_round_trip_deep(case: tuple[PitchHand, PitchOptions],
                               data: st.DataObject) -> None:
    """:func:`_pitch_round_trip` over 1,000 random hands (make fuzz)."""
    _pitch_round_trip(case, data)


@pytest.mark.fuzz
@settings(max_examples=DEEP_EXAMPLES, **_SETTINGS)  # type: ignore[arg-type]
@given(st.integers(0, 2**32), st.data())
def test_piquet_round_trip_deep(seed: int, data: st.DataObject) -> None:
    """:func:`_piquet_round_trip` over 1,000 random deals (make fuzz)."""
    _piquet_round_trip(seed, data)


def test_irregularities_round_trip_with_names() -> None:
    """A Pitch irregularity's seat is written by name and read back as the seat; a Piquet
    one is its code and location, as docs/records.md has them."""
    pitch = RecordFile("pitch", ("Ann", "Bob", "Cid"), deals=(DealEntry("cards", {
        "dealer": 0, "bids": [], "tricks": [],
        "irregular": [{"type": "misdeal", "seat": 2}, {"type": "misdeal"}]}),))
    text = write_record(pitch)
    assert 'seat = "Cid"' in text and read_record(text) == pitch
    piquet = RecordFile("piquet", ("Bill", "Ann"), deals=(DealEntry("cards", {
        "tricks": [["KS", "KC"]], "irregular": [{"code": "revoke",
                                                 "location": "tricks[0][1]"}]}, 1, "Ann"),))
    assert read_record(write_record(piquet)) == piquet


def test_what_the_ledger_says_is_read_with_its_lines() -> None:
    """entered_by, confirmed_by and a dispute's by name a player or the table; a dispute's
    claim is one table; each problem at its line."""
    text = Q10 + ('entered_by = "Bill"\nconfirmed_by = "Zed"\n\n[[deal.dispute]]\n'
                  'by = "Ann"\nreason = "my point"\n\n[deal.dispute.totals]\n'
                  'scores = { elder = 1, younger = 2 }\n')
    # the keys after the deal's sub-tables belong to the last one: put them at the deal's top
    moved = text.replace('entered_by = "Bill"\nconfirmed_by = "Zed"\n', "").replace(
        'dealer = "Ann"\n', 'dealer = "Ann"\nentered_by = "Bill"\nconfirmed_by = "Zed"\n')
    with pytest.raises(RecordFileError) as raised:
        read_record(moved)
    (problem,) = raised.value.problems
    assert problem.location == "confirmed_by"
    assert problem.line == moved.splitlines().index('confirmed_by = "Zed"') + 1
    deal = read_record(moved.replace('"Zed"', '"table"')).deals[0]
    assert (deal.entered_by, deal.confirmed_by) == ("Bill", "table")
    assert deal.disputes == (Dispute("Ann", "my point", "totals",
                                     {"scores": {"elder": 1, "younger": 2}}),)
