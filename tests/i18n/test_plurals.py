"""Counts said with their nouns by each language's plural rule (docs/translating.md): a
plural message has a catalog form per plural category of the language, chosen by the count
(Polish 1 punkt, 2 punkty, 5 punktów, 22 punkty)."""

from __future__ import annotations

import pytest

from referee.i18n import MESSAGES, plural_message
from referee.i18n.command_line import words
from referee.i18n.findings import pique_why, word_finding
from referee.i18n.sentences import TRICKS, said
from referee.violations import said as violation


@pytest.mark.parametrize(("n", "tricks"), [(1, "1 lewa"), (2, "2 lewy"), (5, "5 lew"),
                                           (22, "22 lewy")])
def test_polish_tricks(n: int, tricks: str) -> None:
    assert TRICKS("pl", n=n) == tricks


@pytest.mark.parametrize(("n", "cards"), [(2, "2 karty"), (5, "5 kart"), (22, "22 karty")])
def test_polish_violation_counts_its_cards(n: int, cards: str) -> None:
    worded = said("hand_not_six", {"who": "Ann", "n": n}, "pl")
    assert worded == f"Ann: rozdano {cards}; każdy gracz dostaje sześć."


def test_a_violation_in_english_keeps_its_words() -> None:
    assert violation("hand_not_six", "P2", who="Ann", n=5).message == (
        "Ann was dealt 5 cards; each player is dealt six.")
    assert said("hand_not_six", {"who": "Ann", "n": 5}, "en") == (
        "Ann was dealt 5 cards; each player is dealt six.")
    assert said("trick_wrong_size.variant", {"trick": 2, "n": 1, "players": 4}, "en") == (
        "Trick 2 has 1 entry; each of the 4 players plays one (or, out of trumps, null).")


@pytest.mark.parametrize(("others", "points"), [(1, "1 punkt"), (2, "2 punkty"),
                                                (0, "0 punktów"), (4, "4 punkty")])
def test_polish_finding_of_the_others_points(others: int, points: str) -> None:
    params = {"pitcher": "Ann", "bid": 3, "others": others, "least": 1}
    assert word_finding("pitch", "set_back_points_fit", params, "pl") == (
        f"Ann cofa się o 3: pozostali mają {points}, co się zgadza (od 1 do 4).")


def test_english_finding_of_one_point() -> None:
    params = {"pitcher": "Ann", "bid": 3, "others": 1, "least": 1}
    assert word_finding("pitch", "set_back_points_fit", params, "en") == (
        "Ann was set back 3: the others' 1 point fits (1 to 4).")


@pytest.mark.parametrize(("n", "payment"), [(1, "1 punkt"), (2, "2 punkty"), (5, "5 punktów"),
                                            (22, "22 punkty")])
def test_polish_command_line_settlement(n: int, payment: str) -> None:
    assert words("settle.pays", "pl", loser="Ann", winner="Bill", payment=n, amount="") == (
        f"Ann płaci Bill {payment}.")


def test_english_and_german_one_and_other() -> None:
    made = {"id": "m1", "game": "piquet", "standings": "Ann 120"}
    assert words("import.made", "en", deals=1, **made) == "Match m1 (piquet): 1 deal, Ann 120"
    assert words("import.made", "en", deals=6, **made) == "Match m1 (piquet): 6 deals, Ann 120"
    assert words("verify.intact", "de", events=1, head="ab") == "Unversehrt: 1 Ereignis, Kopf 1:ab"
    assert TRICKS("fr", n=0) == "0 levée" and TRICKS("fr", n=1_000_000) == "1000000 de levées"


def test_the_count_is_the_placeholder_before_the_noun() -> None:
    try:
        assert plural_message("test.plural.count", "{who} took {n} trick of {total}",
                              "{who} took {n} tricks of {total}").count == "n"
        with pytest.raises(ValueError, match="which placeholder"):
            plural_message("test.plural.none", "a trick", "tricks")
    finally:  # registered for this test only: the catalogs have no words for it
        MESSAGES.pop("test.plural.count", None)


@pytest.mark.parametrize(("n", "numbers"), [(1, "1 liczbę"), (2, "2 liczby"), (5, "5 liczb"),
                                            (22, "22 liczby")])
def test_polish_claim_of_the_wrong_length(n: int, numbers: str) -> None:
    assert said("claimed_wrong_length", {"n": n, "players": 4}, "pl") == (
        f"Żądany wynik ma {numbers}; podaj 4 (po jednej na miejsce).")


def test_english_one_number_and_one_talon_card() -> None:
    assert violation("claimed_wrong_length", "P6", n=1, players=4).message == (
        "The claimed score has 1 number; give 4 (one per seat).")
    assert said("exchange_count.unmixed", {"n": 1, "left": 7, "taken": 8}, "en") == (
        "The elder hand took 1 talon card: younger takes at most 7, the cards elder did not "
        "take (PT 28), not 8.")


@pytest.mark.parametrize(("won", "en", "pl"), [(1, "1 trick", "1 lewa"), (2, "2 tricks", "2 lewy"),
                                              (5, "5 tricks", "5 lew")])
def test_tricks_won_on_the_other_hands_lead(won: int, en: str, pl: str) -> None:
    params = {"elder": 3, "elder_won": won, "younger": 4, "younger_won": won}
    assert f"means he won {en} on the younger" in said("play_impossible.together", params, "en")
    assert f"wygrane na wyjście młodszego to {pl}," in said("play_impossible.together", params,
                                                            "pl")


@pytest.mark.parametrize(("total", "en", "pl"), [(1, "1 point", "1 punkt"),
                                                 (3, "3 points", "3 punkty"),
                                                 (13, "13 points", "13 punktów")])
def test_a_games_points_in_all(total: int, en: str, pl: str) -> None:
    assert f"({en} in all)" in word_finding("pitch", "variant_scores_possible",
                                            {"total": total}, "en")
    assert f"({pl} łącznie)" in word_finding("pitch", "variant_scores_possible",
                                             {"total": total}, "pl")


@pytest.mark.parametrize(("streak", "en", "pl"), [
    (1, "up to 1 trick led", "do 1 lewy z rzędu od pierwszej, do której wyszedł"),
    (2, "up to 2 tricks led", "do 2 lew z rzędu od pierwszej, do których wyszedł"),
    (5, "up to 5 tricks led", "do 5 lew z rzędu od pierwszej, do których wyszedł")])
def test_a_piques_streak_of_tricks(streak: int, en: str, pl: str) -> None:
    english = (f"12 in the declarations and {en} and won in a row from the first")
    assert pique_why(english, "en") == english
    assert f"12 w deklaracjach i {pl}" in pique_why(english, "pl")
