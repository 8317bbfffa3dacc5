"""Q7 repique and pique, judged in the Q8 order of counting."""

from __future__ import annotations

import pytest

from referee.piquet import Announcement, PiquetDeal, PiquetOptions, rule_deal

from .examples import build, cards, play_out, rule_hands


def whats(ruling) -> list[str]:
    return [e.what for e in ruling.log]


# Q8, the source's example: elder declares only four aces (14); younger has the better point
# (five spades, 49) and two quints (30): younger reaches 35 before elder scores (sets come after
# sequences), so it is younger's repique.
FOUR_ACES = "AS 8S 7S AH 8H 7H AD 9D 8D AC 9C 8C"
TWO_QUINTS = "KS QS JS TS 9S KH QH JH TH 9H KD QD"


@pytest.mark.parametrize("declarations", [
    None, {"elder": Announcement(sets=("quatorze:A",))},
], ids=["best", "elder announces only his aces"])
def test_younger_repique_over_elders_four_aces(declarations) -> None:
    ruling = rule_hands(FOUR_ACES, TWO_QUINTS, declarations)
    assert ruling.repique == "younger"
    assert ruling.pique is None  # a repique excludes a pique
    decl = ruling.declarations
    assert (decl.point.younger, decl.sequence.younger, decl.sets.elder) == (5, 30, 14)
    assert decl.repique == "younger"
    log = [(e.who, e.what, e.points) for e in ruling.log]
    # Counted at the table: elder's aces and first lead, then younger's declarations; the
    # repique comes right after the quint that reached 30.
    assert log[:6] == [
        ("elder", "quatorze of aces", 14), ("elder", "lead AS", 1),
        ("younger", "point of five", 5), ("younger", "quint", 15), ("younger", "quint", 15),
        ("younger", "repique", 60)]
    assert sum(e.points for e in ruling.log if e.who == "younger") == ruling.scores["younger"]


# Elder: quint ♠A-10 (15), four aces (14) and three kings (3) = 32 in sequences and sets.
QUINT_ACES_KINGS = "AS KS QS JS TS AH KH 7H AD KD 7D AC"


def test_no_repique_when_the_point_is_not_good() -> None:
    # Younger's six clubs win the point (6), counted before elder's sequences and sets.
    ruling = rule_hands(QUINT_ACES_KINGS, "KC QC JC 9C 8C 7C 9S 8S QH JH QD JD")
    decl = ruling.declarations
    assert (decl.point.winner, decl.sequence.elder, decl.sets.elder) == ("younger", 15, 17)
    assert ruling.repique is None and ruling.pique is None


def test_an_equality_does_not_save_from_repique() -> None:
    # Points exactly equal: elder ♠K Q J 10 9 = 49, younger ♥A K Q 10 8 = 49: nobody scores.
    # Elder's quint (15), four jacks (14) and three tens (3) make 32: repique.
    ruling = rule_hands("KS QS JS TS 9S JH JD JC TD TC 7D 7C",
                        "AH KH QH TH 8H AS 8S 7S AD 9D 8D 9C")
    assert ruling.declarations.point.winner is None
    assert ruling.repique == "elder"
    assert whats(ruling)[:4] == ["quint", "quatorze of jacks", "trio of tens", "repique"]
    assert ruling.log[3].elder_total == 92


# Elder holds a quint ♠A-10 and four aces; he announces just those (29); younger sinks all.
ELDER_29 = "AS KS QS JS TS AH 8H 7H AD 8D 7D AC"
YOUNGER_0 = "KH QH JH TH 9H KD QD JD TD 9D KC QC"
ANNOUNCE_29 = {"elder": Announcement(sequence="quint", sets=("quatorze:A",)),
               "younger": Announcement()}


def test_29_in_hand_and_the_first_lead_make_a_pique() -> None:
    ruling = rule_hands(ELDER_29, YOUNGER_0, ANNOUNCE_29)
    assert ruling.declarations.scores == {"elder": 29, "younger": 0}
    assert ruling.repique is None
    assert ruling.pique == "elder"
    assert whats(ruling)[:4] == ["quint", "quatorze of aces", "lead AS", "pique"]
    assert ruling.log[3].elder_total == 60


def test_no_pique_once_the_opponent_has_scored() -> None:
    # Younger announces his point (5, better than elder's unannounced one): no pique.
    ruling = rule_hands(ELDER_29, YOUNGER_0,
                        {**ANNOUNCE_29, "younger": Announcement(point=5)})
    assert ruling.pique is None and ruling.repique is None


def test_younger_can_make_a_pique_when_leads_of_low_cards_score_nothing() -> None:
    # ten_or_higher: elder leads ♠7 (nothing), younger wins it with ♠A (1) after his 29.
    younger = cards(ELDER_29)
    elder = cards("7S 8S 9S KH QH JH TH 9H KD QD JD KC")
    first = cards("7S AS")
    rest = play_out(tuple(c for c in younger if c != first[1]),
                    tuple(c for c in elder if c != first[0]))  # younger leads trick 2
    deal = PiquetDeal(tricks=(first, *rest), declarations={
        "younger": Announcement(sequence="quint", sets=("quatorze:A",)),
        "elder": Announcement()})
    ruling = rule_deal(deal, PiquetOptions(lead_point="ten_or_higher"))
    assert ruling.violations == ()
    assert ruling.pique == "younger"
    assert whats(ruling)[:4] == ["quint", "quatorze of aces", "wins trick 1", "pique"]
    # With every lead scoring, elder's first lead saves him.
    assert rule_deal(deal).pique is None


# Carte blanche saves: elder would have a repique (point 6, sixième and quart 20, trios of aces
# and kings 6 = 32), but younger's carte blanche counts first (Q8).
CB2 = ("AS KS QS JS TS 9S AH KH QH JH AD AC", "8S 7S TH 9H 8H 7H TD 9D 8D 7D 9C 7C",
       "KD 8C QD JD KC QC JC TC", "AC", "7C")


def test_carte_blanche_saves_from_repique_and_pique() -> None:
    deal = build(*CB2)
    ruling = rule_deal(deal)
    assert ruling.violations == ()
    assert ruling.carte_blanche == "younger"
    assert ruling.declarations.scores == {"elder": 32, "younger": 10}
    assert ruling.repique is None and ruling.pique is None
    # The same play without the dealt hands: no carte blanche known, elder's repique.
    assert rule_deal(PiquetDeal(tricks=deal.tricks)).repique == "elder"


# Capot: elder announces only his four aces (14) and wins all twelve tricks.
CAPOT_ELDER = "AS KS QS JS TS 9S 8S 7S AH AD AC KH"
CAPOT_YOUNGER = "QH JH TH 9H 8H 7H KD QD JD TD KC QC"
CAPOT_ANNOUNCED = {"elder": Announcement(sets=("quatorze:A",)), "younger": Announcement()}


def test_capot_the_cards_count_for_pique_when_seven_tricks_are_won() -> None:
    # 14 + 7 leads = 21, + 10 for the cards at the seventh trick = 31: pique.
    ruling = rule_hands(CAPOT_ELDER, CAPOT_YOUNGER, CAPOT_ANNOUNCED)
    assert ruling.capot == "elder"
    assert ruling.pique == "elder"
    assert ruling.scores == {"elder": 14 + 12 + 1 + 40 + 30, "younger": 0}
    assert whats(ruling)[-2:] == ["capot", "pique"]


def test_capot_without_cards_counting_for_pique() -> None:
    # Cavendish's reading: 14 + 12 leads + last trick = 27, capot's 40 never counts: no pique.
    ruling = rule_hands(CAPOT_ELDER, CAPOT_YOUNGER, CAPOT_ANNOUNCED,
                        PiquetOptions(cards_count_for_pique=False))
    assert ruling.capot == "elder"
    assert ruling.pique is None
    assert ruling.scores == {"elder": 14 + 12 + 1 + 40, "younger": 0}
