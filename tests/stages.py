"""What both engines' card-by-card rulings are held to (Piquet Q6, Pitch P3–P4): a deal ruled
from the last ruling, one card at a time (``play_card``), is the whole deal ruled again
(``progress``), refusals included."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import pytest

from referee.cards import Card
from referee.violations import RecordError


class Engine(NamedTuple):
    """An engine's three rulings of a deal in progress (referee/piquet/progress.py,
    referee/pitch/progress.py)."""

    stage: Callable[..., Any]
    play_card: Callable[..., Any]
    progress: Callable[..., Any]


def errors(error: RecordError) -> list[tuple[str, str]]:
    """``error``'s violations as (code, location) pairs."""
    return [(v.code, v.location) for v in error.violations]


def assert_ruled_card_by_card(engine: Engine, empty: Any, cards: Sequence[Card],
                              options: Any, with_cards: Callable[[Any, list[Card]], Any],
                              record: str) -> None:
    """Play ``cards`` one by one on ``empty`` (a deal or hand with no card played) with the
    ``engine``'s ``play_card`` from its ``stage``: at each card, the stage's ``record``
    ("deal", "hand") is ``with_cards(empty, cards so far)`` and its progress that record's
    ``progress``; a record ``progress`` refuses, ``play_card`` refuses with the same
    violations. Stops at the first refusal or the complete deal."""
    last = engine.stage(empty, options)
    for n in range(1, len(cards) + 1):
        played = with_cards(empty, list(cards[:n]))
        try:
            whole = engine.progress(played, options)
        except RecordError as error:
            with pytest.raises(RecordError) as raised:
                engine.play_card(last, cards[n - 1])
            assert errors(raised.value) == errors(error)
            return
        last = engine.play_card(last, cards[n - 1])
        assert getattr(last, record) == played
        assert last.progress == whole
        if whole.phase == "complete":
            return
