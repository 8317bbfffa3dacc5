"""A Piquet deal as the score sheet gives it, and as bare totals: every check with
the example lines written out."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from referee.piquet import (
    PiquetOptions,
    rule_sheet,
    rule_totals,
    sheet_from_record,
    totals_from_record,
)
from referee.piquet.sheet import MOST_DECLARED, MOST_IN_ONE_DEAL
from referee.piquet.words import (
    PointCall,
    SequenceCall,
    SetCall,
    read_point,
    read_sequence,
    read_set,
)
from referee.violations import RecordError

# Q10 as the table writes it: Bill (elder) "point of five" — not good; "trio of aces" — good;
# he sinks his tierce.  Ann: point of six and sixième, good.  Tricks Bill 5, Ann 7.  Counted in
# play: Bill leads ♠K (1), wins trick 2 (2), leads ♠Q, ♠10 (4), wins trick 10 (5), leads ♦A, ♠9
# (7) and the last trick (8); Ann wins trick 1 (1), leads ♣K (2), wins trick 4 (3), leads five
# clubs (8) and ♥Q (9).
Q10_SHEET: dict[str, Any] = {
    "point": {"elder": "point of five", "younger": "point of six"},
    "sequence": {"younger": "sixième"},
    "sets": {"elder": ["trio of aces"]},
    "good": {"point": "younger", "sequence": "younger", "sets": "elder"},
    "tricks": {"elder": 5, "younger": 7},
    "play": {"elder": 8, "younger": 9},
}


def sheet(**changes: Any) -> dict[str, Any]:
    """The Q10 sheet with some fields replaced (None removes one)."""
    record = {**Q10_SHEET, **changes}
    return {k: v for k, v in record.items() if v is not None}


def ruled(record: dict[str, Any], options: PiquetOptions = PiquetOptions()):  # noqa: B008
    return rule_sheet(sheet_from_record(record), options)


def codes(ruling) -> list[tuple[str, str]]:
    return [(v.code, v.location) for v in ruling.violations]


def whats(grounds) -> str:
    return " | ".join(g.what for g in grounds)


# --- Q10 -------------------------------------------------------------------------------------


def test_q10_as_a_sheet_bill_11_ann_41() -> None:
    ruling = ruled(Q10_SHEET)
    assert ruling.scores == {"elder": 11, "younger": 41}
    assert ruling.violations == ()
    assert (ruling.cards, ruling.capot, ruling.repique, ruling.pique) == ("younger", None,
                                                                        None, None)
    assert [(c.who, c.what, c.points) for c in ruling.counts] == [
        ("younger", "point of six", 6), ("younger", "sixième", 16),
        ("elder", "three aces", 3), ("elder", "8 in play", 8), ("younger", "9 in play", 9),
        ("younger", "the cards, 7 tricks to 5", 10)]
    assert "point of six beats point of five" in whats(ruling.verified)
    assert "Points in play fit the tricks" in whats(ruling.verified)
    assert "only the younger hand's sixième is written" in whats(ruling.as_reported)
    assert "Points in play as counted at the table" in whats(ruling.as_reported)
    assert "No repique" in whats(ruling.computed)
    data = ruling.as_dict()
    assert data["level"] == "sheet"
    assert data["scores"] == {"elder": 11, "younger": 41}
    assert {"code": "tricks_add_up", "rule": "Q6",
            "what": "12 tricks: elder 5, younger 7.",
            "params": {"elder": 5, "younger": 7}} in data["verified"]
    assert data["violations"] == []
    assert data["log"][-1] == {"who": "younger", "what": "the cards, 7 tricks to 5",
                               "points": 10, "elder_total": 11, "younger_total": 41}
    assert rule_totals(totals_from_record({"scores": {"elder": 11, "younger": 41}})) \
        .as_dict()["log"] == []


def test_q10_structured_forms_and_claimed_totals() -> None:
    ruling = ruled(sheet(
        point={"elder": {"cards": 5, "pips": 47}, "younger": {"cards": 6, "pips": 57}},
        sequence={"younger": [{"length": 6, "top": "K", "suit": "C"}]},
        sets={"elder": [{"count": 3, "rank": "A"}]},
        good=None,
        claimed={"elder": 11, "younger": 41}))
    assert ruling.scores == {"elder": 11, "younger": 41}
    assert ruling.violations == ()
    assert ruling.counts[1].what == "sixième to the king in clubs"
    assert "The elder hand's claimed 11 is what the line adds up to." in whats(ruling.verified)


def test_q10_claimed_differs() -> None:
    ruling = ruled(sheet(claimed={"younger": 38}))
    assert codes(ruling) == [("claimed_score_differs", "sheet.claimed.younger")]
    assert ruling.violations[0].message == (
        "The younger hand claims 38, but the line adds up to 41 (declarations 22, play 9, "
        "cards 10).")


def test_q10_play_from_the_claimed_totals() -> None:
    ruling = ruled(sheet(play=None, claimed={"elder": 11, "younger": 41}))
    assert ruling.scores == {"elder": 11, "younger": 41}
    assert ruling.violations == ()
    assert "Points in play taken from the claimed totals: elder 8, younger 9." \
        in whats(ruling.as_reported)


def test_play_missing() -> None:
    assert codes(ruled(sheet(play=None))) == [("play_missing", "sheet.play")]


# --- Reading the words -------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "call"), [
    ("point of five, 48", PointCall(5, 48)), ("point of five", PointCall(5)),
    ("five for 48", PointCall(5, 48)), ("Point of 6 making 54", PointCall(6, 54)),
    (5, PointCall(5)), ({"cards": 5, "pips": 48}, PointCall(5, 48)),
])
def test_read_point(text: Any, call: PointCall) -> None:
    assert read_point(text, "x") == call


@pytest.mark.parametrize(("text", "call"), [
    ("quart major", SequenceCall(4, 14)), ("tierce to the queen", SequenceCall(3, 12)),
    ("sixième to the king in spades", SequenceCall(6, 13, "S")),
    ("Quint major in ♥", SequenceCall(5, 14, "H")), ("sixieme", SequenceCall(6)),
    ("quint:A", SequenceCall(5, 14)), ("quatrième to the jack", SequenceCall(4, 11)),
    ("tierce to the 10 of diamonds", SequenceCall(3, 10, "D")),
    ({"length": 4, "top": "A", "suit": "C"}, SequenceCall(4, 14, "C")),
    ({"length": 3}, SequenceCall(3)),
])
def test_read_sequence(text: Any, call: SequenceCall) -> None:
    assert read_sequence(text, "x") == call


@pytest.mark.parametrize(("text", "call"), [
    ("three kings", SetCall(3, 13)), ("trio of kings", SetCall(3, 13)),
    ("quatorze of aces", SetCall(4, 14)), ("four aces", SetCall(4, 14)),
    ("Three 10s", SetCall(3, 10)), ("trio:A", SetCall(3, 14)),
    ({"count": 4, "rank": "T"}, SetCall(4, 10)),
])
def test_read_set(text: Any, call: SetCall) -> None:
    assert read_set(text, "x") == call


@pytest.mark.parametrize(("field", "value", "location", "says"), [
    ("point", {"elder": "pointe of five"}, "sheet.point.elder", "'point of five, 48'"),
    ("sequence", {"elder": "quint of the moon"}, "sheet.sequence.elder", "'moon'"),
    ("sequence", {"younger": ["tierce", "run"]}, "sheet.sequence.younger[1]", "not a sequence"),
    ("sequence", {"elder": {"length": 9, "top": "A"}}, "sheet.sequence.elder",
     "3 (tierce) to 8 (huitième)"),
    ("sets", {"elder": ["three of a kind"]}, "sheet.sets.elder[0]", "'three kings'"),
    ("sets", {"elder": {"count": 5, "rank": "A"}}, "sheet.sets.elder", "3 or 4"),
    ("good", {"point": "Ann"}, "sheet.good.point", "'equal'"),
    ("good", {"points": "elder"}, "sheet.good.points", "point, sequence or sets"),
    ("tricks", {"elder": 5}, "sheet.tricks.younger", "younger hand too"),
    ("tricks", {"elder": 5, "younger": "7"}, "sheet.tricks.younger", "whole number"),
    ("pique", "Ann", "sheet.pique", "null"),
    ("cards", [], "sheet.cards", "no 'cards'"),
])
def test_unreadable_sheets_are_refused_with_their_place(
    field: str, value: Any, location: str, says: str
) -> None:
    with pytest.raises(RecordError) as caught:
        sheet_from_record(sheet(**{field: value}))
    violation = caught.value.violations[0]
    assert violation.location == location
    assert says in violation.message


def test_none_written_is_nothing_announced() -> None:
    ruling = ruled(sheet(sequence={"elder": "none", "younger": "sixième"},
                         sets={"elder": ["three aces"], "younger": "-"},
                         point={"elder": "point of five", "younger": "point of six"}))
    assert ruling.scores == {"elder": 11, "younger": 41} and ruling.violations == ()
    with pytest.raises(RecordError) as caught:
        sheet_from_record(sheet(sets={"elder": ["none", "three of a kind"]}))
    assert caught.value.violations[0].location == "sheet.sets.elder[1]"


@pytest.mark.parametrize(("text", "call"), [
    ("five cards, 48", PointCall(5, 48)), ("point of six worth 54", PointCall(6, 54)),
])
def test_read_more_point_words(text: str, call: PointCall) -> None:
    assert read_point(text, "x") == call
    assert read_sequence("a quint to the king of clubs", "x") == SequenceCall(5, 13, "C")


def test_tricks_are_required() -> None:
    with pytest.raises(RecordError) as caught:
        sheet_from_record({"play": {"elder": 8, "younger": 9}})
    assert caught.value.violations[0].location == "sheet.tricks"


# --- Every check a line allows ---------------------------------------------------------------


@pytest.mark.parametrize(("changes", "expected", "says"), [
    ({"tricks": {"elder": 5, "younger": 8}}, [("tricks_not_twelve", "sheet.tricks")],
     "5 and 8 do not make 12"),
    ({"point": {"elder": "point of nine", "younger": "point of six"}},
     [("point_impossible", "sheet.point.elder")], "1 to 8 cards"),
    ({"point": {"elder": "point of five, 60", "younger": "point of six"}},
     [("point_impossible", "sheet.point.elder")], "counts 44 to 51 pips"),
    ({"sequence": {"younger": "septième"}},
     [("sequence_longer_than_point", "sheet.sequence.younger")],
     "point was point of six, and the point is the longest suit"),
    ({"sequence": {"younger": ["sixième", "tierce to the eight"]}},
     [("sequence_impossible", "sheet.sequence.younger")], "below the seven"),
    ({"sequence": {"younger": ["quint to the king in clubs", "tierce to the queen in clubs"]}},
     [("sequence_impossible", "sheet.sequence.younger")], "share cards"),
    ({"sequence": {"elder": "tierce major in clubs", "younger": "sixième to the king in clubs"},
      "good": None},
     [("sequence_impossible", "sheet.sequence.younger")], "same card"),
    ({"sequence": {"elder": ["quint", "quint", "tierce"]}, "point": {"younger": "point of six"},
      "good": None},
     [("sequence_impossible", "sheet.sequence.elder")], "more than the 12 cards"),
    ({"sets": {"elder": ["quatorze of nines"]}},
     [("set_never_counts", "sheet.sets.elder")], "Nines, eights and sevens never count"),
    ({"sets": {"elder": ["three aces", "trio of aces"]}},
     [("set_impossible", "sheet.sets.elder")], "aces twice"),
    ({"sets": {"elder": ["three aces"], "younger": ["three aces"]}, "good": None},
     [("set_impossible", "sheet.sets.younger")], "only four aces"),
    ({"sequence": {"younger": "sixième to the king"}, "sets": {"elder": ["four kings"]}},
     [("sequence_impossible", "sheet.sequence.younger")],
     "none for the younger hand's sixième to the king"),
])
def test_impossible_lines(changes: dict[str, Any], expected: list[tuple[str, str]],
                          says: str) -> None:
    ruling = ruled(sheet(**changes))
    found = codes(ruling)
    for item in expected:
        assert item in found
    assert says in " ".join(v.message for v in ruling.violations)


def test_a_sequence_without_its_top_does_not_clash_with_a_quatorze() -> None:
    # Without the top card written the referee cannot tell: no violation.
    ruling = ruled(sheet(sets={"elder": ["four kings"]}, good={"point": "younger",
                                                                "sequence": "younger"}))
    assert ruling.violations == ()


def test_an_uncorrected_good_for_elder_stands() -> None:
    """PT 51: younger allowed elder's point of five good holding six and did not correct it:
    the reply stands — elder scores his point, no contradiction."""
    ruling = ruled(sheet(good={"point": "elder"}))
    assert ruling.violations == ()
    assert "good_stands" in [f.code for f in ruling.as_reported]


@pytest.mark.parametrize(("good", "code", "says"), [
    ({"point": "equal"}, "good_contradicts", "The sheet says equal in the point"),
    ({"sets": "younger"}, "good_without_announcement",
     "The sheet says the younger hand was good in the sets, but nothing he announced there is "
     "written"),
])
def test_good_that_contradicts_the_announcements(good: dict[str, str], code: str,
                                                 says: str) -> None:
    ruling = ruled(sheet(good=good))
    assert [v.code for v in ruling.violations] == [code]
    assert ruling.violations[0].location == f"sheet.good.{next(iter(good))}"
    assert ruling.violations[0].message.startswith(says)


def test_equal_lengths_without_pips_take_good_as_reported() -> None:
    equal = {"elder": "point of six", "younger": "point of six"}
    refused = ruled(sheet(point=equal, good={"sequence": "younger"}))
    assert codes(refused) == [("cannot_compare", "sheet.good.point")]
    assert "write the pips or who was good" in refused.violations[0].message
    ruling = ruled(sheet(point=equal))
    assert ruling.violations == ()
    assert ruling.scores["younger"] == 41
    assert "In the point the table said younger good: point of six against point of six, the " \
        "pips not written." in whats(ruling.as_reported)
    # With the pips the referee compares itself: exactly equal, nobody scores the point.
    both = {"elder": "point of six, 54", "younger": "point of six, 54"}
    even = ruled(sheet(point=both, good={"sequence": "younger", "sets": "elder"}))
    assert even.scores["younger"] == 35
    assert "The point: equal, nobody scores." in whats(even.verified)


def test_sequences_of_equal_length_by_their_top() -> None:
    ruling = ruled(sheet(sequence={"elder": "quart to the jack", "younger": "quart major"},
                         point={"elder": "point of four", "younger": "point of six"},
                         good=None, sets={"elder": ["three aces"]}))
    assert "the younger hand's quart major beats quart to the jack" in whats(ruling.verified)
    assert ruling.scores["younger"] == 6 + 4 + 9 + 10


def test_carte_blanche_courts_drawn() -> None:
    fine = ruled(sheet(carte_blanche="elder", sets={"elder": ["three aces", "three kings"]}))
    assert fine.violations == ()
    assert fine.scores["elder"] == 11 + 10 + 3  # carte blanche, counted first (Q8)
    assert "carte blanche, as reported" in whats(fine.as_reported)
    bad = ruled(sheet(carte_blanche="elder", sets={"elder": ["four kings", "three queens"]}))
    assert codes(bad) == [("carte_blanche_impossible", "sheet.carte_blanche")]
    assert "at most 5 from the talon: his sets show 7" in bad.violations[0].message


# --- Play points against the tricks (Q6) -------------------------------------------------------


@pytest.mark.parametrize(("tricks", "play", "options", "location", "says"), [
    ((5, 7), (5, 9), PiquetOptions(), "sheet.play.elder", "at least 6"),
    ((5, 7), (12, 9), PiquetOptions(), "sheet.play.elder", "at most 11"),
    ((5, 7), (8, 7), PiquetOptions(), "sheet.play.younger", "at least 8"),
    ((5, 7), (8, 14), PiquetOptions(), "sheet.play.younger", "at most 13"),
    # 8 means 2 won on younger's lead; 11 means 4 won on elder's lead: they cannot alternate.
    ((5, 7), (8, 11), PiquetOptions(), "sheet.play", "do not fit together"),
    ((12, 0), (13, 1), PiquetOptions(), "sheet.play.younger", "at most 0"),
    ((5, 7), (12, 2), PiquetOptions(lead_point="ten_or_higher"), "sheet.play.elder",
     "at most 11"),
    ((5, 7), (0, 0), PiquetOptions(lead_point="ten_or_higher"), "sheet.play",
     "the last trick counts at least 1"),
])
def test_play_points_that_the_tricks_do_not_allow(
    tricks: tuple[int, int], play: tuple[int, int], options: PiquetOptions, location: str,
    says: str,
) -> None:
    ruling = ruled(sheet(tricks=dict(zip(("elder", "younger"), tricks, strict=True)),
                         play=dict(zip(("elder", "younger"), play, strict=True))), options)
    assert [(v.code, v.location) for v in ruling.violations] == [("play_impossible", location)]
    assert says in ruling.violations[0].message


@pytest.mark.parametrize(("tricks", "play"), [
    ((5, 7), (8, 9)), ((5, 7), (6, 8)), ((5, 7), (7, 9)), ((12, 0), (13, 0)),
    ((0, 12), (1, 13)), ((6, 6), (13, 12)), ((7, 5), (8, 6)),
])
def test_play_points_the_tricks_allow(tricks: tuple[int, int], play: tuple[int, int]) -> None:
    ruling = ruled(sheet(tricks=dict(zip(("elder", "younger"), tricks, strict=True)),
                         play=dict(zip(("elder", "younger"), play, strict=True))))
    assert not [v for v in ruling.violations if v.code == "play_impossible"]


def test_claimed_totals_that_leave_impossible_play() -> None:
    ruling = ruled(sheet(play=None, claimed={"elder": 30, "younger": 41}))
    assert codes(ruling) == [("play_impossible", "sheet.claimed.elder")]
    assert ruling.violations[0].message.startswith(
        "The claimed totals leave 27 and 9 in play. The elder hand counted 27")


# --- The cards, capot, repique and pique (Q6, Q7) ---------------------------------------------


def test_capot_only_at_twelve_to_nothing() -> None:
    ruling = ruled(sheet(tricks={"elder": 0, "younger": 12}, play={"elder": 1, "younger": 13}))
    assert ruling.capot == "younger" and ruling.cards == "younger"
    assert ruling.scores["younger"] == 22 + 13 + 40
    eleven = ruled(sheet(tricks={"elder": 1, "younger": 11}, play={"elder": 2, "younger": 12}))
    assert eleven.capot is None and eleven.scores["younger"] == 22 + 12 + 10
    even = ruled(sheet(tricks={"elder": 6, "younger": 6}, play={"elder": 8, "younger": 8}))
    assert even.cards is None
    assert "Six tricks each: nobody scores the cards." in whats(even.computed)


# Q8's example: elder declares only four aces (14); younger has the point (five, 5) and two
# quints (30): younger reached 35 first (sets come after sequences): younger's repique.
REPIQUE: dict[str, Any] = {
    "point": {"younger": "point of five"},
    "sequence": {"younger": ["quint to the king in spades", "quint to the king in hearts"]},
    "sets": {"elder": ["four aces"]},
    "tricks": {"elder": 6, "younger": 6},
    "play": {"elder": 8, "younger": 7},
}


def test_repique_derived_in_q8_order() -> None:
    ruling = ruled(REPIQUE)
    assert ruling.violations == ()
    assert ruling.repique == "younger"
    assert [(c.who, c.step, c.points) for c in ruling.counts[:5]] == [
        ("younger", "point", 5), ("younger", "sequence", 15), ("younger", "sequence", 15),
        ("younger", "repique", 60), ("elder", "sets", 14)]
    assert "first lead" in ruling.counts[3].note
    assert ruling.scores == {"elder": 14 + 8, "younger": 5 + 30 + 60 + 7}
    assert "Repique: the younger hand reached 35" in whats(ruling.computed)
    # The point to elder saves him: no repique (Q8).
    saved = ruled({**REPIQUE, "point": {"elder": "point of six"}})
    assert saved.repique is None


def test_repique_below_the_threshold() -> None:
    # 29 in declarations is no repique (Q7: 30 needed).
    ruling = ruled({**REPIQUE, "point": {}, "sets": {},
                    "sequence": {"younger": ["quint", "quart", "tierce"]}})
    assert ruling.repique is None


# Elder: a quint and four aces (29) announced; younger nothing: the first lead makes 30.
PIQUE: dict[str, Any] = {
    "sequence": {"elder": "quint major in spades"},
    "sets": {"elder": ["four aces"]},
    "tricks": {"elder": 7, "younger": 5},
    "play": {"elder": 10, "younger": 7},
}


def test_a_certain_pique_is_computed() -> None:
    ruling = ruled(PIQUE)
    assert ruling.pique == "elder"
    assert ruling.scores["elder"] == 29 + 10 + 10 + 30
    assert "The elder hand's pique: 29 in the declarations and 1 for the first lead." \
        in whats(ruling.computed)
    said = ruled({**PIQUE, "pique": "elder"})
    assert said.pique == "elder" and said.violations == ()
    assert "pique: 29 in the declarations" in whats(said.verified)
    missed = ruled({**PIQUE, "pique": None})
    assert codes(missed) == [("pique_missed", "sheet.pique")]


def test_a_possible_pique_is_taken_as_reported() -> None:
    # 20 in declarations: elder needs 10 more before younger scores: possible with 9 tricks
    # led and won from the first.
    line = {**PIQUE, "sequence": {"elder": "quint"}, "sets": {"elder": ["trio of aces",
                                                                         "trio of kings"]},
            "tricks": {"elder": 10, "younger": 2}, "play": {"elder": 12, "younger": 3}}
    assert ruled(line).pique is None
    assert "one was possible for the elder hand" in whats(ruled(line).as_reported)
    claimed = ruled({**line, "pique": "elder"})
    assert claimed.pique == "elder" and claimed.violations == ()
    assert "pique, as reported" in whats(claimed.as_reported)


@pytest.mark.parametrize(("line", "options", "says"), [
    ({"sequence": {"younger": "quint"}, "sets": {"younger": ["four kings"]},
      "tricks": {"elder": 5, "younger": 7}, "play": {"elder": 7, "younger": 8},
      "pique": "younger"}, PiquetOptions(), "only the elder hand can win a pique"),
    ({**Q10_SHEET, "pique": "elder"}, PiquetOptions(),
     "the younger hand scored 22 in the declarations"),
    ({**REPIQUE, "pique": "younger"}, PiquetOptions(), "a repique was made"),
    ({**PIQUE, "sequence": {"elder": "quart"}, "pique": "elder"}, PiquetOptions(),
     "at most 5 tricks won in a row from the first lead make only 24 before the younger hand "
     "scores"),
    ({**PIQUE, "sequence": {"elder": "quart"}, "pique": "elder",
      "play": {"elder": 1, "younger": 2}},
     PiquetOptions(lead_point="ten_or_higher"), "18 in the declarations, 1 in play and the "
     "cards make only 29"),
])
def test_an_impossible_pique(line: dict[str, Any], options: PiquetOptions, says: str) -> None:
    ruling = ruled(line, options)
    assert codes(ruling) == [("pique_impossible", "sheet.pique")]
    assert says in ruling.violations[0].message
    assert ruling.pique is None


def test_younger_pique_under_ten_or_higher() -> None:
    line = {"sequence": {"younger": "quint major in spades"}, "sets": {"younger": ["four kings"]},
            "tricks": {"elder": 5, "younger": 7}, "play": {"elder": 3, "younger": 9},
            "pique": "younger"}
    ruling = ruled(line, PiquetOptions(lead_point="ten_or_higher"))
    assert ruling.violations == () and ruling.pique == "younger"
    assert ruling.scores["younger"] == 29 + 9 + 10 + 30


# --- Totals ----------------------------------------------------------------------------------


def test_q10_totals() -> None:
    ruling = rule_totals(totals_from_record({"scores": {"elder": 11, "younger": 41}}))
    assert ruling.scores == {"elder": 11, "younger": 41}
    assert ruling.violations == ()
    data = ruling.as_dict()
    assert data["level"] == "totals"
    assert data["as_reported"][0]["what"].startswith("The deal's points as reported")
    assert "within what one deal can give (0 to 180)" in data["verified"][0]["what"]


@pytest.mark.parametrize(("scores", "options", "location", "says"), [
    ((-1, 41), PiquetOptions(), "totals.scores.elder", "never negative"),
    ((11, 181), PiquetOptions(), "totals.scores.younger", "at most 180"),
    ((0, 41), PiquetOptions(), "totals.scores.elder", "his first lead"),
    ((1, 11), PiquetOptions(), "totals.scores", "at least 13 in play"),
    ((40, 0), PiquetOptions(), "totals.scores.elder", "at least 53"),
])
def test_impossible_totals(scores: tuple[int, int], options: PiquetOptions, location: str,
                           says: str) -> None:
    ruling = rule_totals(totals_from_record(
        {"scores": dict(zip(("elder", "younger"), scores, strict=True))}), options)
    assert [v.location for v in ruling.violations] == [location]
    assert says in ruling.violations[0].message


def test_totals_under_ten_or_higher() -> None:
    # A first lead below the ten scores nothing: elder may end with nothing.
    ruling = rule_totals(totals_from_record({"scores": {"elder": 0, "younger": 12}}),
                         PiquetOptions(lead_point="ten_or_higher"))
    assert ruling.violations == ()


@pytest.mark.parametrize("record", [
    {"scores": {"elder": 11}}, {"scores": [11, 41]}, {"score": {"elder": 1, "younger": 2}},
    {"scores": {"elder": 1.5, "younger": 2}},
])
def test_unreadable_totals(record: dict[str, Any]) -> None:
    with pytest.raises(RecordError) as caught:
        totals_from_record(record)
    assert caught.value.violations[0].location.startswith("totals")


def test_the_bound_of_one_deal() -> None:
    assert MOST_IN_ONE_DEAL == 10 + 57 + 60 + 13 + 40


def test_the_most_one_hand_can_declare() -> None:
    """MOST_DECLARED by trying every hand suit by suit: the sets depend only on which of the
    ten to the ace each suit holds; for each such pattern and suit length keep the suit's best
    sequences; then every four patterns (suits unordered) and lengths adding up to 12."""
    scores = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
    best_runs: dict[tuple[int, int], int] = {}
    for mask in range(256):
        ranks = [r for r in range(7, 15) if mask >> (r - 7) & 1]
        total, run = 0, 0
        for i, rank in enumerate([*ranks, 99]):
            if i and rank == ranks[i - 1] + 1:
                run += 1
            else:
                total += scores.get(run, 0)
                run = 1
        key = (mask >> 3, len(ranks))
        best_runs[key] = max(best_runs.get(key, 0), total)
    best = 0
    for patterns in itertools.combinations_with_replacement(range(32), 4):
        sets = 0
        for bit in range(5):
            held = sum(1 for p in patterns if p >> bit & 1)
            sets += 14 if held == 4 else 3 if held == 3 else 0
        if sets + 32 + 8 <= best:  # not even the most runs (32) and point (8) could beat it
            continue
        options = [[(n, best_runs[p, n]) for n in range(9) if (p, n) in best_runs]
                   for p in patterns]
        for choice in itertools.product(*options):
            if sum(n for n, _ in choice) == 12:
                best = max(best, sets + max(n for n, _ in choice) + sum(s for _, s in choice))
    assert best == MOST_DECLARED


def test_point_and_sequences_that_no_twelve_cards_hold() -> None:
    """Q5: a point of seven with a sixième and two tierces needs 13 cards."""
    ruling = ruled(sheet(point={"elder": "point of seven", "younger": "point of five"},
                         sequence={"elder": ["sixième", "tierce", "tierce"]},
                         sets={"elder": ["three aces"]}, good=None))
    assert ("sequence_impossible", "sheet.sequence.elder") in codes(ruling)
    assert "cannot be held together in 12 cards" in " ".join(v.message for v in ruling.violations)
