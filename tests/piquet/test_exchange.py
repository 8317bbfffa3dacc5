"""Q3 carte blanche and Q4 the exchange, checked against the cards played."""

from __future__ import annotations

from referee.piquet import Announcement, PiquetDeal, rule_deal

from .examples import (
    Q10_DEALT,
    Q10_DECLARATIONS,
    Q10_EXCHANGE,
    Q10_TRICKS,
    build,
    cards,
    q10_deal,
)

Q10_E = "AC KS QS TS 9S 8S KH TH 7H AD TD 8D"
Q10_Y = "KC QC TC 9C 8C JS 7S 9H KD QD 9D 7D"
Q10_T = "AH JH 8H 7C JD AS QH JC"


def found(ruling) -> list[tuple[str, str, str]]:
    return [(v.code, v.rule, v.location) for v in ruling.violations]


# --- Q4 the exchange ---------------------------------------------------------------------------

def test_legal_exchanges_have_no_violations() -> None:
    assert rule_deal(q10_deal()).violations == ()
    # Elder takes only three; younger may then take up to five.
    deal = build(Q10_E, Q10_Y, Q10_T, "KH TH 7H", "QD 9D 7D KD 9H")
    assert rule_deal(deal).violations == ()


def test_elder_exchanges_at_most_five() -> None:
    deal = build(Q10_E, Q10_Y, Q10_T, "KH TH 7H TD 8D 9S", "QD 9D")
    assert found(rule_deal(deal)) == [("exchange_count", "Q4", "exchange.elder")]


def test_elder_exchanges_at_least_one() -> None:
    deal = build(Q10_E, Q10_Y, Q10_T, "", "QD 9D 7D")
    ruling = rule_deal(deal)
    assert found(ruling) == [("exchange_count", "Q4", "exchange.elder")]
    assert "not 0" in ruling.violations[0].message


def test_younger_exchanges_at_most_what_elder_left() -> None:
    # Elder took five, so three are left; the record says younger discarded four.
    deal = q10_deal(exchange={"elder": cards("KH TH 7H TD 8D"),
                              "younger": cards("QD 9D 7D KD")})
    assert ("exchange_count", "Q4", "exchange.younger") in found(rule_deal(deal))


def test_exchange_count_inferred_from_dealt_hand_and_play() -> None:
    # No exchange in the record: elder was dealt exactly the cards he played (no discard).
    deal = PiquetDeal(
        tricks=Q10_TRICKS,
        dealt={"elder": cards("AC 7C KS QS TS 9S 8S AH JH 8H AD JD"), "younger": cards(Q10_Y)},
        talon=cards("AS QH JC KH TH 7H TD 8D"),
    )
    assert found(rule_deal(deal)) == [("exchange_count", "Q4", "dealt.elder")]
    # The Q10 record without its exchange: inferred, legal.
    assert rule_deal(q10_deal(exchange=None)).violations == ()


def test_discard_must_come_from_the_hand() -> None:
    deal = q10_deal(exchange={"elder": cards("KH TH 7H TD KC"), "younger": cards("QD 9D 7D")})
    assert ("discard_not_held", "Q4", "exchange.elder[4]") in found(rule_deal(deal))


def test_talon_cards_are_taken_from_the_top_in_order() -> None:
    # JD and AS swapped in the talon: elder would have taken AS, which younger played in trick
    # 1, and younger JD, which elder played in trick 9.
    deal = q10_deal(talon=cards("AH JH 8H 7C AS JD QH JC"))
    result = found(rule_deal(deal))
    assert ("card_not_held", "Q6", "tricks[0][1]") in result
    assert ("card_not_held", "Q6", "tricks[8][1]") in result
    [message] = [v.message for v in rule_deal(deal).violations if v.location == "tricks[8][1]"]
    assert "JD" in message and "talon" in message


def test_a_discarded_card_cannot_be_played() -> None:
    # The record says elder discarded ♠9 (played in trick 12) instead of ♦8.
    deal = q10_deal(exchange={"elder": cards("KH TH 7H TD 9S"), "younger": cards("QD 9D 7D")})
    result = found(rule_deal(deal))
    assert ("discard_played", "Q4", "tricks[11][0]") in result
    assert ("card_not_played", "Q4", "dealt.elder[11]") in result  # ♦8 kept, never played


def test_hands_after_the_exchange_must_be_the_cards_played() -> None:
    # Elder's ♦A (dealt to him) played by younger instead: not held.
    swapped = list(Q10_TRICKS)
    swapped[10] = cards("KD AD")  # younger cannot lead here, but the cards are what matter
    deal = q10_deal(tricks=tuple(swapped))
    assert any(v.code == "card_not_held" and v.location.startswith("tricks[10]")
               for v in rule_deal(deal).violations)


# --- Q3 carte blanche --------------------------------------------------------------------------

# Younger is dealt no court card; after the exchange he holds ♠A 10 9 8 7 (point of five and a
# quart), four aces and four tens.  Elder holds all the court cards but ♣J until he takes it.
CB_ELDER = "KS QS JS KH QH JH KD QD JD KC QC 8H"
CB_YOUNGER = "AS TS 9S 8S 7S AH TH AD TD AC TC 9D"
CB_TALON = "JC 9H 9C 8D 8C 7H 7D 7C"


def test_carte_blanche_scores_ten_first_and_counts_towards_repique() -> None:
    ruling = rule_deal(build(CB_ELDER, CB_YOUNGER, CB_TALON, "8H", "9D"))
    assert ruling.violations == ()
    assert ruling.carte_blanche == "younger"
    assert ruling.declarations.carte_blanche == "younger"
    assert (ruling.log[0].who, ruling.log[0].what, ruling.log[0].points) == (
        "younger", "carte blanche", 10)
    # 10 + point 5 + quart 4 + quatorze of aces 14 = 33 before elder scores (Q8): repique.
    assert ruling.repique == "younger"
    whats = [e.what for e in ruling.log]
    assert whats.index("repique") == whats.index("quatorze of aces") + 1


def test_carte_blanche_only_from_the_hand_as_dealt() -> None:
    # Same hands after the exchange, but younger was dealt ♣J and discarded it.
    ruling = rule_deal(build("KS QS JS KH QH JH KD QD JD KC QC 8H", "AS TS 9S 8S 7S AH TH AD TD "
                             "AC TC JC", "9D 9H 9C 8D 8C 7H 7D 7C", "8H", "JC"))
    assert ruling.carte_blanche is None


def test_carte_blanche_claim_is_checked_against_the_dealt_hand() -> None:
    claim = {"elder": Announcement(point=5, sets=("trio:A",), carte_blanche=True)}
    ruling = rule_deal(q10_deal(declarations=claim))
    assert found(ruling) == [
        ("carte_blanche_not_held", "Q3", "declarations.elder.carte_blanche")]
    assert "king of spades" in ruling.violations[0].message
    assert ruling.carte_blanche is None
    assert ruling.scores == {"elder": 11, "younger": 41}


def test_carte_blanche_claim_contradicted_by_the_discards() -> None:
    # Hands as dealt unknown, but elder discarded the ♥K: he had a court card.
    claim = {"elder": Announcement(point=5, sets=("trio:A",), carte_blanche=True)}
    ruling = rule_deal(q10_deal(dealt=None, talon=None, declarations=claim))
    assert found(ruling) == [
        ("carte_blanche_not_held", "Q3", "declarations.elder.carte_blanche")]


def test_carte_blanche_claim_accepted_when_the_dealt_hand_is_unknown() -> None:
    deal = build(CB_ELDER, CB_YOUNGER, CB_TALON, "8H", "9D")
    claim = {"younger": Announcement(carte_blanche=True)}
    ruling = rule_deal(PiquetDeal(tricks=deal.tricks, declarations=claim))
    assert ruling.carte_blanche == "younger"
    assert ruling.violations == ()
    # Without the dealt hand or a claim there is no carte blanche.
    assert rule_deal(PiquetDeal(tricks=deal.tricks)).carte_blanche is None


def test_carte_blanche_not_claimed_is_sunk() -> None:
    deal = build(CB_ELDER, CB_YOUNGER, CB_TALON, "8H", "9D",
                 declarations={"younger": Announcement(point=5)})
    ruling = rule_deal(deal)
    assert ruling.carte_blanche is None


def test_both_claim_carte_blanche_the_cards_played_unmask_elder() -> None:
    # Hands unknown: elder plays 11 court cards but can have drawn at most 5 (Q4), so his
    # claim is false; younger's stands.
    deal = build(CB_ELDER, CB_YOUNGER, CB_TALON, "8H", "9D")
    claims = {"elder": Announcement(carte_blanche=True),
              "younger": Announcement(carte_blanche=True)}
    ruling = rule_deal(PiquetDeal(tricks=deal.tricks, declarations=claims))
    assert ruling.carte_blanche == "younger"
    assert [(v.code, v.location) for v in ruling.violations] == [
        ("carte_blanche_not_held", "declarations.elder.carte_blanche")
    ]


def test_a_claim_disproved_by_the_court_cards_played() -> None:
    # Q10 with Bill's five discards known: Ann plays six court cards (KC QC JC JS QH KD) but
    # can have drawn at most three (8 - 5): her carte blanche claim is false and scores nothing.
    ruling = rule_deal(q10_deal(
        dealt=None, talon=None, exchange={"elder": Q10_EXCHANGE["elder"]},
        declarations={"younger": Announcement(point=6, sequence="sixième",
                                              carte_blanche=True)},
    ))
    assert ruling.carte_blanche is None and ruling.repique is None
    assert ruling.scores == {"elder": 11, "younger": 41}
    assert [(v.code, v.location) for v in ruling.violations] == [
        ("carte_blanche_not_held", "declarations.younger.carte_blanche")
    ]


def test_q10_dealt_hands_are_not_cartes_blanches() -> None:
    assert rule_deal(q10_deal(dealt=Q10_DEALT, declarations=Q10_DECLARATIONS)).carte_blanche \
        is None
