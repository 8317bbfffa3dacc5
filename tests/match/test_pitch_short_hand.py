"""A Pitch hand short of cards found in play, in the match layer without Flask
(docs/rules/laws.md, Pitch "Short hand found in play"; P10 by analogy with Work 1913: no
penalty, the hand is played out and scored as played, he answers for any revoke). The hand of
tests/api/deals.py: Ann, dealt five, has no card for trick 6; Bob leads it; Ann 0, Bob −2,
Cid 4."""

from __future__ import annotations

import pytest

from referee.match.irregularities import IrregularityNote
from referee.match.state import MatchError
from tests.api.deals import SHORT_HAND_TRICKS
from tests.match.table import Table

CARDS = [card for trick in SHORT_HAND_TRICKS for card in trick]


def bid(table: Table) -> None:
    for call in (2, "pass", "pass"):
        table.step("bid", call=call)


def test_a_short_hand_is_recorded_when_he_has_no_card_and_scored_as_played() -> None:
    table = Table("pitch")
    bid(table)
    for card in CARDS[:15]:
        table.step("card", card=card)
    assert table.state.next.player == "Ann"  # she won trick 5
    with pytest.raises(MatchError):  # only the player to play can be out of cards
        table.step("irregularity", what="short_hand", player="Bob")
    [(kind, note)] = table.step("irregularity", what="short_hand", player="Ann")
    assert (kind, note["irregularity"], note["penalty"]) == ("irregularity", "short_hand",
                                                             "none")
    said = IrregularityNote.read(note).consequence
    assert said.code == "pitch.short_hand.none"
    assert said.text.startswith("Ann was found in play with fewer than six cards, with no card "
                                "for trick 6: no penalty")
    assert table.state.next.player == "Bob"  # the lead passes to her left
    table.step("card", card="5S")
    decided = table.step("card", card="7S")
    scored = decided[-1][1]
    assert scored["scores"] == {"Ann": 0, "Bob": -2, "Cid": 4}
    [item] = scored["ruling"]["irregularities"]
    assert (item["type"], item["seat"], item["trick"], item["penalty"]) == (
        "short_hand", 0, 6, "none")
    assert table.state == table.replayed()


def test_a_short_hand_needs_a_player_and_the_four_point_game() -> None:
    table = Table("pitch")
    bid(table)
    with pytest.raises(MatchError):
        table.step("irregularity", what="short_hand")
    with pytest.raises(MatchError):
        table.step("irregularity", what="short_hand", player="Bob", election="play_on")
    five = Table("pitch", variant="five_point")
    for call in (2, "pass", "pass"):
        five.step("bid", call=call)
    with pytest.raises(MatchError) as refused:
        five.step("irregularity", what="short_hand", player="Bob")
    assert "four-point game only" in refused.value.violations[0].message
