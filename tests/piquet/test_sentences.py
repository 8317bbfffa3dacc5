"""The sentences of the Piquet irregularities (Q12) and revokes (Q6): the offender by his
hand's role ("the younger hand", which the table page and the match name), never by a
pronoun, and each card in one form."""

from __future__ import annotations

import re

from referee.piquet.irregular import (
    false_call_irregularity,
    long_hand_irregularity,
    revoke_irregularity,
    short_hand_irregularity,
    talon_offence_irregularity,
)

PRONOUN = re.compile(r"\b(he|his|him)\b", re.IGNORECASE)


def test_the_irregularities_say_the_hand_not_he() -> None:
    said = [
        *(revoke_irregularity("tricks[5][1]", "younger", "club", p).consequence
          for p in ("replay", "reckon_nothing", "void")),
        *(false_call_irregularity("declarations.elder.point", "elder", p, m).consequence
          for p in ("reckon_nothing", "call_only") for m in (False, True)),
        *(long_hand_irregularity("elder", n, p).consequence
          for n in (0, 1) for p in ("reckon_nothing", "void")),
        *(talon_offence_irregularity("younger", p).consequence
          for p in ("reckon_nothing", "fresh_deal")),
    ]
    leaks = [s for s in said if PRONOUN.search(s)]
    assert not leaks, leaks
    assert said[0] == (
        "The younger hand revoked in trick 6: take back the cards from that trick, the "
        "younger hand plays a club, and the play goes on as though no error had been made "
        "(PT 59 IV); record the replay.")


def test_the_table_irregularities_name_the_player_when_the_names_are_known() -> None:
    names = {"elder": "Bill", "younger": "Ann"}
    assert talon_offence_irregularity("younger", "reckon_nothing", names).consequence \
        .startswith("Ann (the younger hand) took talon cards it was not entitled to and ")
    assert long_hand_irregularity("elder", 1, "void", names).consequence.startswith(
        "Bill (the elder hand) played with more than twelve cards (1 card never played): ")
    # Found when the hand has no card left to play (PT 57): what happens from then on.
    assert short_hand_irregularity("younger", 0, names).consequence == (
        "Ann (the younger hand) has no card left to play: fewer than twelve cards, no penalty "
        "(PT 57); each card of the elder hand that cannot be played to is a trick it wins.")
    # Without names, the hand by its role.
    assert short_hand_irregularity("younger", 2).consequence.startswith(
        "The younger hand played with fewer than twelve cards: no penalty (PT 57); the elder "
        "hand counts as tricks the 2 cards")
