"""Q5 declarations: point, sequences and sets, announced or each player's best."""

from __future__ import annotations

import pytest

from referee.piquet import Announcement, compare_declarations
from referee.piquet.combinations import best_claims
from referee.violations import RecordError

from .examples import cards, rule_hands


def compare(elder: str, younger: str):
    return compare_declarations(cards(elder), cards(younger))


# --- point -------------------------------------------------------------------------------------

def test_point_most_cards_wins_and_scores_its_length() -> None:
    # Elder: five spades; younger: four hearts at most.
    result = compare("AS KS 9S 8S 7S AH 9H AD 9D AC 9C 8C",
                     "QS JS TS KH QH JH TH KD QD JD KC QC")
    assert (result.point.winner, result.point.elder, result.point.younger) == ("elder", 5, 0)
    assert result.point.scored == ("point of five",)


def test_equal_points_compared_by_pip_value() -> None:
    # Four cards each: elder ♥A K 8 7 = 11+10+8+7 = 36; younger ♠K Q J 9 = 10+10+10+9 = 39.
    result = compare("AH KH 8H 7H AS TS 8S AD TD 8D AC TC",
                     "KS QS JS 9S QH JH 9H KD QD 9D KC QC")
    assert (result.point.winner, result.point.younger, result.point.elder) == ("younger", 4, 0)


def test_exactly_equal_points_score_nothing() -> None:
    # ♥A K 8 7 against ♠A K 8 7: 36 pips each.
    result = compare("AH KH 8H 7H QS JS TS AD KD QD 9C 8C",
                     "AS KS 8S 7S QH JH TH JD TD 9D AC KC")
    assert (result.point.winner, result.point.elder, result.point.younger) == (None, 0, 0)


# --- sequences ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("length", "name", "score"), [
    (3, "tierce", 3), (4, "quart", 4), (5, "quint", 15), (6, "sixième", 16),
    (7, "septième", 17), (8, "huitième", 18),
])
def test_sequence_names_and_scores(length: int, name: str, score: int) -> None:
    run = "AS KS QS JS TS 9S 8S 7S".split()[:length]
    filler = "AH JH 9H 7H AD JD 9D 7D AC JC 9C 7C".split()[:12 - length]
    claims = best_claims(cards(" ".join(run + filler)))
    assert [(c.words, c.score) for c in claims.sequences] == [(name, score)]


def test_longer_sequence_wins_whatever_its_top_card() -> None:
    # Elder's quart J-10-9-8 of spades beats younger's tierce A-K-Q of hearts.
    result = compare("JS TS 9S 8S AD QD 8D AC QC 8C 9H 7H",
                     "AH KH QH AS KS 7S KD JD 9D KC JC 9C")
    assert (result.sequence.winner, result.sequence.elder) == ("elder", 4)
    assert result.sequence.younger == 0


def test_equal_length_higher_top_card_wins() -> None:
    # A-K-Q of hearts (younger) beats K-Q-J of spades (elder).
    result = compare("KS QS JS 9S 7S AD 9D 7D AC 9C 7C 8H",
                     "AH KH QH 9H 7H AS 8S KD 8D KC TC 8C")
    assert (result.sequence.winner, result.sequence.younger) == ("younger", 3)


def test_exactly_equal_sequences_score_nothing() -> None:
    # K-Q-J of spades against K-Q-J of hearts.
    result = compare("KS QS JS 9S 7S AD 9D 7D AC 9C 7C 8H",
                     "KH QH JH 9H 7H AS 8S KD 8D KC TC 8C")
    assert (result.sequence.winner, result.sequence.elder, result.sequence.younger) == (
        None, 0, 0)


def test_sequence_winner_scores_every_sequence_he_holds_the_loser_none() -> None:
    # Younger: quart ♥K-10 (4) wins against elder's tierce ♠9-8-7; he also scores his tierces
    # ♠Q-J-10 and ♦K-Q-J: 4 + 3 + 3 = 10.  Elder scores no sequence.
    result = compare("AS KS 9S 8S 7S AH 9H AD 9D AC 9C 8C",
                     "QS JS TS KH QH JH TH KD QD JD KC QC")
    assert result.sequence.winner == "younger"
    assert result.sequence.younger == 10
    assert sorted(result.sequence.scored) == ["quart", "tierce", "tierce"]
    assert result.sequence.elder == 0


# --- sets --------------------------------------------------------------------------------------

def test_quatorze_beats_quatorze_of_lower_rank_and_nines_never_count() -> None:
    # Elder: four aces (and four nines, which never count); younger: four queens, trios of
    # kings, jacks and tens.  Elder's quatorze of aces wins; he scores 14 only.
    result = compare("AS KS 9S 8S 7S AH 9H AD 9D AC 9C 8C",
                     "QS JS TS KH QH JH TH KD QD JD KC QC")
    assert (result.sets.winner, result.sets.elder, result.sets.younger) == ("elder", 14, 0)
    assert result.sets.scored == ("quatorze of aces",)


def test_any_quatorze_beats_any_trio() -> None:
    # Younger's four tens beat elder's three aces.
    result = compare("AS AH AD KS QS 9S 8H 7H 9D 8D 7D 9C",
                     "TS TH TD TC JS JH QC KC 8C 7C 7S 8S")
    assert (result.sets.winner, result.sets.younger, result.sets.elder) == ("younger", 14, 0)


def test_trio_of_higher_rank_wins_and_winner_scores_all_his_sets() -> None:
    # Elder: trio of kings and trio of jacks (6); younger: trio of queens.
    result = compare("KS KH KD JS JH JD 7S 8S 7H 8H 7D 8D",
                     "QS QH QD AS TS 9S AH TH 9H 9D 9C 8C")
    assert (result.sets.winner, result.sets.elder) == ("elder", 6)
    assert set(result.sets.scored) == {"trio of kings", "trio of jacks"}


def test_four_nines_do_not_beat_a_trio_of_tens() -> None:
    result = compare("TS TH TD AS KS QS 8S 7S 8H 7H 8D 7D",
                     "9S 9H 9D 9C AH KH QH JH AD KD QD JD")
    assert (result.sets.winner, result.sets.elder) == ("elder", 3)


def test_compare_declarations_rejects_broken_hands() -> None:
    with pytest.raises(RecordError) as err:
        compare("AS KS QS JS TS 9S 8S 7S AH KH QH", "AD KD QD JD TD 9D 8D 7D AC KC QC JC")
    assert err.value.violations[0].code == "hand_size"
    with pytest.raises(RecordError) as err:
        compare("AS KS QS JS TS 9S 8S 7S AH KH QH JH", "AS KD QD JD TD 9D 8D 7D AC KC QC JC")
    assert err.value.violations[0].code == "duplicate_card"


# --- announcements -----------------------------------------------------------------------------

# Elder holds a sixième ♠K-8 (point of six, 57); younger a quint ♣A-10 and ♣8 (point of six, 59).
ELDER_SIXIEME = "KS QS JS TS 9S 8S AH 9H 7H AD 8D 7D"
YOUNGER_QUINT = "AC KC QC JC TC 8C AS 7S KH QD JD 9D"
# Younger with only two tierces, ♣A-K-Q and ♣9-8-7.
YOUNGER_TIERCES = "AC KC QC 9C 8C 7C AS 7S KH QD JD 9D"


def test_best_sixieme_beats_quint() -> None:
    ruling = rule_hands(ELDER_SIXIEME, YOUNGER_QUINT)
    assert (ruling.declarations.sequence.winner, ruling.declarations.sequence.elder) == (
        "elder", 16)


def test_announcing_less_than_held_scores_and_compares_what_was_announced() -> None:
    # Elder announces his sixième as a quint (to the king): younger's quint to the ace wins.
    ruling = rule_hands(ELDER_SIXIEME, YOUNGER_QUINT,
                        {"elder": Announcement(point=6, sequence="quint")})
    seq = ruling.declarations.sequence
    assert (seq.winner, seq.younger, seq.elder) == ("younger", 15, 0)
    assert ruling.violations == ()


def test_announcing_less_than_held_scores_what_was_announced() -> None:
    # Elder's point of six announced as five loses to younger's six clubs; his sixième
    # announced as a quint beats younger's tierces and scores 15.
    ruling = rule_hands(ELDER_SIXIEME, YOUNGER_TIERCES,
                        {"elder": Announcement(point=5, sequence="quint")})
    decl = ruling.declarations
    assert (decl.point.winner, decl.point.elder_shown) == ("younger", "point of five (49 pips)")
    assert (decl.sequence.winner, decl.sequence.elder, decl.sequence.scored) == (
        "elder", 15, ("quint",))
    assert ruling.violations == ()


def test_point_announced_shorter_than_held_scores_its_announced_length() -> None:
    # Younger (four diamonds at most) loses to elder's six spades announced as five: 5 points.
    ruling = rule_hands(ELDER_SIXIEME, "AC KC QC 9C AS 7S KH QH JH QD JD 9D",
                        {"elder": Announcement(point=5)})
    point = ruling.declarations.point
    assert (point.winner, point.elder, point.scored) == ("elder", 5, ("point of five",))


def test_announcing_an_unheld_sequence_is_a_violation_and_does_not_score() -> None:
    ruling = rule_hands(ELDER_SIXIEME, YOUNGER_TIERCES,
                        {"elder": Announcement(point=6, sequence="septième")})
    [violation] = ruling.violations
    assert (violation.code, violation.rule, violation.location) == (
        "announcement_not_held", "Q5", "declarations.elder.sequence")
    assert "septième" in violation.message
    # Younger's tierces score instead: A-K-Q and 9-8-7 of clubs.
    seq = ruling.declarations.sequence
    assert (seq.winner, seq.younger, seq.elder) == ("younger", 6, 0)


def test_sequence_with_its_top_card() -> None:
    good = rule_hands(ELDER_SIXIEME, YOUNGER_TIERCES,
                      {"elder": Announcement(sequence="quint:K")})
    assert good.violations == ()
    assert good.declarations.sequence.elder == 15
    # Q-J-10-9-8 is inside K-8 too; a quint to the ace is not held.
    assert rule_hands(ELDER_SIXIEME, YOUNGER_TIERCES,
                      {"elder": Announcement(sequence="quint:Q")}).violations == ()
    bad = rule_hands(ELDER_SIXIEME, YOUNGER_TIERCES, {"elder": Announcement(sequence="quint:A")})
    assert [v.location for v in bad.violations] == ["declarations.elder.sequence"]
    assert bad.declarations.sequence.winner == "younger"


def test_sixieme_spelled_without_accent() -> None:
    ruling = rule_hands(ELDER_SIXIEME, YOUNGER_TIERCES,
                        {"elder": Announcement(sequence="sixieme")})
    assert ruling.declarations.sequence.scored == ("sixième",)


def test_sinking_unannounced_combinations_never_score() -> None:
    # Elder announces nothing at all: younger's point and tierces score, elder's sixième not.
    ruling = rule_hands(ELDER_SIXIEME, YOUNGER_TIERCES, {"elder": Announcement()})
    decl = ruling.declarations
    assert decl.point.winner == "younger"
    assert decl.sequence.winner == "younger"
    assert decl.point.elder == decl.sequence.elder == decl.sets.elder == 0


def test_several_sequences_announced() -> None:
    # Younger announces both tierces and scores 6; announcing the same tierce twice fails.
    ruling = rule_hands(ELDER_SIXIEME, YOUNGER_TIERCES,
                        {"elder": Announcement(), "younger": Announcement(
                            sequence="tierce:A, tierce:9")})
    assert ruling.declarations.sequence.younger == 6
    assert ruling.violations == ()
    twice = rule_hands(ELDER_SIXIEME, YOUNGER_TIERCES,
                       {"elder": Announcement(), "younger": Announcement(
                           sequence="tierce:A, tierce:A")})
    assert [v.code for v in twice.violations] == ["announcement_not_held"]
    assert twice.declarations.sequence.younger == 3


def test_trio_announced_from_a_quatorze_scores_three() -> None:
    # Elder holds four aces, announces a trio.
    elder = "AS AH AD AC KS QS JS 9S 8H 7H 8D 7D"
    younger = "KH QH JH TH 9H KD QD JD TD 9D KC QC"
    ruling = rule_hands(elder, younger, {
        "elder": Announcement(sets=("trio:A",)), "younger": Announcement()})
    assert (ruling.declarations.sets.elder, ruling.declarations.sets.scored) == (
        3, ("trio of aces",))


@pytest.mark.parametrize(("sets", "code"), [
    (("trio:9",), "set_never_counts"),
    (("quatorze:K",), "announcement_not_held"),
    (("trio:A", "trio:A"), "duplicate_announcement"),
])
def test_bad_set_announcements_are_located(sets: tuple[str, ...], code: str) -> None:
    elder = "AS AH AD 9C 9S 9H KS QS 8H 7H 8D 7D"
    younger = "KH QH JH TH JS KD QD JD TD 9D KC QC"
    ruling = rule_hands(elder, younger, {"elder": Announcement(sets=sets)})
    bad = [v for v in ruling.violations if v.code == code]
    assert len(bad) == 1
    assert bad[0].rule == "Q5"
    assert bad[0].location == f"declarations.elder.sets[{len(sets) - 1}]"


def test_point_announced_but_not_held() -> None:
    ruling = rule_hands(ELDER_SIXIEME, YOUNGER_TIERCES, {"elder": Announcement(point=7)})
    assert [(v.code, v.location) for v in ruling.violations] == [
        ("announcement_not_held", "declarations.elder.point")]
    assert ruling.declarations.point.winner == "younger"


@pytest.mark.parametrize("announcement", [
    Announcement(sequence="quintt"), Announcement(sets=("trio",)),
    Announcement(sets=("pair:A",)), Announcement(sequence="quint:Z"), Announcement(point=0),
])
def test_malformed_announcement_is_a_record_error(announcement: Announcement) -> None:
    with pytest.raises(RecordError) as err:
        rule_hands(ELDER_SIXIEME, YOUNGER_TIERCES, {"elder": announcement})
    assert err.value.violations[0].code == "bad_announcement"
    assert err.value.violations[0].location.startswith("declarations.elder.")


def test_best_sets_of_every_kind_count_each_rank_held() -> None:
    """Q5 sets from the hand's mask: two quatorzes and a trio in one hand, best first; a
    rank held three times in any three suits is a trio; nines never count."""
    hand = cards("AS AH AD AC TS TH TD TC KS KH KD 9S")
    assert [c.words for c in best_claims(hand).sets] == ["quatorze of aces",
                                                         "quatorze of tens", "trio of kings"]
    hand = cards("QH QD QC JS JH JC 9S 9H 9D 9C 8S 7S")
    assert [c.words for c in best_claims(hand).sets] == ["trio of queens", "trio of jacks"]
    assert best_claims(cards("AS AH KD KC QS QH JD JC TS TH 9D 9C")).sets == ()
