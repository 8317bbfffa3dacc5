"""The page's own rules (referee/web/rules.js) against the referee's engines.

Offline, the page works out alone what the referee would say: the calls open to the next
bidder and who pitched (P3), who wins a trick and so whose turn it is (P4, Q6), and the points a
player can have counted in play with his tricks (Q6). Each is compared here with the engine that
decides it (referee/pitch/bidding.py, referee/pitch/play.py, referee/piquet/play.py,
referee/piquet/sheet.py) on generated cases — more than a thousand of each kind, from a seeded
random generator — by running the module as it is served under Node (no build step, no
package). Without Node the tests skip, except in CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from referee.cards import FULL_PACK, PIQUET_PACK, SUITS, Card, card_name
from referee.piquet.play import play_tricks as piquet_play
from referee.piquet.play import trick_winner
from referee.piquet.records import ROLES, PiquetOptions
from referee.piquet.sheet import _play_fits
from referee.pitch.bidding import check_bidding
from referee.pitch.play import play_tricks as pitch_play
from referee.pitch.play import trick_winner_index
from referee.pitch.records import PASS, PITCH, Call, PitchOptions

DRIVER = Path(__file__).with_name("rules_driver.mjs")
SEED = 20261125


def run_rules(cases: Sequence[tuple[str, list[Any]]]) -> list[Any]:
    """The answers of rules.js to ``cases`` (function name, arguments), in one Node run."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must run the page's rules under Node: node is missing", pytrace=False)
        pytest.skip("node is missing (the page's rules run under Node)")
    payload = json.dumps([{"fn": fn, "args": args} for fn, args in cases])
    done = subprocess.run([node, str(DRIVER)], input=payload, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    answers: list[Any] = json.loads(done.stdout)
    assert len(answers) == len(cases)
    return answers


def _options(rng: random.Random) -> tuple[PitchOptions, dict[str, Any]]:
    """Random P8 options bearing on the auction, as the engine and as the match body has them."""
    chosen = {"min_bid": rng.choice([1, 1, 2]),
              "stuck_dealer_min": rng.choice([2, 2, 3, None]),
              "dealer_steal": rng.choice(["match_below_4", "outbid_only", "match_any"])}
    return PitchOptions(**chosen), chosen


def test_legal_calls_and_the_pitcher_agree_with_the_engine_on_generated_auctions() -> None:
    """P3: at every step of 1,200 generated auctions (2–7 players, every dealer, the P8
    options), the calls the page offers are the engine's; at the end, its pitcher and bid are
    the engine's — for legal auctions and for auctions with broken calls, read as the table
    played them (a bid below the high bid not made, a bid that equals it taken)."""
    rng = random.Random(SEED)
    cases: list[tuple[str, list[Any]]] = []
    expected: list[Any] = []
    steps = 0
    for n in range(1200):
        players = rng.randint(2, 7)
        dealer = rng.randrange(players)
        options, chosen = _options(rng)
        broken = n % 4 == 3  # a quarter: any call at each turn, legal or not
        bids: list[Call] = []
        while True:
            status = check_bidding(players, dealer, bids, options, record_complete=False)
            cases.append(("legalCalls", [list(bids), players, chosen]))
            expected.append(list(status.legal_calls))
            steps += 1
            if status.complete:
                break
            pool: Sequence[Call] = ([PASS, 1, 2, 3, 4, PITCH] if broken
                                    else status.legal_calls)
            bids.append(rng.choice(list(pool)))
        final = check_bidding(players, dealer, bids, options, record_complete=True)
        cases.append(("pitcherOf", [list(bids), dealer, players]))
        expected.append(None if final.high_bidder is None
                        else {"seat": final.high_bidder, "bid": final.high_bid})
    assert steps >= 3000
    answers = run_rules(cases)
    wrong = [(case, want, got) for case, want, got in zip(cases, expected, answers, strict=True)
             if want != got]
    assert not wrong, f"{len(wrong)} answers differ, e.g. {wrong[:3]}"


def _names(cards: Sequence[Card]) -> list[str]:
    return [card_name(c) for c in cards]


def test_trick_winners_agree_with_the_engines_on_generated_tricks() -> None:
    """P4 and Q6: who wins 1,500 generated Pitch tricks (3–7 cards of the 52, every trump)
    and 1,500 Piquet tricks (two cards of the 32, no trumps)."""
    rng = random.Random(SEED + 1)
    cases: list[tuple[str, list[Any]]] = []
    expected: list[int] = []
    for _ in range(1500):
        cards = rng.sample(FULL_PACK, rng.randint(2, 7))
        trump = rng.choice([*SUITS, cards[0].suit])
        cases.append(("trickWinner", [_names(cards), trump]))
        expected.append(trick_winner_index(cards, trump))
    for _ in range(1500):
        lead, follow = rng.sample(PIQUET_PACK, 2)
        leader = rng.choice(ROLES)
        cases.append(("trickWinner", [_names([lead, follow]), None]))
        expected.append(0 if trick_winner(leader, lead, follow) == leader else 1)
    answers = run_rules(cases)
    wrong = [(case, want, got) for case, want, got in zip(cases, expected, answers, strict=True)
             if want != got]
    assert not wrong, f"{len(wrong)} answers differ, e.g. {wrong[:3]}"


def test_whose_turn_agrees_with_the_engines_on_generated_deals() -> None:
    """P4 and Q6: after every card of 100 generated Pitch hands (2–7 players) and 100 Piquet
    deals, the seat the page says plays next is the engine's (the pitcher or elder leads the
    first trick, each winner the next; Pitch's trumps are the first card's suit)."""
    rng = random.Random(SEED + 2)
    cases: list[tuple[str, list[Any]]] = []
    expected: list[int] = []
    for _ in range(100):
        players = rng.randint(2, 7)
        pitcher = rng.randrange(players)
        cards = rng.sample(FULL_PACK, 6 * players)
        for k in range(len(cards)):
            played = cards[:k]
            tricks = [played[i:i + players] for i in range(0, len(played), players)]
            cases.append(("seatToPlay", ["pitch", _names(played), pitcher, players]))
            expected.append(pitch_play(players, pitcher, tricks).next_seat)
    options = PiquetOptions()
    for _ in range(100):
        elder_seat = rng.randrange(2)
        cards = rng.sample(PIQUET_PACK, 24)
        for k in range(len(cards)):
            played = cards[:k]
            tricks = [tuple(played[i:i + 2]) for i in range(0, len(played), 2)]
            results, _points = piquet_play(tricks, options)
            if not results:
                role = "elder"
            elif results[-1].winner is None:
                role = "younger" if results[-1].leader == "elder" else "elder"
            else:
                role = results[-1].winner
            cases.append(("seatToPlay", ["piquet", _names(played), elder_seat, 2]))
            expected.append(elder_seat if role == "elder" else 1 - elder_seat)
    assert len(cases) >= 1000
    answers = run_rules(cases)
    wrong = [(case, want, got) for case, want, got in zip(cases, expected, answers, strict=True)
             if want != got]
    assert not wrong, f"{len(wrong)} answers differ, e.g. {wrong[:3]}"


def test_the_sheet_s_play_bounds_agree_with_the_engine_on_every_line() -> None:
    """Q6: for every split of the tricks, every pair of play points 0–15 and both
    ``lead_point`` options (6,656 sheets), the page's bounds for each hand hold exactly the
    points the engine accepts for that hand, and the page's fit of the pair is the engine's."""
    cases: list[tuple[str, list[Any]]] = []
    expected: list[Any] = []
    for lead_point in ("every", "ten_or_higher"):
        options = PiquetOptions(lead_point=lead_point)
        for elder_tricks in range(13):
            tricks = {"elder": elder_tricks, "younger": 12 - elder_tricks}
            for role in ROLES:
                accepted = [p for p in range(16) if not any(
                    where == f"sheet.play.{role}"
                    for _, _, where in _play_fits(tricks, {"elder": p, "younger": p}, options))]
                cases.append(("playRange", [role, elder_tricks, lead_point]))
                expected.append([min(accepted), max(accepted)])
                assert accepted == list(range(min(accepted), max(accepted) + 1))
            for p_e in range(16):
                for p_y in range(16):
                    play = {"elder": p_e, "younger": p_y}
                    cases.append(("playFits", [elder_tricks, play, lead_point]))
                    expected.append(not _play_fits(tricks, play, options))
    assert len(cases) >= 1000
    answers = run_rules(cases)
    wrong = [(case, want, got) for case, want, got in zip(cases, expected, answers, strict=True)
             if want != got]
    assert not wrong, f"{len(wrong)} answers differ, e.g. {wrong[:3]}"


# --- The games with more points (docs/rules/pitch-variants.md) -----------------------------

VARIANTS = ("five_point", "five_point_joker", "six_point", "seven_point", "nine_point",
            "ten_point", "eleven_point", "thirteen_point")


def _variant(name: str) -> tuple[PitchOptions, dict[str, Any]]:
    """A preset as the engine has it and as a match's options carry it to the page."""
    from referee.pitch import variant_options

    options = variant_options({"variant": name})
    return options, options.as_dict()


def test_variant_calls_and_pitcher_agree_with_the_engine_on_every_preset() -> None:
    """V9: at every step of 150 generated auctions of each preset (bids up to the game's
    points, its minimum, stuck dealer and steal rules; no "pitch" call), the calls the page
    offers are the engine's, and its pitcher at the end."""
    rng = random.Random(SEED + 10)
    cases: list[tuple[str, list[Any]]] = []
    expected: list[Any] = []
    for name in VARIANTS:
        options, carried = _variant(name)
        for _ in range(150):
            players = rng.randint(2, 7)
            dealer = rng.randrange(players)
            bids: list[Call] = []
            while True:
                status = check_bidding(players, dealer, bids, options, record_complete=False)
                cases.append(("legalCalls", [list(bids), players, carried]))
                expected.append(list(status.legal_calls))
                if status.complete:
                    break
                bids.append(rng.choice(list(status.legal_calls)))
            final = check_bidding(players, dealer, bids, options, record_complete=True)
            cases.append(("pitcherOf", [list(bids), dealer, players, carried]))
            expected.append(None if final.high_bidder is None
                            else {"seat": final.high_bidder, "bid": final.high_bid})
    answers = run_rules(cases)
    wrong = [(case, want, got) for case, want, got in zip(cases, expected, answers, strict=True)
             if want != got]
    assert not wrong, f"{len(wrong)} answers differ, e.g. {wrong[:3]}"


def test_variant_trick_winners_agree_with_the_engine_on_every_preset() -> None:
    """V4, V5: who wins 300 generated tricks of each preset (cards of its pack, jokers and
    off-cards among them, every trump, folds under trump-only play), and whose turn it is
    after every entry of 30 generated hands of each."""
    from referee.pitch.variants import (
        VariantHand,
        _trump_rank,
        _walk,
        pack_of,
        variant_card_name,
    )

    rng = random.Random(SEED + 11)
    cases: list[tuple[str, list[Any]]] = []
    expected: list[int] = []
    for name in VARIANTS:
        options, carried = _variant(name)
        pack = sorted(pack_of(options.points, options.deck))
        folds = options.play == "trump_only"

        def written(cards: Sequence[Card | None],
                    options: PitchOptions = options) -> list[str | None]:
            return [None if c is None else
                    ("BJ" if variant_card_name(c, options) == "JK" else card_name(c))
                    for c in cards]

        for _ in range(300):
            trump = rng.choice(SUITS)
            cards: list[Card | None] = list(rng.sample(pack, rng.randint(2, 7)))
            if folds:
                cards = [None if k and rng.random() < 0.3 else c for k, c in enumerate(cards)]
            ranks = _trump_rank(trump, options.points, options.joker_rank)
            hand = VariantHand(len(cards), False, 0, (), (tuple(cards),), None, None, trump)
            play = _walk(hand, trump, 0, options, ranks)
            cases.append(("variantTrickWinner", [written(cards), trump, carried]))
            expected.append(play.tricks[0].winner)
        for _ in range(30):
            players = rng.randint(2, 5)
            pitcher = rng.randrange(players)
            trump = rng.choice(SUITS)
            entries: list[Card | None] = list(rng.sample(pack, 6 * players))
            ranks = _trump_rank(trump, options.points, options.joker_rank)
            for k in range(1, len(entries)):
                played = entries[:k]
                tricks = tuple(tuple(played[i:i + players])
                               for i in range(0, len(played), players))
                full = tuple(t for t in tricks if len(t) == players)
                hand = VariantHand(players, False, 0, (), full, None, None, trump)
                walked = _walk(hand, trump, pitcher, options, ranks)
                leader = walked.tricks[-1].winner if walked.tricks else pitcher
                cases.append(("variantSeatToPlay",
                              [written(played), pitcher, players, trump, carried]))
                expected.append((leader + k % players) % players)
    answers = run_rules(cases)
    wrong = [(case, want, got) for case, want, got in zip(cases, expected, answers, strict=True)
             if want != got]
    assert not wrong, f"{len(wrong)} answers differ, e.g. {wrong[:3]}"


def test_the_page_fills_each_pitch_game_as_the_referee_does() -> None:
    """V12, V13: the house-rules form starts from rules.js's ``pitchPreset``; each game's
    options there are the referee's (:func:`referee.pitch.variant_options` of the preset
    alone), every option the page shows, and each point's value is V7's."""
    from referee.pitch.records import POINT_VALUES, VARIANT_CHOICES, variant_options

    variants = list(VARIANT_CHOICES["variant"])
    answers = run_rules([("pitchPreset", [v]) for v in variants])
    for variant, page in zip(variants, answers, strict=True):
        engine = variant_options({"variant": variant})
        shown = {"points", "low", "play", "first_lead", "pitched_joker", "joker_rank",
                 "joker_order", "joker_game", "deck", "draw", "kitty", "cards_dealt",
                 "min_bid", "max_bid", "stuck_dealer_min", "dealer_steal", "target",
                 "pitcher_only_wins", "moon"}
        assert shown <= set(page), variant
        for name in page:
            value = getattr(engine, name)
            assert page[name] == (list(value) if isinstance(value, tuple) else value), (
                variant, name)
    values = run_rules([("pointValue", [name]) for name in POINT_VALUES])
    assert values == list(POINT_VALUES.values())
