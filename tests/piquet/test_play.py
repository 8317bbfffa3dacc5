"""Q6 play of the cards: winners, points for leads and wins, last trick, the cards, revokes."""

from __future__ import annotations

import pytest

from referee.piquet import PiquetDeal, PiquetOptions, rule_deal
from referee.piquet.play import play_tricks, trick_winner

from .examples import Q10_TRICKS, cards, q10_deal, rule_hands, tricks

TEN_OR_HIGHER = PiquetOptions(lead_point="ten_or_higher")


def test_higher_card_of_the_suit_led_wins() -> None:
    assert trick_winner("elder", *cards("KS AS")) == "younger"
    assert trick_winner("elder", *cards("QS 7S")) == "elder"
    # A card of another suit never wins, however high.
    assert trick_winner("younger", *cards("JC AH")) == "younger"
    assert trick_winner("younger", *cards("7C AC")) == "elder"


def test_winner_leads_the_next_trick() -> None:
    results, _ = play_tricks(Q10_TRICKS, PiquetOptions())
    assert [t.leader for t in results[:5]] == ["elder", "younger", "elder", "elder", "younger"]


def test_play_points_every_lead_wins_on_opponents_lead_and_last_trick() -> None:
    _, points = play_tricks(tricks("8H 9H|9H 7S"), PiquetOptions())
    # Trick 1: elder leads (1), younger wins it (1); trick 2: younger leads (1), wins his own.
    assert [(p.who, p.what, p.points) for p in points] == [
        ("elder", "lead 8H", 1), ("younger", "wins trick 1", 1), ("younger", "lead 9H", 1)]


def test_last_trick_scores_one_extra() -> None:
    ruling = rule_deal(PiquetDeal(tricks=Q10_TRICKS))
    assert [(e.who, e.what) for e in ruling.log if e.what == "last trick"] == [
        ("elder", "last trick")]


def test_ten_or_higher_option_scores_only_leads_and_wins_with_a_ten_or_higher() -> None:
    _, points = play_tricks(tricks("8H 9H|9H TH|TH JH"), TEN_OR_HIGHER)
    # 8H led: nothing; 9H wins: nothing; 9H led: nothing; TH wins: 1; TH led: 1; JH wins: 1.
    assert [(p.who, p.what) for p in points] == [
        ("elder", "wins trick 2"), ("elder", "lead TH"), ("younger", "wins trick 3")]


def test_ten_or_higher_option_on_q10() -> None:
    # Bill: KS QS TS AD led, AC AH win, last trick (9S led scores nothing): 7 + trio 3 = 10.
    # Ann: AS JS win, KC QC JC TC QH led (9C 8C not): 7 + 22 + the cards 10 = 39.
    ruling = rule_deal(q10_deal(), TEN_OR_HIGHER)
    assert ruling.scores == {"elder": 10, "younger": 39}
    assert ("elder", "last trick") in [(e.who, e.what) for e in ruling.log]
    assert "lead 9S" not in [e.what for e in ruling.log]


# Six tricks each: elder wins the six spade tricks, younger the rest.  Points and sixièmes
# (♠A-9 against ♥A-9) are exactly equal; younger's trios of aces and kings score 6.
SPLIT_TRICKS = tricks("AS 7S|KS 8S|QS 9H|JS TH|TS JH|9S QH|7D KD|AH 8D|KH 9D|AD TD|AC JD|KC QD")


def test_six_tricks_each_nobody_scores_the_cards() -> None:
    ruling = rule_deal(PiquetDeal(tricks=SPLIT_TRICKS))
    assert ruling.violations == ()
    assert ruling.tricks_won == {"elder": 6, "younger": 6}
    assert ruling.cards is None
    assert "the cards" not in [e.what for e in ruling.log]
    decl = ruling.declarations
    assert decl.point.winner is None and decl.sequence.winner is None
    # Elder: 7 leads; younger: wins trick 7, leads 8-12, last trick, trios 6.
    assert ruling.scores == {"elder": 7, "younger": 13}


def test_more_tricks_win_the_cards_ten() -> None:
    ruling = rule_deal(PiquetDeal(tricks=Q10_TRICKS))
    assert ruling.tricks_won == {"elder": 5, "younger": 7}
    assert (ruling.log[-1].who, ruling.log[-1].what, ruling.log[-1].points) == (
        "younger", "the cards", 10)


CAPOT_ELDER = "AS KS QS JS TS 9S 8S 7S AH AD AC KH"
CAPOT_YOUNGER = "QH JH TH 9H 8H 7H KD QD JD TD KC QC"


def test_capot_scores_forty_instead_of_ten() -> None:
    ruling = rule_hands(CAPOT_ELDER, CAPOT_YOUNGER)
    assert ruling.capot == "elder" and ruling.cards == "elder"
    assert ruling.tricks_won == {"elder": 12, "younger": 0}
    assert [(e.what, e.points) for e in ruling.log if e.what in ("capot", "the cards")] == [
        ("capot", 40)]


# --- revokes -----------------------------------------------------------------------------------

# Q10 with a revoke: in trick 3 Ann plays ♥9 on Bill's ♠Q although she holds ♠J and ♠7; she
# plays the ♠J in trick 4 (the first proof) and the ♠7 in trick 12.  Every trick still goes
# to the same player.
REVOKE_TRICKS = tricks("KS AS|KC AC|QS 9H|TS JS|QC 7C|JC 8S|TC JH|9C 8H|8C JD|QH AH|AD KD|9S 7S")


def test_revoke_with_hands_unknown_is_proven_by_a_later_trick() -> None:
    ruling = rule_deal(PiquetDeal(tricks=REVOKE_TRICKS))
    [violation] = ruling.violations
    assert (violation.code, violation.rule, violation.location) == ("revoke", "Q6", "tricks[2][1]")
    assert "trick 3" in violation.message and "trick 4" in violation.message
    assert "JS" in violation.message
    assert ruling.scores == {"elder": 11, "younger": 41}  # a revoke is flagged, not penalised


def test_revoke_with_hands_known_names_the_card_held() -> None:
    ruling = rule_deal(q10_deal(tricks=REVOKE_TRICKS))
    [violation] = ruling.violations
    assert (violation.code, violation.location) == ("revoke", "tricks[2][1]")
    assert "holding the JS" in violation.message


def test_following_suit_or_being_void_is_no_revoke() -> None:
    # Q10: Bill discards ♠8 on ♣J in trick 6 after playing both his clubs.
    assert rule_deal(PiquetDeal(tricks=Q10_TRICKS)).violations == ()


@pytest.mark.parametrize("lead_point", ["every", "ten_or_higher"])
def test_play_points_add_up(lead_point: str) -> None:
    ruling = rule_deal(q10_deal(), PiquetOptions(lead_point=lead_point))  # type: ignore[arg-type]
    assert sum(e.points for e in ruling.log) == sum(ruling.scores.values())


def test_one_walk_gives_the_tricks_the_points_and_each_roles_plays() -> None:
    """The ruling's one walk of the tricks (Q6) says what play_tricks and plays_by_role say,
    under both lead_point options and with a lead out of turn recorded anyway (Q12)."""
    from referee.piquet.play import plays_by_role, walk_tricks

    for options in (PiquetOptions(), TEN_OR_HIGHER):
        for out_of_turn in (frozenset(), frozenset({3})):
            results, points = play_tricks(Q10_TRICKS, options, out_of_turn)
            walked, plain, plays = walk_tricks(Q10_TRICKS, options, out_of_turn)
            assert walked == results
            assert plain == [tuple(p) for p in points]
            assert plays == plays_by_role(results)
            assert list(plays["elder"].values())[:2] == [(0, 0), (1, 1)]
