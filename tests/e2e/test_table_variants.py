"""A 10-point Pitch match on the table page (docs/rules/pitch-variants.md): the game chosen
when the match is created, a hand by score sheet naming the game's own points (V14.1), and a
trump-only hand card by card with its jokers and folds (V14.3)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.sheet import Taps, axe_violations, record, shots
from tests.e2e.table import SETTLED, bid, enter_cards, scores, tap_card, turn

pytestmark = pytest.mark.e2e

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


def start_ten_point(page: Any, base: str, first_dealer: int) -> None:
    """Open /table/ and start a 10-point partnership match (the sheet is the default)."""
    page.goto(base + "/table/")
    page.check('input[name=game][value="pitch"]')
    while page.locator("#players li").count() < len(PLAYERS):
        page.click("#add-player")
    for i, name in enumerate(PLAYERS, start=1):
        page.fill(f"#players li:nth-child({i}) input", name)
    page.select_option("select[name=variant]", "ten_point")
    assert page.input_value("select[name=target]") == "52"  # V12: the game's target
    assert page.input_value("select[name=low]") == "holder"
    page.select_option("select[name=first_dealer_pitch]", str(first_dealer))
    page.check("input[name=partnership]")
    page.click("text=Start the match")
    page.wait_for_selector("#match:not([hidden]) #turn[data-action]")
    page.wait_for_selector(SETTLED, state="attached")


def test_a_ten_point_hand_by_score_sheet(served: str, phone: Any) -> None:
    """V14.1's cards as a 10-point table writes them (the ten of trumps in place of Game):
    Dee deals, Cid pitches 6; the sheet asks who took the off-jack, both jokers, the three
    (worth 3) and the ten besides High, Low and Jack: 8 and 2."""
    start_ten_point(phone, served, first_dealer=3)
    bids = Taps(phone)
    for call in ("pass", 5, 6, "pass"):
        bids.pick("bid", call)
    assert phone.locator('#sheet [data-pick^="off_jack="]').count() == 3  # 2 sides, not out
    assert phone.locator('#sheet [data-pick^="single_trump"]').count() == 0
    assert "worth 3" in phone.inner_text("#sheet")
    taps = Taps(phone)
    for field, side in (("trump", "H"), ("high", 0), ("low", 0), ("jack", 1), ("off_jack", 1),
                        ("big_joker", 0), ("little_joker", 0), ("three", 0), ("ten", 0)):
        taps.pick(field, side)
    shots(phone, "variant-sheet")  # the game's own points fit 320 px
    assert not axe_violations(phone)
    record(taps)
    assert scores(phone) == {"Ann & Cid": 8, "Bob & Dee": 2}


def test_a_ten_point_trump_only_hand_card_by_card(served: str, phone: Any) -> None:
    """V14.3 tapped card by card (jokers told apart: the first played is the big one): the
    jokers are in the picker, a player out of trumps taps "out of trumps", and after the
    fifth trick everyone taps it too: the hand is over, 3 and 7."""
    start_ten_point(phone, served, first_dealer=0)
    enter_cards(phone)
    for call in ("pass", "5", "6", "pass"):
        bid(phone, call)
    assert turn(phone) == "Dee to lead"
    assert phone.locator('#cards [data-card="BJ"]').count() == 1
    assert phone.locator('#cards [data-card="LJ"]').count() == 1
    shots(phone, "variant-jokers")  # the picker with the jokers fits 320 px, axe clean
    assert not axe_violations(phone)
    tricks = [["9D", "2D", "BJ", "4D"], ["5D", "7D", "LJ", "AD"], ["TD", "JH", "fold", "KD"],
              ["JD", "fold", "8D", "fold"], ["3D", "fold", "QD", "fold"],
              ["fold", "fold", "fold", "fold"]]
    for trick in tricks:
        for card in trick:
            if card == "fold" and trick is tricks[2]:  # the first fold: its button too
                shots(phone, "variant-fold")
                assert not axe_violations(phone)
            tap_card(phone, card)
    assert scores(phone) == {"Ann & Cid": 3, "Bob & Dee": 7}
    assert not axe_violations(phone)


def test_the_ledger_names_the_games_points(served: str, phone: Any) -> None:
    """The score screen's breakdown and ruling name a 10-point hand's own points (V7)."""
    start_ten_point(phone, served, first_dealer=3)
    bids = Taps(phone)
    for call in ("pass", 5, 6, "pass"):
        bids.pick("bid", call)
    taps = Taps(phone)
    for field, side in (("high", 0), ("low", 0), ("jack", 1), ("off_jack", 1),
                        ("big_joker", 0), ("little_joker", 0), ("three", 0), ("ten", 0)):
        taps.pick(field, side)
    record(taps)
    phone.click("button[data-tab=score]")
    ledger = phone.inner_text("#ledger")
    assert "Off-jack" in ledger and "Three (3)" in ledger, ledger
    shots(phone, "variant-ledger")  # the game's points in the ledger fit 320 px, axe clean
    assert not axe_violations(phone)


def test_house_rules_chosen_when_the_match_is_created(served: str, phone: Any) -> None:
    """V13: the house rules open filled from the game's preset (V12: 10-point plays trumps
    only and scores the ten, not Game); the table changes them to V14.1's form (trump
    anytime, Game in place of the ten) and the match keeps them: its score sheet asks who
    took Game and not the ten, and V14.1's line scores 8 and 2. Fits 320 px, axe clean."""
    phone.set_viewport_size({"width": 320, "height": 640})
    phone.goto(served + "/table/")
    phone.check('input[name=game][value="pitch"]')
    while phone.locator("#players li").count() < len(PLAYERS):
        phone.click("#add-player")
    for i, name in enumerate(PLAYERS, start=1):
        phone.fill(f"#players li:nth-child({i}) input", name)
    phone.select_option("select[name=variant]", "ten_point")
    phone.click("#house-rules summary")
    phone.wait_for_selector('#new-match[data-house="ten_point"]', state="attached")
    assert phone.is_checked('input[name=point][value="ten"]')
    assert not phone.is_checked('input[name=point][value="game"]')
    assert phone.input_value("select[name=play]") == "trump_only"
    assert phone.input_value("input[name=min_bid]") == "5"
    assert phone.input_value("input[name=max_bid]") == "10"
    # Another game refills them from its own preset (V12: the joker game's joker lowest).
    phone.select_option("select[name=variant]", "five_point_joker")
    phone.wait_for_selector('#new-match[data-house="five_point_joker"]', state="attached")
    assert phone.input_value("select[name=joker_rank]") == "below_two"
    assert phone.is_checked('input[name=point][value="joker"]')
    phone.select_option("select[name=variant]", "ten_point")
    phone.wait_for_selector('#new-match[data-house="ten_point"]', state="attached")
    shots(phone, "house-rules")
    assert not axe_violations(phone)
    # V14.1's table: trump anytime, Game in place of the ten.
    phone.select_option("select[name=play]", "trump_anytime")
    phone.uncheck('input[name=point][value="ten"]')
    phone.check('input[name=point][value="game"]')
    phone.select_option("select[name=first_dealer_pitch]", "3")
    phone.check("input[name=partnership]")
    phone.click("text=Start the match")
    phone.wait_for_selector("#match:not([hidden]) #turn[data-action]")
    bids = Taps(phone)
    for call in ("pass", 5, 6, "pass"):
        bids.pick("bid", call)
    assert phone.locator('#sheet [data-pick^="game="]').count() == 3  # 2 sides, or tied
    assert phone.locator('#sheet [data-pick^="ten="]').count() == 0
    taps = Taps(phone)
    for field, side in (("trump", "H"), ("high", 0), ("low", 0), ("jack", 1), ("off_jack", 1),
                        ("big_joker", 0), ("little_joker", 0), ("three", 0), ("game", 0)):
        taps.pick(field, side)
    assert not axe_violations(phone)
    record(taps)
    assert scores(phone) == {"Ann & Cid": 8, "Bob & Dee": 2}
    # The Score tab names the game and the house rules its table chose.
    phone.click("button[data-tab=score]")
    game = phone.inner_text("#pitch-game")
    assert game.startswith("Points in a hand: 10: off-jack, jokers, three, ten"), game
    assert "House rules: Play: follow suit or trump; Points that score: High, Low, Jack, " \
           "Game, Off-jack, Big joker, Little joker, Three of trumps (3)." in game, game
    shots(phone, "house-rules-score")
    assert not axe_violations(phone)
