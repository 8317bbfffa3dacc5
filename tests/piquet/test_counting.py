"""Q8 counting records and the one Q7 judge."""

from __future__ import annotations

from random import Random

import pytest

from referee.piquet import Announcement, PiquetOptions, rule_deal
from referee.piquet.counting import Count, count, judge_q7, q7_race, q8_timeline

from .examples import q10_deal, random_deal, rule_hands
from .test_pique import ANNOUNCE_29, ELDER_29, FOUR_ACES, TWO_QUINTS, YOUNGER_0


def records(ruling) -> list[tuple]:
    return [(c.who, c.what, c.points, c.stage, c.rule) for c in ruling.counts]


def test_q10_counting_records_in_q8_order_named_in_full() -> None:
    counts = records(rule_deal(q10_deal()))
    # Q8: point, sequences, sets, then the play trick by trick, then the cards.
    assert counts[:3] == [
        ("younger", "point of six, 57", 6, "declaring", "Q5"),
        ("younger", "sixième to the king in clubs", 16, "declaring", "Q5"),
        ("elder", "three aces", 3, "declaring", "Q5"),
    ]
    assert counts[3:6] == [
        ("elder", "lead of the king of spades", 1, "playing", "Q6"),
        ("younger", "trick 1 won with the ace of spades", 1, "playing", "Q6"),
        ("younger", "lead of the king of clubs", 1, "playing", "Q6"),
    ]
    assert counts[-2:] == [
        ("elder", "the last trick", 1, "playing", "Q6"),
        ("younger", "the cards, 7 tricks to 5", 10, "the cards", "Q6"),
    ]
    ruling = rule_deal(q10_deal())
    assert sum(c.points for c in ruling.counts if c.who == "elder") == 11
    assert sum(c.points for c in ruling.counts if c.who == "younger") == 41
    data = ruling.as_dict()
    assert data["level"] == "cards"
    assert data["counts"][0] == {"who": "younger", "what": "point of six, 57", "points": 6,
                                 "stage": "declaring", "rule": "Q5", "step": "point"}
    assert data["counts"][3]["trick"] == 1
    assert data["as_reported"] == []
    assert data["computed"][0]["params"] == {"who": ["younger"], "what": ["point of six, 57"],
                                             "points": [6]}
    assert [{k: f[k] for k in ("code", "rule", "what")} for f in data["computed"]] == [
        {"code": "point_counted", "rule": "Q5",
         "what": "The younger hand, point of six, 57: 6."},
        {"code": "sequence_counted", "rule": "Q5",
         "what": "The younger hand, sixième to the king in clubs: 16."},
        {"code": "sets_counted", "rule": "Q5", "what": "The elder hand, three aces: 3."},
        {"code": "play_counted", "rule": "Q6",
         "what": "In play: elder 8, younger 9 (leads, tricks won on the other's "
                 "lead, the last trick)."},
        {"code": "cards_counted", "rule": "Q6",
         "what": "The younger hand, the cards, 7 tricks to 5: 10."},
    ]
    assert data["verified"][0] == {"code": "tricks_checked", "rule": "Q6",
                                   "what": "12 tricks of 2 cards, following suit checked: no "
                                           "revoke.", "params": {"broken": False}}


def test_sequences_major_and_sets_in_full() -> None:
    # Elder: tierce major in hearts, quart to the jack in spades; three kings.  Younger: three
    # aces and three queens, no sequence.
    ruling = rule_hands("AH KH QH JS TS 9S 8S KD KC 7D 7C 8C",
                        "AS QS 7S AD QD 9D 8H AC QC 9C 9H 7H")
    whats = [(c.who, c.what) for c in ruling.counts if c.stage == "declaring"]
    assert whats == [("elder", "point of four, 37"), ("elder", "quart to the jack in spades"),
                     ("elder", "tierce major in hearts"), ("younger", "three aces"),
                     ("younger", "three queens")]


def test_younger_repique_is_explained_before_elders_lead() -> None:
    ruling = rule_hands(FOUR_ACES, TWO_QUINTS, {"elder": Announcement(sets=("quatorze:A",))})
    assert ruling.repique == "younger"
    steps = [(c.who, c.step) for c in ruling.counts[:5]]
    # Q8: younger's point and quints, the repique at once, then elder's aces; play after.
    assert steps == [("younger", "point"), ("younger", "sequence"), ("younger", "sequence"),
                     ("younger", "repique"), ("elder", "sets")]
    repique = ruling.counts[3]
    assert (repique.points, repique.stage, repique.rule) == (60, "declaring", "Q7")
    assert "before the elder hand scored anything" in repique.note
    assert "first lead" in repique.note and "Q8" in repique.note
    # The table's log says it too, on the repique entry (elder's lead was said before).
    entry = next(e for e in ruling.log if e.what == "repique")
    assert entry.note == repique.note
    assert ruling.as_dict()["log"][5]["note"] == repique.note


def test_the_pique_record_follows_the_lead_that_made_it() -> None:
    ruling = rule_hands(ELDER_29, YOUNGER_0, ANNOUNCE_29)
    steps = [(c.step, c.points) for c in ruling.counts[:4]]
    assert steps == [("sequence", 15), ("sets", 14), ("play", 1), ("pique", 30)]
    assert ruling.counts[3].stage == "playing"
    assert ruling.as_dict()["counts"][3]["trick"] == 1


def _c(who, points, stage="declaring", step="point", trick=None, towards=None) -> Count:
    return count(who, "x", points, stage, step, "x", trick, towards)


def test_the_judge_repique_pique_or_nothing() -> None:
    assert judge_q7([_c("elder", 16, step="sequence"), _c("elder", 14, step="sets")]) \
        == ("elder", "repique", 1, 30)
    # The opponent scored first: no repique, no pique.
    assert judge_q7([_c("younger", 1), _c("elder", 30, step="sequence")]) is None
    # 29 in hand and the first lead: pique at the lead.
    assert judge_q7([_c("elder", 29, step="sequence"),
                     _c("elder", 1, "playing", "play", 0)]) == ("elder", "pique", 1, 30)
    # The cards (10) count from the seventh trick won; capot's 40 only as those 10.
    play = [_c("elder", 1, "playing", "play", t) for t in range(12)]
    cards = _c("elder", 40, "the cards", "cards", 6, towards=10)
    judged = judge_q7([_c("elder", 13, step="sequence"), *play, cards])
    assert judged is not None and judged.kind == "pique" and judged.reached == 30
    assert judged.after == 13  # the cards, slotted in after trick 7 (index 6): 13 + 7 + 10
    # Cards that do not count for the pique (option false): the play alone.
    late = _c("elder", 10, "the cards", "cards", None)
    assert judge_q7([_c("elder", 13, step="sequence"), *play, late]) is None


def test_the_race_says_how_far_each_got_before_the_other_scored() -> None:
    # Elder 16 and 3, younger's lead point stops him at 19; younger had nothing before.
    race = q7_race([_c("elder", 16, step="sequence"), _c("elder", 3, step="sets"),
                    _c("younger", 1, "playing", "play", 0), _c("elder", 20, "playing", "play", 1)])
    assert race.judgement is None
    assert race.reached == {"elder": 19, "younger": 0}
    assert race.stopped_by == {"elder": 2, "younger": 0}
    # A repique: the judgement, and the loser stopped by the first count.
    race = q7_race([_c("elder", 16, step="sequence"), _c("elder", 14, step="sets"),
                    _c("younger", 1, "playing", "play", 0)])
    assert race.judgement == ("elder", "repique", 1, 30)
    assert race.reached == {"elder": 30, "younger": 0}
    assert race.stopped_by == {"elder": 2, "younger": 0}
    # Nobody else scored: all he counted.
    race = q7_race([_c("younger", 12, step="sequence")])
    assert race.reached == {"elder": 0, "younger": 12}
    assert race.stopped_by == {"elder": 0, "younger": None}


def test_the_timeline_slots_the_cards_after_their_trick() -> None:
    counts = [_c("elder", 3), _c("younger", 1, "playing", "play", 0),
              _c("younger", 1, "playing", "play", 1), _c("younger", 10, "the cards", "cards", 0)]
    assert list(q8_timeline(counts)) == [0, 1, 3, 2]


@pytest.mark.parametrize("seed", range(40))
def test_counts_add_up_and_declarations_agree_on_the_repique(seed: int) -> None:
    deal, _ = random_deal(Random(seed))
    for options in (PiquetOptions(), PiquetOptions(lead_point="ten_or_higher",
                                                   cards_count_for_pique=False)):
        ruling = rule_deal(deal, options)
        for role in ("elder", "younger"):
            assert sum(c.points for c in ruling.counts if c.who == role) == ruling.scores[role]
            assert sum(e.points for e in ruling.log if e.who == role) == ruling.scores[role]
        assert ruling.declarations.repique == ruling.repique
        order = ["carte_blanche", "point", "sequence", "sets", "play", "cards"]
        steps = [order.index(c.step) for c in ruling.counts if c.step in order]
        assert steps == sorted(steps)
