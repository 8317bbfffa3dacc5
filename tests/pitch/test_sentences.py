"""The sentences a Pitch ruling says about an irregularity (P4, P10), when the players' names
are known: each player by name (no "he", no "seat 1"), each trick said once (no "trick 3
(tricks[3][1])", which the page reads as "trick 4 (trick 4)"), each card in words only.

Four players Ann, Bob, Cid, Dee (seats 0–3), Dee deals; Bob bids 3 and leads ♥A. In trick 3
Bob discards ♣2 on the diamond lead while holding ♦6 and ♦8, and shows ♦6 in trick 4
(tests/pitch/examples.py).
"""

from __future__ import annotations

import re
from dataclasses import replace

from referee.cards import describe_card, parse_card
from referee.pitch import PitchHand, rule_hand
from referee.pitch.irregular import consequence
from referee.pitch.records import Irregularity, PitchOptions

from .examples import FOUR_BIDS, FOUR_DEALER, FOUR_HANDS, REVOKE_TRICKS, make_hand

NAMES = ("Ann", "Bob", "Cid", "Dee")
PRONOUN = re.compile(r"\b(he|his|him)\b", re.IGNORECASE)
DIGIT_CARD = re.compile(r"\b(\d+|[AKQJT][SHDC]) of (spades|hearts|diamonds|clubs)\b")
CODE = re.compile(r"\b[2-9AKQJT][SHDC]\b")


def _named(hand: PitchHand) -> PitchHand:
    return replace(hand, names=NAMES)


def test_a_revoke_proven_later_names_the_player_and_each_trick_once() -> None:
    ruling = rule_hand(_named(make_hand(4, FOUR_DEALER, FOUR_BIDS, REVOKE_TRICKS)))
    (revoke,) = ruling.violations
    assert revoke.message == (
        "Bob revoked in trick 3, playing the two of clubs on a diamond lead, neither following "
        "suit nor trumping, and showed a diamond later: the six of diamonds in trick 4.")


def test_a_revoke_shown_by_the_hands_names_the_player_and_the_card_in_words() -> None:
    ruling = rule_hand(_named(make_hand(4, FOUR_DEALER, FOUR_BIDS, REVOKE_TRICKS, FOUR_HANDS)))
    revoke = next(v for v in ruling.violations if v.code == "revoke")
    assert revoke.message == (
        "Bob revoked in trick 3, playing the two of clubs on a diamond lead while holding the "
        "six of diamonds.")
    assert not CODE.search(revoke.message)


def test_the_penalties_name_the_offender_without_a_pronoun() -> None:
    bob = Irregularity("bid_out_of_turn", 1, None, 2)
    for rule in ("must_pass", "stands"):
        said = consequence(bob, PitchOptions(bid_out_of_turn=rule), names=NAMES)
        assert said.startswith("Bob called 2 out of turn: ")
        assert "Bob" in said.split(": ", 1)[1] and not PRONOUN.search(said), said
    exposed = consequence(Irregularity("exposed_card", 2, 4), PitchOptions(), partnership=True,
                          names=NAMES)
    assert exposed.startswith("Cid exposed a card in trick 4: the opponents may call it: Cid "
                              "plays it")
    assert not PRONOUN.search(exposed)
    named = consequence(Irregularity("exposed_card", 2, 4), PitchOptions(), partnership=True,
                        names=NAMES, card=parse_card("9S"))
    assert named.startswith("Cid exposed the nine of spades in trick 4: ")
    misdeal = consequence(Irregularity("misdeal", 3), PitchOptions(), next_dealer=0,
                          names=NAMES)
    assert "to Dee" in misdeal and "(Ann)" in misdeal and "seat" not in misdeal


def test_a_card_is_named_one_way_in_words() -> None:
    assert describe_card(parse_card("9S")) == "nine of spades"
    assert describe_card(parse_card("TH")) == "ten of hearts"
    assert describe_card(parse_card("2C")) == "two of clubs"
    ruling = rule_hand(_named(make_hand(4, FOUR_DEALER, FOUR_BIDS, REVOKE_TRICKS)))
    said = " ".join(str(v) for v in _texts(ruling.as_dict()))
    assert not DIGIT_CARD.search(said), DIGIT_CARD.findall(said)


def _texts(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list | tuple):
        return [t for v in value for t in _texts(v)]
    return []
