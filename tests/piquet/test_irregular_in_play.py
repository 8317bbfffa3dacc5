"""Irregularities found in play that are no violation of the record (Q12,
rules/irregularities.md): a hand of more than twelve cards (PT 58), of fewer (PT 57), a talon
offence (PT 27–29, 33, 35), each with the penalty of the laws and the table's option."""

from __future__ import annotations

import pytest

from referee.piquet import (
    Announcement,
    PiquetDeal,
    PiquetOptions,
    deal_from_record,
    progress,
    rule_deal,
)
from referee.violations import RecordError

from .examples import Q10_DEALT, Q10_RECORD, Q10_TRICKS, cards, q10_deal

# Q10 (Bill elder 11, Ann younger 41), but Bill is found at the end to have held five more
# diamonds he never played (he took back his discard: PT 25, Case XXI): seventeen cards.
LONG = (("long_hand", "elder"),)
BILL_KEPT = {"elder": cards("QD TD 9D 8D 7D")}


def test_a_long_hand_reckons_nothing_but_his_cards_bar() -> None:
    """PT 58: he "can reckon nothing that deal; but his cards… are good to bar his
    adversary": Bill's seven diamonds (65) make Ann's point of six (57) not good, and Bill
    scores nothing; Ann keeps her sixième (16), her play and the cards: 41 - 6 = 35."""
    ruling = rule_deal(PiquetDeal(tricks=Q10_TRICKS, irregular=LONG, unplayed=BILL_KEPT))
    assert ruling.violations == ()
    assert ruling.scores == {"elder": 0, "younger": 35}
    point = ruling.counts[0]
    assert (point.who, point.what, point.points) == ("elder", "point of seven, 65", 7)
    penalty = ruling.counts[-1]
    assert (penalty.who, penalty.points, penalty.stage, penalty.rule) == (
        "elder", -18, "penalty", "Q12")
    assert penalty.what == "reckons nothing this deal: more than twelve cards (PT 58)"
    [item] = ruling.irregularities
    assert (item.kind, item.who, item.law, item.penalty) == ("long_hand", "elder", "PT 58",
                                                             "reckon_nothing")
    assert "5 cards never played" in item.consequence
    # Case XIX: the twelfth trick is the last trick; the cards never played are no trick.
    assert ruling.tricks_won == {"elder": 5, "younger": 7}
    assert ruling.counts[-3].what == "the last trick"


def test_without_the_long_hand_recorded_the_same_deal_scores_as_played() -> None:
    plain = rule_deal(PiquetDeal(tricks=Q10_TRICKS))
    assert plain.scores == {"elder": 11, "younger": 41}


# Bill (elder) holds no court card (a carte blanche) and leads the ♠10; Ann holds every court
# card and wins every trick.
NO_COURTS_TRICKS = tuple(cards(t) for t in (
    "TS JS|QS 9S|KS 8S|JH TH|QH 9H|KH 8H|JC TC|QC 9C|KC 8C|JD TD|QD 9D|KD 8D").split("|"))


def test_a_long_hand_keeps_a_carte_blanche() -> None:
    """Case XXI: the law on too many cards "does not apply to a carte blanche", which scores
    before the play: Bill keeps its 10 and nothing else (his leads are lost)."""
    blanche = {"elder": Announcement(carte_blanche=True)}
    ruling = rule_deal(PiquetDeal(tricks=NO_COURTS_TRICKS, declarations=blanche,
                                  irregular=LONG, unplayed={"elder": cards("7D")}))
    assert ruling.carte_blanche == "elder"
    assert ruling.scores["elder"] == 10
    assert ruling.counts[-1].points == -(sum(c.points for c in ruling.counts[:-1]
                                             if c.who == "elder") - 10)
    assert sum(c.points for c in ruling.counts if c.who == "elder" and c.step == "play") > 0


def test_a_long_hand_may_void_the_deal_by_the_table_option() -> None:
    """Option long_hand "void" (the digest's proposal after Case XXII): nobody scores."""
    ruling = rule_deal(PiquetDeal(tricks=Q10_TRICKS, irregular=LONG, unplayed=BILL_KEPT),
                       PiquetOptions(long_hand="void"))
    assert ruling.scores == {"elder": 0, "younger": 0}
    assert ruling.irregularities[0].penalty == "void"
    assert "Case XXII" in ruling.irregularities[0].consequence


def test_a_long_hand_with_the_dealt_hand_of_thirteen_is_no_misdeal_once_played() -> None:
    """An unnoticed misdeal becomes a long hand: Bill dealt thirteen (♦7 too), kept it and
    never played it. His dealt hand and discards are set aside; the play is ruled."""
    dealt = {"elder": (*Q10_DEALT["elder"], *cards("7D"))}
    with pytest.raises(RecordError) as caught:
        rule_deal(PiquetDeal(tricks=Q10_TRICKS, dealt=dealt))
    assert caught.value.violations[0].code == "hand_size"
    ruling = rule_deal(PiquetDeal(tricks=Q10_TRICKS, dealt=dealt, irregular=LONG,
                                  unplayed={"elder": cards("7D")}))
    assert ruling.violations == ()
    assert ruling.scores == {"elder": 0, "younger": 41}
    assert ruling.irregularities[0].kind == "long_hand"


def test_cards_never_played_must_be_a_long_hand_and_not_in_the_tricks() -> None:
    with pytest.raises(RecordError) as caught:
        rule_deal(PiquetDeal(tricks=Q10_TRICKS, unplayed=BILL_KEPT, irregular=(
            ("talon_offence", "younger"),)))
    assert (caught.value.violations[0].code, caught.value.violations[0].location) == (
        "bad_irregular", "unplayed.elder")
    with pytest.raises(RecordError) as caught:
        rule_deal(PiquetDeal(tricks=Q10_TRICKS, irregular=LONG,
                             unplayed={"elder": cards("KS")}))
    assert (caught.value.violations[0].code, caught.value.violations[0].location) == (
        "unplayed_played", "unplayed.elder[0]")
    with pytest.raises(RecordError) as caught:
        rule_deal(PiquetDeal(tricks=Q10_TRICKS, irregular=(("long_hand", "tricks[0]"),)))
    assert (caught.value.violations[0].code, caught.value.violations[0].location) == (
        "bad_irregular", "irregular[0].location")


# Q10, but Bill (elder) played with eleven cards (he discarded five and took four, PT 30):
# he had no ♠9 for trick 12, so Ann's ♥9 could not be played to.
SHORT_TRICKS = (*Q10_TRICKS[:11], cards("9H"))


def test_a_short_hand_has_no_penalty_the_cards_not_played_to_are_tricks() -> None:
    """PT 57: "liable to no penalty. His adversary counts as tricks all cards that cannot be
    played to": Ann leads the ♥9 (1) and takes the twelfth, the last trick (1 more, Case
    XIX); Bill loses his lead of the ♠9 and the last trick: Bill 9, Ann 43, tricks 4 to 8."""
    with pytest.raises(RecordError):
        rule_deal(PiquetDeal(tricks=SHORT_TRICKS))
    ruling = rule_deal(PiquetDeal(tricks=SHORT_TRICKS, irregular=(("short_hand", "elder"),)))
    assert ruling.violations == ()
    assert ruling.scores == {"elder": 9, "younger": 43}
    assert ruling.tricks_won == {"elder": 4, "younger": 8}
    last = ruling.tricks[-1]
    assert (last.leader, last.winner, len(last.cards)) == ("younger", "younger", 1)
    assert [(c.who, c.what) for c in ruling.counts if c.trick == 11] == [
        ("younger", "lead of the nine of hearts"), ("younger", "the last trick")]
    [item] = ruling.irregularities
    assert (item.kind, item.who, item.law, item.penalty) == ("short_hand", "elder", "PT 57",
                                                             "none")
    assert "counts as tricks the 1 card that could not be played to" in item.consequence


def test_a_short_hand_can_lose_a_capot_the_cards_not_played_to_win_it() -> None:
    """Every card of Ann's not played to is her trick (PT 57): with two short for Bill the
    two lone tricks are hers."""
    two_short = (*Q10_TRICKS[:10], cards("9H"), cards("KD"))
    ruling = rule_deal(PiquetDeal(tricks=two_short, irregular=(("short_hand", "elder"),)))
    assert ruling.tricks_won == {"elder": 3, "younger": 9}
    assert [t.winner for t in ruling.tricks[-2:]] == ["younger", "younger"]


# A talon offence: Ann (younger) exposed and took up one of the top five cards of the talon.
TALON = (("talon_offence", "younger"),)


def test_a_talon_offence_reckons_nothing() -> None:
    """PT 29: "he can reckon nothing that deal" (default); his counts still bar."""
    ruling = rule_deal(q10_deal(irregular=TALON))
    assert ruling.violations == ()
    assert ruling.scores == {"elder": 11, "younger": 0}
    [item] = ruling.irregularities
    assert (item.kind, item.who, item.law, item.penalty) == (
        "talon_offence", "younger", "PT 27–29, 33, 35", "reckon_nothing")
    assert ruling.counts[-1].what == "reckons nothing this deal: talon offence (PT 27–29, 33, " \
        "35)"
    # Ann's point and sixième still stand in the counts, so Bill's three aces are all he has.
    assert ruling.pique is None and ruling.repique is None


def test_a_talon_offence_fresh_deal_by_the_table_option() -> None:
    """PT 28–29: the other player "may elect to have a fresh deal"."""
    ruling = rule_deal(q10_deal(irregular=TALON), PiquetOptions(talon_offence="fresh_deal"))
    assert ruling.scores == {"elder": 0, "younger": 0}
    assert ruling.tricks == ()
    [item] = ruling.irregularities
    assert (item.kind, item.penalty, item.law) == ("talon_offence", "fresh_deal", "PT 28–29")
    # no need for the tricks: the election is made before the play
    assert rule_deal(PiquetDeal(tricks=(), irregular=TALON),
                     PiquetOptions(talon_offence="fresh_deal")).scores == {"elder": 0,
                                                                           "younger": 0}


def test_read_from_the_record_and_in_progress() -> None:
    record = {**Q10_RECORD, "irregular": [{"code": "long_hand", "location": "elder"}],
              "unplayed": {"elder": ["7D"]}}
    deal = deal_from_record(record)
    assert deal.irregular == LONG and deal.unplayed == {"elder": cards("7D")}
    # a deal in progress takes a thirteen-card hand once the long hand is recorded
    dealt = {**Q10_DEALT, "elder": (*Q10_DEALT["elder"], *cards("7D"))}
    with pytest.raises(RecordError):
        progress(PiquetDeal(tricks=Q10_TRICKS[:3], dealt=dealt))
    found = progress(PiquetDeal(tricks=Q10_TRICKS[:3], dealt=dealt, irregular=LONG))
    assert found.phase == "play" and found.to_play == "elder"


def test_a_short_hand_in_progress_the_adversary_plays_alone() -> None:
    """Step by step (PT 57): once Bill, who won trick 11, is recorded short he cannot lead;
    Ann is to play, and her card alone completes the deal. Ann recorded short when Bill has
    led the ♠9 and she has no card: the ♠9 alone is Bill's trick and the deal is complete."""
    eleven = Q10_TRICKS[:11]
    assert progress(PiquetDeal(tricks=eleven)).to_play == "elder"
    short_bill = (("short_hand", "elder"),)
    found = progress(PiquetDeal(tricks=eleven, irregular=short_bill))
    assert (found.phase, found.to_play) == ("play", "younger")
    done = progress(PiquetDeal(tricks=SHORT_TRICKS, irregular=short_bill))
    assert done.phase == "complete" and done.score == {"elder": 9, "younger": 43}
    alone = (*eleven, cards("9S"))
    assert progress(PiquetDeal(tricks=alone)).phase == "play"
    ann_short = progress(PiquetDeal(tricks=alone, irregular=(("short_hand", "younger"),)))
    assert ann_short.phase == "complete"
    assert ann_short.tricks[-1].winner == "elder"
    assert ann_short.score == {"elder": 11, "younger": 41}  # her ♥9 scored nothing in Q10


def test_a_talon_offence_the_adversarys_election_in_the_record_rules_it() -> None:
    """PT 28–29: the player not in fault elects; the record's entry carries his election and
    the table's option is only the default. Ann (younger) took one of the top five: Bill
    elects a fresh deal although the table's option is to reckon nothing, or elects to play
    on (Ann reckons nothing: Bill 11, Ann 0) although the option is a fresh deal."""
    record = {**Q10_RECORD, "irregular": [
        {"code": "talon_offence", "location": "younger", "election": "fresh_deal"}]}
    fresh = rule_deal(deal_from_record(record))
    assert fresh.scores == {"elder": 0, "younger": 0} and fresh.tricks == ()
    [item] = fresh.irregularities
    assert (item.penalty, item.law) == ("fresh_deal", "PT 28–29")
    assert "his election" in item.consequence
    record["irregular"][0]["election"] = "play_on"
    on = rule_deal(deal_from_record(record), PiquetOptions(talon_offence="fresh_deal"))
    assert on.scores == {"elder": 11, "younger": 0}
    [item] = on.irregularities
    assert (item.penalty, item.law) == ("reckon_nothing", "PT 28–29")
    assert "elects to play on" in item.consequence
    record["irregular"][0]["election"] = "whatever"
    with pytest.raises(RecordError):
        deal_from_record(record)


# Bill (elder) is dealt no court card — a carte blanche (Q3) — and shows none of his
# declarations; he discards ♦9 ♦10 ♦A and takes ♥7 ♦8 ♦7; Ann discards ♦J ♦Q ♦K. Played out,
# as the table's cards were legal, Bill scores 15 (carte blanche 10, 5 in play), Ann 57.
BLANCHE = {
    "dealt": {"elder": "AS TS 9S 8S 7S AH TH 9H 8H AD TD 9D".split(),
              "younger": "KS QS JS KH QH JH KD QD JD KC QC JC".split()},
    "talon": "7H 8D 7D AC TC 9C 8C 7C".split(),
    "exchange": {"elder": "9D TD AD".split(), "younger": "JD QD KD".split()},
    "tricks": [t.split() for t in ("7D 9C|7H JH|AC 7S|JC 8D|JS 8S|KC 8H|KH 9H|KS 9S|QC AH|"
                                   "QH TH|QS AS|TS TC").split("|")],
}


@pytest.mark.parametrize(("irregular", "scores"), [
    ([], {"elder": 15, "younger": 57}),
    # PT 58, Case XXI: reckons nothing, the carte blanche excepted
    ([{"code": "long_hand", "location": "elder"}], {"elder": 10, "younger": 57}),
    # PT 27: reckons nothing, the carte blanche excepted ("reckons nothing", the laws' terms)
    ([{"code": "talon_offence", "location": "elder"}], {"elder": 10, "younger": 57}),
])
def test_a_dealt_carte_blanche_scores_whatever_the_hand_s_size(
        irregular: list[dict[str, str]], scores: dict[str, int]) -> None:
    """The carte blanche Bill was dealt (his hand as dealt set aside for its wrong size, and
    no declaration saying he showed it) scores first and is kept: a carte blanche "accrues
    before any cards are taken in" (Case XXI)."""
    ruling = rule_deal(deal_from_record({**BLANCHE, "irregular": irregular}))
    assert (ruling.scores, ruling.carte_blanche, ruling.violations) == (scores, "elder", ())


def test_a_short_hand_keeps_his_dealt_carte_blanche() -> None:
    """PT 57: a short hand is "liable to no penalty": Bill, one card short (he never held the
    ♠10), keeps his carte blanche, which saves him the repique; Ann's ♣10 is the lone last
    trick."""
    tricks = [*BLANCHE["tricks"][:-1], ["TC"]]
    ruling = rule_deal(deal_from_record({**BLANCHE, "tricks": tricks, "irregular": [
        {"code": "short_hand", "location": "elder"}]}))
    assert (ruling.scores, ruling.carte_blanche, ruling.repique) == (
        {"elder": 13, "younger": 59}, "elder", None)


def test_a_false_call_keeps_the_carte_blanche() -> None:
    """PT 54 with the laws' "reckons nothing": Bill shows his carte blanche and calls a trio
    of aces he does not hold (the ♦A is discarded): he loses his point and play, not the 10."""
    ruling = rule_deal(deal_from_record({
        **BLANCHE, "declarations": {"elder": {"carte_blanche": True, "point": 5,
                                              "sets": ["trio:A"]}},
        "irregular": [{"code": "announcement_not_held",
                       "location": "declarations.elder.sets[0]"}]}))
    assert (ruling.scores["elder"], ruling.carte_blanche) == (10, "elder")
    assert ruling.irregularities[0].penalty == "reckon_nothing"
